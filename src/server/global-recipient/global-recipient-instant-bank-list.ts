// globalRecipientInstantBankList: the banks instant payments reach in a country, for the recipient of a global payment (recipient-lookups.ts).
import { handler as base } from '../transfers/instant-bank-list.ts'
import { recipientLookup } from './recipient-lookups.ts'

export const handler = recipientLookup<'globalRecipientInstantBankList'>(base)
