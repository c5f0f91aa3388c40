// globalRecipientIbanLookup: the bank of an IBAN, for the recipient of a global payment (recipient-lookups.ts).
import { handler as base } from '../transfers/iban-lookup.ts'
import { recipientLookup } from './recipient-lookups.ts'

export const handler = recipientLookup<'globalRecipientIbanLookup'>(base)
