// The account-confirmation letter's text (issue 16): in the reader's language, with the
// balance formatted for it; the integration test pdf-generate.test.ts reads it off the PDF.
import { describe, expect, test } from 'vitest'
import { accountConfirmationContent } from '../../../../src/server/pdf/pdf-templates.ts'
import { brandById } from '../../../../src/server/rpc/request-brand.ts'
import { AccountType } from '../../../../src/generated/constants.ts'

const facts = {
  brand: brandById('main')!,
  holderName: 'Alex Morgan',
  customerId: 1001,
  account: {
    id: 10000001,
    type: AccountType.Payment,
    currencyCode: 'USD',
    createdAt: new Date('2026-01-15T10:00:00Z'),
    closed: false,
  },
  balance: '15400.5',
  now: new Date('2026-11-27T12:00:00Z'),
}

const lines = (lang: 'en' | 'ru' | 'es') => {
  const content = accountConfirmationContent(facts, lang)
  return [
    content.title,
    ...content.sections.flatMap((section) => [
      section.heading,
      ...(section.rows ?? []).map(([label, value]) => `${label}: ${value}`),
      ...(section.paragraphs ?? []),
    ]),
  ]
}

describe('account confirmation', () => {
  test('reads in English by default, the balance grouped', () => {
    expect(lines('en')).toEqual(
      expect.arrayContaining([
        'Account confirmation',
        'Account type: payment account',
        'Balance on 2026-11-27: $15,400.50',
      ]),
    )
  })

  test('reads in Russian for a Russian reader, the amount as Russian writes it', () => {
    expect(lines('ru')).toEqual(
      expect.arrayContaining([
        'Подтверждение счёта',
        'Владелец счёта: Alex Morgan',
        'Тип счёта: платёжный счёт',
        'Баланс на 2026-11-27: 15\u00a0400,50\u00a0$',
      ]),
    )
    expect(accountConfirmationContent(facts, 'ru').subject).toBe(
      'Подтверждение счёта для Alex Morgan, счёт 10000001',
    )
  })

  test('reads in Spanish for a Spanish reader', () => {
    expect(lines('es')).toEqual(
      expect.arrayContaining(['Confirmación de cuenta', 'Saldo el 2026-11-27: 15.400,50\u00a0US$']),
    )
  })
})
