// The templates pdfGenerate renders (spec/services.yaml), by name. A template takes from the
// request only what selects the facts (an account id) and reads the facts themselves from the
// server's records, so the brand's letterhead never prints text a caller made up. A template
// answers the PDF, or why the values do not fill it (422).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import { customerDisplayName } from '../security/legal-documents.ts'
import type { BrandConfig } from '../rpc/request-brand.ts'
import { AccountType } from '../../generated/constants.ts'
import { renderFormPdf } from './form-pdf.ts'

export interface TemplateInput {
  db: Db
  brand: BrandConfig
  customerId: number
  data: Record<string, unknown>
  now: Date
}

export type TemplateResult = { pdf: Uint8Array; fileName: string } | { problem: string }

type Template = (input: TemplateInput) => Promise<TemplateResult>

const accountTypeNames: Record<number, string> = {
  [AccountType.Payment]: 'payment account',
  [AccountType.Prepayment]: 'prepayment account',
  [AccountType.Receiving]: 'receiving account',
}

/** Values a template does not know are refused, so a typo is not silently ignored. */
function unknownValues(data: Record<string, unknown>, known: readonly string[]): string[] {
  return Object.keys(data).filter((key) => !known.includes(key))
}

/** An id as a JSON number or a string of digits. */
function idValue(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : value
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2 ** 31 - 1
    ? id
    : undefined
}

/**
 * The brand's account-confirmation letter (product-spec section 3, Brand config:
 * accountConfirmation and pdfLogo): the brand's company details, that the customer holds the
 * account, its currency and since when, and the brand's footer lines.
 */
const accountConfirmation: Template = async ({ db, brand, customerId, data, now }) => {
  const extra = unknownValues(data, ['accountId'])
  if (extra.length > 0)
    return { problem: `accountConfirmation takes no value ${extra.join(', ')}.` }
  const accountId = idValue(data.accountId)
  if (accountId === undefined) return { problem: 'accountConfirmation needs accountId, an id.' }
  const account = await accountOfCustomer(db, customerId, accountId)
  if (!account || account.purpose !== 'customer') {
    return { problem: 'accountId is not one of your accounts.' }
  }
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) throw new Error('assertion: the acting customer exists')
  const company = brand.accountConfirmation
  const name = customerDisplayName(customer)
  const today = now.toISOString().slice(0, 10)
  const kind = accountTypeNames[account.type] ?? 'account'
  const pdf = await renderFormPdf({
    title: 'Account confirmation',
    letterhead: [company.name, company.address, `${company.phone} | ${company.email}`, company.web],
    sections: [
      {
        heading: 'Account holder and account',
        rows: [
          ['Account holder', name],
          ['Customer number', String(customer.id)],
          ['Account number', String(account.id)],
          ['Account type', kind],
          ['Currency', account.currencyCode],
          ['Opened on', account.createdAt.toISOString().slice(0, 10)],
          ['Status', account.statusId === 11 ? 'closed' : 'open'],
        ],
      },
      {
        heading: 'Confirmation',
        paragraphs: [
          `${company.name} confirms that ${name} holds the ${account.currencyCode} ${kind} ` +
            `${account.id} with ${brand.projectName}, opened on ` +
            `${account.createdAt.toISOString().slice(0, 10)}.`,
          `Issued on ${today} at the account holder's request.`,
        ],
      },
    ],
    footer: [...company.footerLines, brand.pdfLogo.link],
    author: company.name,
    subject: `Account confirmation for ${name}, account ${account.id}`,
    keywords: ['account confirmation', String(account.id)],
    createdAt: now,
  })
  return { pdf, fileName: `account-confirmation-${account.id}.pdf` }
}

const templates: Record<string, Template> = { accountConfirmation }

export function pdfTemplate(name: string): Template | undefined {
  return Object.hasOwn(templates, name) ? templates[name] : undefined
}
