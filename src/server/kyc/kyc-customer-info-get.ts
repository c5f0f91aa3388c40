// kycCustomerInfoGet: what the KYC screens start from, for the acting customer (product-spec
// section 3, User status and KYC), with the verification state section 4 derives.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcFail, rpcOk, type RpcData } from '../rpc/outcome.ts'

// The column only holds the customer types the spec allows (0, 1, 2).
type KycCustomerInfo = NonNullable<RpcData<'kycCustomerInfoGet'>['kycCustomerInfo']>
import { loadCustomerRecords } from './customer-records.ts'
import { addressView, emailView, homeAddress, phoneView } from './record-views.ts'
import { userStatusOf } from './user-status.ts'

export const handler: Handler<'kycCustomerInfoGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcFail('UE', 'The customer was not found.')
  const { customer, kycProfile: profile } = records
  const home = homeAddress(records)
  const phone = records.phones.find((row) => row.isPrimary)
  const email = records.emails.find((row) => row.isPrimary)
  return rpcOk({
    kycCustomerInfo: {
      customerId: customer.id,
      customerType: customer.customerType as KycCustomerInfo['customerType'],
      ...(customer.firstName ? { firstName: customer.firstName } : {}),
      ...(customer.lastName ? { lastName: customer.lastName } : {}),
      ...(customer.birthDay ? { birthDay: customer.birthDay } : {}),
      ...(profile?.birthCountryCode ? { birthCountryCode: profile.birthCountryCode } : {}),
      ...(profile?.birthCity ? { birthCity: profile.birthCity } : {}),
      citizenshipCountryCodes: profile?.citizenshipCountryCodes ?? [],
      ...(customer.residenceCountryCode
        ? { residenceCountryCode: customer.residenceCountryCode }
        : {}),
      ...(customer.taxId ? { taxId: customer.taxId } : {}),
      ...(profile?.occupationId ? { occupationId: profile.occupationId } : {}),
      ...(profile?.secondOccupationId ? { secondOccupationId: profile.secondOccupationId } : {}),
      sourceOfFundsIds: profile?.sourceOfFundsIds ?? [],
      purposeIds: profile?.purposeIds ?? [],
      ...(profile?.estimatedMonthlyDepositId
        ? { estimatedMonthlyDepositId: profile.estimatedMonthlyDepositId }
        : {}),
      ...(home ? { address: addressView(records, home) } : {}),
      ...(phone ? { phone: phoneView(phone) } : {}),
      ...(email ? { email: emailView(email) } : {}),
      status: userStatusOf(records),
    },
  })
}
