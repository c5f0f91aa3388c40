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
import type { AnswerKey, RefusalParams } from '../rpc/outcome.ts'
import { AccountType } from '../../generated/constants.ts'
import { renderFormPdf, type FormContent } from './form-pdf.ts'
import { balancesOf } from '../ledger/balances.ts'
import { formatMoney, fromMinor } from '../../shared/money.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import {
  renderMessage,
  type Lang,
  type MessageKey,
  type MessageParams,
} from '../messages/messages.ts'

export interface TemplateInput {
  db: Db
  brand: BrandConfig
  customerId: number
  data: Record<string, unknown>
  now: Date
  /** The reader's language. */
  lang: Lang
}

/** A document, or why the data cannot make one: a text of the catalogue (answer.pdf.*). */
export type TemplateResult =
  { pdf: Uint8Array; fileName: string } | { problem: { key: AnswerKey; params?: RefusalParams } }

type Template = (input: TemplateInput) => Promise<TemplateResult>

const accountKinds: Record<number, 'payment' | 'prepayment' | 'receiving'> = {
  [AccountType.Payment]: 'payment',
  [AccountType.Prepayment]: 'prepayment',
  [AccountType.Receiving]: 'receiving',
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

/** What the account-confirmation letter states, read from the records. */
export interface AccountConfirmationFacts {
  brand: BrandConfig
  holderName: string
  customerId: number
  account: { id: number; type: number; currencyCode: string; createdAt: Date; closed: boolean }
  /** The account's balance, a decimal string in its currency. */
  balance: string
  now: Date
}

/**
 * The letter's text in the reader's language (locales/<lang>/messages.json, "pdf"), the
 * balance formatted for it (product-spec section 3, Brand config: accountConfirmation).
 */
export function accountConfirmationContent(
  facts: AccountConfirmationFacts,
  lang: Lang,
): FormContent {
  const { brand, account, holderName: name } = facts
  const text = (key: string, params?: MessageParams) =>
    renderMessage(lang, `pdf.accountConfirmation.${key}` as MessageKey, params)
  const company = brand.accountConfirmation
  const today = facts.now.toISOString().slice(0, 10)
  const opened = account.createdAt.toISOString().slice(0, 10)
  const kind = renderMessage(lang, `pdf.accountKind.${accountKinds[account.type] ?? 'other'}`)
  return {
    title: text('title'),
    letterhead: [company.name, company.address, `${company.phone} | ${company.email}`, company.web],
    sections: [
      {
        heading: text('holderSection'),
        rows: [
          [text('holder'), name],
          [text('customerNumber'), String(facts.customerId)],
          [text('accountNumber'), String(account.id)],
          [text('accountType'), kind],
          [text('currency'), account.currencyCode],
          [text('openedOn'), opened],
          [text('status'), text(account.closed ? 'closed' : 'open')],
          [
            text('balance', { date: today }),
            formatMoney(facts.balance, account.currencyCode, lang),
          ],
        ],
      },
      {
        heading: text('confirmationSection'),
        paragraphs: [
          text('confirms', {
            company: company.name,
            name,
            currency: account.currencyCode,
            kind,
            account: account.id,
            project: brand.projectName,
            opened,
          }),
          text('issued', { date: today }),
        ],
      },
    ],
    footer: [...company.footerLines, brand.pdfLogo.link],
    author: company.name,
    subject: text('subject', { name, account: account.id }),
    keywords: [text('title'), String(account.id)],
    createdAt: facts.now,
  }
}

/** The brand's account-confirmation letter for one of the customer's own accounts. */
const accountConfirmation: Template = async ({ db, brand, customerId, data, now, lang }) => {
  const extra = unknownValues(data, ['accountId'])
  if (extra.length > 0)
    return {
      problem: {
        key: 'answer.pdf.unexpectedValues',
        params: { template: 'accountConfirmation', names: extra.join(', ') },
      },
    }
  const accountId = idValue(data.accountId)
  if (accountId === undefined) {
    const params = { template: 'accountConfirmation' }
    return { problem: { key: 'answer.pdf.accountIdNeeded', params } }
  }
  const account = await accountOfCustomer(db, customerId, accountId)
  if (!account || account.purpose !== 'customer') {
    return { problem: { key: 'answer.pdf.notYourAccount' } }
  }
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) throw new Error('assertion: the acting customer exists')
  const balance = (await balancesOf(db, [account.id])).get(account.id)?.balanceMinor ?? 0n
  const facts: AccountConfirmationFacts = {
    brand,
    holderName: customerDisplayName(customer),
    customerId: customer.id,
    account: { ...account, closed: account.statusId === 11 },
    balance: fromMinor(balance, scaleOf(account.currencyCode)),
    now,
  }
  const pdf = await renderFormPdf(accountConfirmationContent(facts, lang))
  return { pdf, fileName: `account-confirmation-${account.id}.pdf` }
}

const templates: Record<string, Template> = { accountConfirmation }

export function pdfTemplate(name: string): Template | undefined {
  return Object.hasOwn(templates, name) ? templates[name] : undefined
}
