// Dates in the page's language (issue 16): the pattern of each product language, dates shown
// in it and read back from what a person types, the value always ISO.
import { describe, expect, it } from 'vitest'
import {
  datePattern,
  formatIsoDate,
  parseDate,
  patternText,
} from '../../../src/shared/date-pattern.ts'

const ruLetters = { day: 'Д', month: 'М', year: 'Г' }
const enLetters = { day: 'D', month: 'M', year: 'Y' }

describe('the pattern of a language', () => {
  it.each([
    ['ru', 'ДД.ММ.ГГГГ', '28.11.2026'],
    ['ua', 'ДД.ММ.ГГГГ', '28.11.2026'],
    ['uk', 'ДД.ММ.ГГГГ', '28.11.2026'],
    ['en', 'MM/DD/YYYY', '11/28/2026'],
    ['es', 'DD/MM/YYYY', '28/11/2026'],
    ['pt', 'DD/MM/YYYY', '28/11/2026'],
    ['ro', 'DD.MM.YYYY', '28.11.2026'],
  ])('%s reads %s and shows 2026-11-28 as %s', (lang, pattern, shown) => {
    const letters = lang === 'ru' || lang === 'ua' || lang === 'uk' ? ruLetters : enLetters
    expect(patternText(datePattern(lang), letters)).toBe(pattern)
    expect(formatIsoDate('2026-11-28', datePattern(lang))).toBe(shown)
    expect(parseDate(shown, datePattern(lang))).toBe('2026-11-28')
  })
})

describe('what a person types', () => {
  const ru = datePattern('ru')
  const en = datePattern('en')
  it('takes one-digit days and months and any separator', () => {
    expect(parseDate('1.2.2026', ru)).toBe('2026-02-01')
    expect(parseDate(' 01/02/2026 ', ru)).toBe('2026-02-01')
    expect(parseDate('2/1/2026', en)).toBe('2026-02-01')
  })
  it('takes an ISO date in any language', () => {
    expect(parseDate('2026-11-28', ru)).toBe('2026-11-28')
    expect(parseDate('2026-11-28', en)).toBe('2026-11-28')
  })
  it.each(['31.02.2026', '28.13.2026', '28.11.26', '28.11', 'завтра', '', '1.2.3.2026'])(
    'refuses %j',
    (typed) => expect(parseDate(typed, ru)).toBeUndefined(),
  )
  it('shows nothing for a value that is not an ISO date', () => {
    expect(formatIsoDate('', ru)).toBe('')
    expect(formatIsoDate('28.11.2026', ru)).toBe('')
  })
})
