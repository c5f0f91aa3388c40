// A funding invoice as a PDF (issue 16, "add money"): the brand's letterhead, the invoice's
// number, dates and amount, and the bank-wire details a payer at another bank needs to fund
// the account (its payment instruction). Texts are keys of locales/<lang>/messages.json
// ("pdf.invoice") in the reader's language, amounts formatted for it. Stored with the payee's
// files; invoiceGet answers a fresh signed link to it (pdf/download-links.ts).
import type { Db } from '../db/open-database.ts'
import type { BrandConfig } from '../rpc/request-brand.ts'
import { renderFormPdf, type FormContent } from '../pdf/form-pdf.ts'
import { storeFile } from '../uploads/stored-files.ts'
import {
  renderMessage,
  type Lang,
  type MessageKey,
  type MessageParams,
} from '../messages/messages.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import type { InvoiceRow } from './invoice-records.ts'

export interface WireDetails {
  beneficiaryName: string
  bankAccountNumber: string
  bankName: string
  bankAddress: string
  swift: string
  reference: string
}

export function fundingInvoiceContent(
  brand: BrandConfig,
  row: InvoiceRow,
  wire: WireDetails,
  lang: Lang,
): FormContent {
  const text = (key: string, params?: MessageParams) =>
    renderMessage(lang, `pdf.invoice.${key}` as MessageKey, params)
  const amount = formatMoney(
    fromMinor(row.amountMinor, scaleOf(row.currencyCode)),
    row.currencyCode,
    lang,
  )
  const company = brand.accountConfirmation
  const title = text('fundingTitle', { id: row.id })
  return {
    title,
    letterhead: [company.name, company.address, `${company.phone} | ${company.email}`, company.web],
    sections: [
      {
        heading: text('detailsSection'),
        rows: [
          [text('issuedOn'), row.sentAt.toISOString().slice(0, 10)],
          ...(row.dueDate ? [[text('dueDate'), row.dueDate] as const] : []),
          [text('amount'), amount],
        ],
      },
      {
        heading: text('payToSection'),
        rows: [
          [text('beneficiary'), wire.beneficiaryName],
          [text('iban'), wire.bankAccountNumber],
          [text('bank'), wire.bankName],
          [text('bankAddress'), wire.bankAddress],
          [text('swift'), wire.swift],
          [text('reference'), wire.reference],
        ],
        paragraphs: [
          text('howToPay', { amount, reference: wire.reference, account: row.payeeAccountId }),
        ],
      },
    ],
    footer: [...company.footerLines, brand.pdfLogo.link],
    author: company.name,
    subject: text('subject', { id: row.id, name: wire.beneficiaryName }),
    keywords: [title, String(row.payeeAccountId)],
    createdAt: row.sentAt,
  }
}

/** Renders and stores the funding invoice's PDF in the payee's files; answers the file id. */
export async function storeFundingPdf(
  tx: Db,
  brand: BrandConfig,
  row: InvoiceRow,
  wire: WireDetails,
  lang: Lang,
): Promise<number> {
  const pdf = await renderFormPdf(fundingInvoiceContent(brand, row, wire, lang))
  return storeFile(tx, row.payeeCustomerId, 'invoicePdf', {
    fileName: `invoice-${row.id}.pdf`,
    contentType: 'application/pdf',
    content: Buffer.from(pdf),
  })
}
