// globalRecipientBinBlacklistGet: the BINs card payouts may not go to, for the recipient of a global payment (recipient-lookups.ts).
import { handler as base } from '../transfers/bin-blacklist-list.ts'
import { recipientLookup } from './recipient-lookups.ts'

export const handler = recipientLookup<'globalRecipientBinBlacklistGet'>(base)
