// The KYC customer info (product-spec section 3, User status and KYC): the person, their KYC
// answers, home address, primary phone and e-mail, and the status section 4 derives. Answered
// by kycCustomerInfoGet and by the KYC updates after their change.
import type { components } from '../../generated/api.d.ts'
import type { CustomerRecords } from './customer-records.ts'
import { addressView, emailView, homeAddress, phoneView } from './record-views.ts'
import { userStatusOf } from './user-status.ts'

type KycCustomerInfo = components['schemas']['KycCustomerInfo']

export function kycCustomerInfoView(records: CustomerRecords): KycCustomerInfo {
  const { customer, kycProfile: profile } = records
  const home = homeAddress(records)
  const phone = records.phones.find((row) => row.isPrimary)
  const email = records.emails.find((row) => row.isPrimary)
  return {
    customerId: customer.id,
    // The column only holds the customer types the spec allows (0, 1, 2).
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
  }
}
