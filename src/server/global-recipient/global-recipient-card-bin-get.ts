// globalRecipientCardBinGet: what the BIN table says of a card, for the recipient of a global payment (recipient-lookups.ts).
import { handler as base } from '../transfers/bin-info-get.ts'
import { recipientLookup } from './recipient-lookups.ts'

export const handler = recipientLookup<'globalRecipientCardBinGet'>(base)
