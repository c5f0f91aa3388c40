// In the header: for a user who can act for companies (related accounts), the company acted
// for now and the way to the company choice (/company), which sets another.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor } from '@mantine/core'
import { api } from '../api/client.ts'
import { actingCustomer } from '../api/acting-customer.ts'

export function CompanySwitch() {
  const { t } = useTranslation('common')
  const [label, setLabel] = useState<string | null>(null)
  const acting = actingCustomer()

  useEffect(() => {
    let active = true
    void api
      .POST('/rpc/getCustomerInfo', { body: {} })
      .then(({ data }) => {
        const customer = (data as { responseCode?: string; customer?: Record<string, unknown> })
          ?.customer
        if (!active || !customer?.isHaveRelatedAccounts) return setLabel(null)
        const name = typeof customer.businessName === 'string' ? customer.businessName : null
        setLabel(
          acting !== undefined && name ? t('company.actingFor', { name }) : t('company.choose'),
        )
      })
      .catch(() => undefined)
    return () => {
      active = false
    }
  }, [acting, t])

  if (!label) return null
  return (
    <Anchor component={Link} to="/company" size="sm" data-testid="company-switch" visibleFrom="xs">
      {label}
    </Anchor>
  )
}
