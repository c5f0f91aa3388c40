// The contract's document in the reader's language (locales/<lang>/messages.json,
// "pdf.contract"): the parties, the company, the share, the dates, each side's signer and
// obligations, and where the signatures stand. The brand issues it, as its other letters.
import type { ContractRow } from '../db/schema-contracts.ts'
import type { BrandConfig } from '../rpc/request-brand.ts'
import {
  renderMessage,
  type Lang,
  type MessageKey,
  type MessageParams,
} from '../messages/messages.ts'
import type { FormContent } from '../pdf/form-pdf.ts'
import type { contractView } from './contract-records.ts'

export interface ContractPdfFacts {
  view: ReturnType<typeof contractView>
  row: ContractRow
  brand: BrandConfig
  now: Date
}

const dayOf = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : undefined)

export function contractPdfContent(facts: ContractPdfFacts, lang: Lang): FormContent {
  const { view, row, brand } = facts
  const text = (key: string, params?: MessageParams) =>
    renderMessage(lang, `pdf.contract.${key}` as MessageKey, params)
  const party = (side: 'sender' | 'beneficiary') => {
    const who = view[side]
    const signedOn = dayOf(side === 'sender' ? row.senderSignedAt : row.beneficiarySignedAt)
    const signer = side === 'sender' ? view.senderSignerName : view.beneficiarySignerName
    const obligations = side === 'sender' ? view.senderObligations : view.beneficiaryObligations
    return {
      heading: text(side),
      rows: [
        [text('name'), who.name ?? String(who.id)],
        [text('customerNumber'), String(who.id)],
        [text('signer'), signer ?? '-'],
        [text('signed'), signedOn ? text('signedOn', { date: signedOn }) : text('notSigned')],
      ] as [string, string][],
      paragraphs: [text('obligations'), ...obligations.map((item) => `- ${item}`)],
    }
  }
  return {
    title: text('title', { id: view.id }),
    letterhead: [brand.accountConfirmation.name, brand.accountConfirmation.web],
    sections: [
      {
        heading: text('terms'),
        rows: [
          [text('company'), view.company.title],
          [text('percentage'), `${view.percentage} %`],
          [text('activeFrom'), view.activeFrom],
          [text('activeTo'), view.activeTo ?? text('noEnd')],
          [text('status'), view.status],
        ],
        paragraphs: [
          text('shares', {
            percentage: view.percentage,
            company: view.company.title,
            beneficiary: view.beneficiary.name ?? String(view.beneficiary.id),
          }),
          ...(view.note ? [view.note] : []),
        ],
      },
      party('sender'),
      party('beneficiary'),
    ],
    footer: [text('issued', { date: facts.now.toISOString().slice(0, 10) })],
    author: brand.accountConfirmation.name,
    subject: text('title', { id: view.id }),
    keywords: [text('title', { id: view.id })],
    createdAt: facts.now,
  }
}
