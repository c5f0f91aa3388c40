// A funding invoice's PDF text (issue 16, "add money"): the bank-wire details a payer at another
// bank needs, in the reader's language, the amount formatted for it; and a real PDF.
import { describe, expect, test } from 'vitest'
import {
  fundingInvoiceContent,
  type WireDetails,
} from '../../../../src/server/invoices/invoice-pdf.ts'
import type { InvoiceRow } from '../../../../src/server/invoices/invoice-records.ts'
import { renderFormPdf } from '../../../../src/server/pdf/form-pdf.ts'
import { brandById } from '../../../../src/server/rpc/request-brand.ts'

const row = {
  id: 160003,
  payeeCustomerId: 1001,
  payeeAccountId: 10000001,
  currencyCode: 'USD',
  amountMinor: 1_540_050n,
  dueDate: null,
  sentAt: new Date('2026-11-28T09:00:00Z'),
} as InvoiceRow

const wire: WireDetails = {
  beneficiaryName: 'Alex Morgan',
  bankAccountNumber: 'LT603250000010000001',
  bankName: 'Nova Payments UAB',
  bankAddress: 'Gedimino pr. 1, 01103 Vilnius, Lithuania',
  swift: 'NOVALT2X',
  reference: 'NOVA-10000001',
}

const lines = (lang: 'en' | 'ru') => {
  const content = fundingInvoiceContent(brandById('main')!, row, wire, lang)
  return [
    content.title,
    ...content.sections.flatMap((section) => [
      section.heading,
      ...(section.rows ?? []).map(([label, value]) => `${label}: ${value}`),
      ...(section.paragraphs ?? []),
    ]),
  ]
}

describe('funding invoice PDF', () => {
  test('states the wire details and the amount in English', () => {
    expect(lines('en')).toEqual(
      expect.arrayContaining([
        'Account funding invoice No. 160003',
        'Amount: $15,400.50',
        'Account number (IBAN): LT603250000010000001',
        'SWIFT/BIC: NOVALT2X',
        'Payment reference: NOVA-10000001',
      ]),
    )
  })

  test('reads in Russian for a Russian reader', () => {
    const text = lines('ru')
    expect(text).toContain('Счёт на пополнение № 160003')
    expect(text.find((line) => line.startsWith('Сумма: '))).toMatch(/15\s400,50/)
    expect(text.join('\n')).not.toMatch(/Invoice|Amount/)
  })

  test('renders as a PDF', async () => {
    const content = fundingInvoiceContent(brandById('main')!, row, wire, 'ru')
    const pdf = await renderFormPdf(content)
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-')
  })
})
