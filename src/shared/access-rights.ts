// The access rights of product-spec section 4 and the customer types of section 3, as the rules
// that read them: which rights move money, which make approval requests, which a company may
// grant, and which customers are businesses. The rights themselves are the generated
// AccessRight constants (schemas/access-right.schema.json).
import { AccessRight, CustomerInfoCustomerType } from '../generated/constants.ts'

/** Every right that lets a user act for a customer (0 is no access). */
export const everyAccessRight: readonly AccessRight[] = [
  AccessRight.Read,
  AccessRight.Full,
  AccessRight.Initiate,
  AccessRight.Confirmed,
  AccessRight.Uploading,
]

/** Rights whose transfers become approval requests (section 4, Transfers and approval). */
export const initiatingRights: ReadonlySet<number> = new Set([
  AccessRight.Initiate,
  AccessRight.Uploading,
])

/** Rights a company may give its users; uploading (5) is never selectable (section 5). */
export const grantableAccessRights: readonly AccessRight[] = [
  AccessRight.Read,
  AccessRight.Full,
  AccessRight.Initiate,
  AccessRight.Confirmed,
]

/** Old business (1) and business (2) profiles are businesses; personal (0) is not. */
export function isBusinessCustomer(customerType: number): boolean {
  return (
    customerType === CustomerInfoCustomerType.OldBusiness ||
    customerType === CustomerInfoCustomerType.Business
  )
}
