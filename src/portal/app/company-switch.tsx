// In the header: for a user who can act for companies (related accounts), the company acted
// for now and the way to the company choice (/company), which sets another.
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor } from '@mantine/core'
import { useCustomerInfo } from '../api/get-customer-info.ts'
import { actingCustomer } from '../api/acting-customer.ts'

export function CompanySwitch() {
  const { t } = useTranslation('common')
  const acting = actingCustomer()
  const info = useCustomerInfo()
  const customer = info.data?.data?.customer
  const name = customer?.businessName ?? null
  const label = !customer?.isHaveRelatedAccounts
    ? null
    : acting !== undefined && name
      ? t('company.actingFor', { name })
      : t('company.choose')

  if (!label) return null
  return (
    <Anchor component={Link} to="/company" size="sm" data-testid="company-switch" visibleFrom="xs">
      {label}
    </Anchor>
  )
}
