// /company: the customer-access list of a business user with related accounts (post-login
// routing step 4): the companies the user may act for; choosing one makes it the acting
// customer (fromCustomerId) and opens its start page in the order of product-spec section 2.
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { api } from '../../api/client.ts'
import { setActingCustomer } from '../../api/acting-customer.ts'
import { businessStartPage, type CustomerAccessInfo } from '../../api/post-login/post-login.ts'
import { ResponseCode } from '../../../generated/constants.ts'

export function Component() {
  const { t } = useTranslation(['onboarding', 'forms', 'common'])
  const navigate = useNavigate()
  const location = useLocation()
  const initialPath = (location.state as { initialPath?: string } | null)?.initialPath
  const [access, setAccess] = useState<CustomerAccessInfo | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let active = true
    // The list is the signed-in user's own, whoever they act for now.
    setActingCustomer(undefined)
    api
      .POST('/rpc/customerAccessListGet', { body: {} })
      .then(({ data }) => {
        if (!active) return
        const body = data as { responseCode?: string; accessInfo?: CustomerAccessInfo }
        if (body?.responseCode === ResponseCode.Success && body.accessInfo)
          setAccess(body.accessInfo)
        else setFailed(true)
      })
      .catch(() => active && setFailed(true))
    return () => {
      active = false
    }
  }, [])

  async function choose(customerId: number) {
    setActingCustomer(customerId)
    // What the user may do there is read for the chosen company.
    const { data } = await api.POST('/rpc/customerAccessListGet', { body: {} })
    const chosen = (data as { accessInfo?: CustomerAccessInfo } | undefined)?.accessInfo
    const entry = chosen?.accessList.find((item) => item.customerId === customerId)
    if (!chosen || !entry) return setFailed(true)
    navigate(
      businessStartPage({ access: chosen, entry, ...(initialPath ? { initialPath } : {}) }),
      { replace: true },
    )
  }

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('onboarding:companyChoice.title')}
      </Title>
      {failed && (
        <Alert color="red" role="alert">
          {t('common:errors.server')}
        </Alert>
      )}
      {!access && !failed && <Loader aria-label={t('common:loading')} />}
      {access?.accessList.map((entry) => (
        <Paper key={entry.customerId} withBorder p="md" data-testid="company-entry">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={600}>{entry.businessName ?? `#${entry.customerId}`}</Text>
              <Badge variant="light" w="fit-content">
                {t(`forms:options.accessRights.${entry.accessRights}`)}
              </Badge>
            </Stack>
            <Button onClick={() => void choose(entry.customerId)}>
              {t('onboarding:companyChoice.choose')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  )
}
