// globalRecipientSwiftLookup: the bank of a SWIFT/BIC code, for the recipient of a global payment (recipient-lookups.ts).
import { handler as base } from '../transfers/swift-lookup.ts'
import { recipientLookup } from './recipient-lookups.ts'

export const handler = recipientLookup<'globalRecipientSwiftLookup'>(base)
