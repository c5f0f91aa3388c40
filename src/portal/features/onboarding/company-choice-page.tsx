// /company: the customer-access list of a business user with related accounts (post-login
// routing step 4): the companies the user may act for; choosing one makes it the acting
// customer (fromCustomerId) and opens its start page in the order of product-spec section 2.
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { setActingCustomer } from '../../api/acting-customer.ts'
import {
  accessInfoOf,
  fetchCustomerAccessList,
  useCustomerAccessList,
} from '../../api/get-customer-access-list.ts'
import { businessStartPage } from '../../api/post-login/post-login.ts'
import { Loading } from '../../components/loading.tsx'

export function Component() {
  const { t } = useTranslation(['onboarding', 'forms', 'common'])
  const navigate = useNavigate()
  const location = useLocation()
  const client = useQueryClient()
  const initialPath = (location.state as { initialPath?: string } | null)?.initialPath
  // The list is the signed-in user's own, whoever they act for now: it is asked for once the
  // acting customer is cleared, so its cache key is the user's own.
  const [ownList, setOwnList] = useState(false)
  useEffect(() => {
    setActingCustomer(undefined)
    setOwnList(true)
  }, [])
  const list = useCustomerAccessList({ enabled: ownList })
  const access = list.isPending ? undefined : accessInfoOf(list.data?.data)
  const [chooseFailed, setChooseFailed] = useState(false)
  const failed = chooseFailed || (!list.isPending && !access)

  async function choose(customerId: number) {
    setActingCustomer(customerId)
    // What the user may do there is read for the chosen company; the menu reads the same.
    const chosen = accessInfoOf((await fetchCustomerAccessList(client).catch(() => null))?.data)
    const entry = chosen?.accessList.find((item) => item.customerId === customerId)
    if (!chosen || !entry) return setChooseFailed(true)
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
      {!access && !failed && <Loading />}
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
