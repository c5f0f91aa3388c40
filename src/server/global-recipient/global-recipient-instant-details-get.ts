// globalRecipientInstantDetailsGet: the account holder behind an instant payment key, for the
// recipient of a global payment (recipient-lookups.ts); the customer's lookup calls the answer
// instantInfo, this one instantDetails.
import { handler as base } from '../transfers/instant-key-info-get.ts'
import { recipientLookup } from './recipient-lookups.ts'

export const handler = recipientLookup<'globalRecipientInstantDetailsGet'>(
  base,
  ({ instantInfo, ...rest }) => ({ ...rest, instantDetails: instantInfo }),
)
