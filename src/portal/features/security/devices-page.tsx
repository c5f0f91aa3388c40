// /setting/devices: the signed-in person's linked devices (product-spec sections 3 and 7:
// name, type, location, last activity), each unlinked after a confirmation, pending ones
// approved, and new ones linked in the "Link new device" popup (section 2). Unlinking ends
// the device's own sign-ins (docs/decisions.md, Sign-in flows).
import { Suspense, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { api } from '../../api/client.ts'
import {
  ConfirmPopup,
  ResponsePopup,
  SuccessNotice,
  type Popup,
} from '../../renderer/result-popups.tsx'
import { settle } from './call-outcome.ts'
import { LinkDevicePopup, type Device } from './link-device-popup.tsx'
import { Loading } from '../../components/loading.tsx'

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; devices: Device[] }
type Linking = { pending?: Device } | null

const statusColor: Record<string, string> = { approved: 'green', pending: 'yellow', refused: 'red' }

export function Component() {
  return (
    <Suspense fallback={<Loader />}>
      <DevicesPage />
    </Suspense>
  )
}

function DevicesPage() {
  const { t } = useTranslation(['security', 'common'])
  const network = t('common:errors.network')
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [linking, setLinking] = useState<Linking>(null)
  const [unlinking, setUnlinking] = useState<Device | null>(null)
  const [busy, setBusy] = useState(false)
  const [popup, setPopup] = useState<Popup | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  const reload = useCallback(async () => {
    const outcome = await settle(api.GET('/auth/devices'), network)
    setLoad(outcome.ok ? { status: 'ready', devices: outcome.data.devices } : { status: 'failed' })
  }, [network])

  useEffect(() => {
    void reload()
  }, [reload])

  async function unlink(device: Device) {
    setBusy(true)
    const outcome = await settle(
      api.DELETE('/auth/devices/{deviceId}', { params: { path: { deviceId: device.id } } }),
      network,
    )
    setBusy(false)
    setUnlinking(null)
    if (outcome.ok || outcome.failure.status === 404) {
      // A 404 means it is gone already (another tab or server): the list shows the truth.
      if (outcome.ok) setNotice(t('devices.unlinked', { name: device.name }))
      await reload()
    } else setPopup({ kind: 'failure', result: outcome.failure })
  }

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('devices.title')}
          </Title>
          <Text c="dimmed">{t('devices.intro')}</Text>
        </Stack>
        <Button onClick={() => setLinking({})}>{t('linkDevice.title')}</Button>
      </Group>
      <SuccessNotice text={notice} onClose={() => setNotice(null)} />
      <DeviceList
        load={load}
        onRetry={() => void reload()}
        onUnlink={setUnlinking}
        onApprove={(device) => setLinking({ pending: device })}
      />
      {linking && (
        <LinkDevicePopup
          pending={linking.pending}
          onChanged={() => void reload()}
          onApproved={(device) => {
            setLinking(null)
            setNotice(t('linkDevice.approved', { name: device.name }))
          }}
          onFailure={setPopup}
          onClose={() => setLinking(null)}
        />
      )}
      <ConfirmPopup
        text={unlinking && t('devices.confirmUnlink', { name: unlinking.name })}
        busy={busy}
        onConfirm={() => unlinking && void unlink(unlinking)}
        onCancel={() => setUnlinking(null)}
      />
      <ResponsePopup popup={popup} onClose={() => setPopup(null)} />
    </Stack>
  )
}

/** The devices as loaded: a loader, the failure with a retry, the empty state or the cards. */
function DeviceList(props: {
  load: Load
  onRetry(): void
  onUnlink(device: Device): void
  onApprove(device: Device): void
}) {
  const { t } = useTranslation(['security', 'common'])
  const { load } = props
  return (
    <>
      {load.status === 'loading' && <Loading />}
      {load.status === 'failed' && (
        <Alert color="red" role="alert" title={t('common:errors.error')}>
          <Stack align="flex-start">
            <Text size="sm">{t('devices.loadFailed')}</Text>
            <Button size="xs" variant="light" onClick={props.onRetry}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {load.status === 'ready' && load.devices.length === 0 && (
        <Paper withBorder p="xl" radius="md" data-testid="devices-empty">
          <Text ta="center">{t('devices.empty')}</Text>
        </Paper>
      )}
      {load.status === 'ready' && load.devices.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0}>
          {load.devices.map((device) => (
            <DeviceCard
              key={device.id}
              device={device}
              onUnlink={() => props.onUnlink(device)}
              onApprove={() => props.onApprove(device)}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  )
}

function DeviceCard(props: { device: Device; onUnlink(): void; onApprove(): void }) {
  const { t, i18n } = useTranslation('security')
  const { device } = props
  const when = device.lastActivityAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(device.lastActivityAt),
      )
    : t('devices.never')
  const status = device.status ?? 'approved'
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      radius="md"
      style={{ listStyle: 'none' }}
      data-testid="device-card"
      aria-label={device.name}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {device.name}
          </Text>
          <Badge color={statusColor[status] ?? 'gray'} variant="light">
            {t(`devices.status.${status}`)}
          </Badge>
        </Group>
        <Field label={t('devices.type')} value={t(`devices.types.${device.type}`)} />
        <Field label={t('devices.location')} value={device.location ?? t('devices.unknown')} />
        <Field label={t('devices.lastActivity')} value={when} />
        {device.reason && <Field label={t('devices.reason')} value={device.reason} />}
        <Group gap="xs" mt="xs">
          {status === 'pending' && (
            <Button size="xs" variant="light" onClick={props.onApprove}>
              {t('devices.approve')}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={props.onUnlink}
            aria-label={t('devices.unlinkNamed', { name: device.name })}
          >
            {t('devices.unlink')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  )
}
