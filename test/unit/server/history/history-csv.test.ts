// The history's CSV (src/server/history/history-csv.ts) and the statement month rules
// (transaction-history-export-start.ts): RFC 4180 fields, formula cells neutralised, the byte
// order mark and CRLF, words and numbers in the reader's language; a month refused when it is
// not a month's first day, still to come, or ended before the account opened.
import { describe, expect, it } from 'vitest'
import {
  csvField,
  historyCsv,
  neutralised,
  type CsvTransaction,
} from '../../../../src/server/history/history-csv.ts'
import { monthRefusal } from '../../../../src/server/history/transaction-history-export-start.ts'
import { monthEnd } from '../../../../src/server/history/statements.ts'

const line: CsvTransaction = {
  transactionId: 7,
  date: '2026-03-04T10:05:00.000Z',
  accountId: 1,
  transactionType: 'p2p',
  description: 'P2P transfer to a@b.example',
  descriptionKey: 'p2pTo',
  descriptionParams: { email: 'a@b.example' },
  amount: '-1234.56',
  currencyCode: 'EUR',
  fee: '0.00',
  balance: '10.00',
  direction: 'debit',
  status: 'completed',
  reference: '@SUM(A1)',
}

describe('history CSV', () => {
  it('quotes a field with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
  })

  it('puts an apostrophe before a text a spreadsheet would run', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralised(text)).toBe(`'${text}`)
    }
    expect(neutralised('Rent = 10')).toBe('Rent = 10')
  })

  it('writes a BOM, headers and a line in the reader language, CRLF after each', () => {
    const bytes = historyCsv('ru', [line])
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, first, end] = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(header).toBe(
      'Дата,№,Тип,Описание,Контрагент,Назначение,Статус,Сумма,Валюта,Остаток после',
    )
    expect(first).toBe(
      `"04.03.2026, 10:05",7,Перевод другому лицу,P2P-перевод для a@b.example,,'@SUM(A1),` +
        `Выполнена,"-1\u00a0234,56",EUR,"10,00"`,
    )
    expect(end).toBe('')
  })
})

describe('statement months', () => {
  const now = new Date('2026-11-28T12:00:00Z')
  const opened = new Date('2026-03-15T00:00:00Z')
  it('takes the first day of a month from the one the account opened in to this one', () => {
    expect(monthRefusal('2026-03-01', opened, now)).toBeUndefined()
    expect(monthRefusal('2026-11-01', opened, now)).toBeUndefined()
  })
  it('refuses another day, a month to come and one before the account opened', () => {
    expect(monthRefusal('2026-10-15', opened, now)).toBe('refusal.statements.notFirstDay')
    expect(monthRefusal('2026-12-01', opened, now)).toBe('refusal.statements.monthToCome')
    expect(monthRefusal('2026-02-01', opened, now)).toBe('refusal.statements.beforeOpened')
  })
  it('ends a month on its last day', () => {
    expect(monthEnd('2026-02-01')).toBe('2026-02-28')
    expect(monthEnd('2028-02-01')).toBe('2028-02-29')
    expect(monthEnd('2026-12-01')).toBe('2026-12-31')
  })
})
