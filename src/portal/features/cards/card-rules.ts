// The rules of the card pages that need no server: a card's page, where /cards leads, a card's
// kind and status as i18n keys. Pure, so they are unit-tested.
import type { components } from '../../../generated/api.d.ts'
import type { FailureText } from '../../components/transfer/transfer-display.ts'

export type Card = components['schemas']['Card']

export type CardsState =
  | { status: 'loading' }
  | { status: 'failed'; failure: FailureText }
  | { status: 'ready'; cards: Card[] }

/** The page of a card. */
export const cardPath = (card: { accountId: number }) => `/cards/${card.accountId}`

/** The i18n key of a card's status (the status ids of product-spec section 4). */
export const statusKey = (card: Card) => `status.${card.accountStatusId}`

/** Where /cards leads: the single card, else the list of the kind the customer holds. */
export function cardsLanding(state: CardsState): string | null {
  if (state.status !== 'ready') return null
  const [only] = state.cards
  if (state.cards.length === 1 && only) return cardPath(only)
  const anyPhysical = state.cards.some((card) => card.flags.isPhysical)
  return anyPhysical || state.cards.length === 0 ? '/cards/physical' : '/cards/virtual'
}

/** The i18n key of a card's kind: virtual or plastic, debit or prepaid. */
export function kindKey(card: Card): string {
  const medium = card.flags.isVirtual ? 'virtual' : 'physical'
  const kind = card.flags.isDebit ? 'Debit' : 'Prepaid'
  return `kind.${medium}${kind}`
}

/** Whether the card's flags allow any action of its page. */
export function hasAction(flags: Card['flags']): boolean {
  return (
    flags.canLoad ||
    flags.canPause ||
    flags.canUnpause ||
    flags.canEditName ||
    flags.canShowPin ||
    flags.canChangePin ||
    flags.canBlock ||
    flags.canActivate ||
    flags.canReissue ||
    flags.canUpgradeShipping
  )
}
