// The "Link new device" popup (product-spec section 2): name and type the device, show the
// link of authDeviceCreate as a QR code for the app to scan (with the link as text for
// people who cannot scan), then approve the pending device with a code sent by the approve
// method the person picks (section 7: approve-methods, PATCH .../approve/{methodId}, POST
// .../approve). Opened for a device already pending, it starts at the approval.
import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { QrCode } from '../../components/qr-code.tsx'
import type { Popup } from '../../renderer/result-popups.tsx'
import { fieldErrors, settle } from './call-outcome.ts'
import { CodeForm, type CodeVerdict } from './code-popup.tsx'
import { Loading } from '../../components/loading.tsx'

export type Device = components['schemas']['Device']
type Method = components['schemas']['AuthDeviceApproveMethod']

type Step =
  | { kind: 'describe' }
  | { kind: 'approve'; device: Device }
  | { kind: 'code'; device: Device; sentTo?: string | undefined }

export interface LinkDevicePopupProps {
  /** A pending device to approve; without it the popup links a new one. */
  pending?: Device | undefined
  /** Called when the list may have changed (a device was linked or approved). */
  onChanged(): void
  onApproved(device: Device): void
  onFailure(popup: Popup): void
  onClose(): void
}

export function LinkDevicePopup(props: LinkDevicePopupProps) {
  const { t } = useTranslation('security')
  const [step, setStep] = useState<Step>(
    props.pending ? { kind: 'approve', device: props.pending } : { kind: 'describe' },
  )
  const title = props.pending
    ? t('linkDevice.approveTitle', { name: props.pending.name })
    : t('linkDevice.title')
  return (
    <Modal opened onClose={props.onClose} title={title} centered closeOnClickOutside={false}>
      {step.kind === 'describe' && (
        <DescribeStep
          onLinked={(device) => {
            props.onChanged()
            setStep({ kind: 'approve', device })
          }}
          onFailure={props.onFailure}
          onCancel={props.onClose}
        />
      )}
      {step.kind === 'approve' && (
        <ApproveStep
          device={step.device}
          onSent={(sentTo) => setStep({ kind: 'code', device: step.device, sentTo })}
          onFailure={props.onFailure}
          onLater={props.onClose}
        />
      )}
      {step.kind === 'code' && (
        <CodeStep
          device={step.device}
          sentTo={step.sentTo}
          onApproved={(device) => {
            props.onChanged()
            props.onApproved(device)
          }}
          onFailure={props.onFailure}
          onCancel={props.onClose}
        />
      )}
    </Modal>
  )
}

function DescribeStep(props: {
  onLinked(device: Device): void
  onFailure(popup: Popup): void
  onCancel(): void
}) {
  const { t } = useTranslation(['security', 'common'])
  const [busy, setBusy] = useState(false)
  const typeLabelId = useId()
  const form = useForm<{ name: string; type: 'android' | 'ios' }>({
    initialValues: { name: '', type: 'android' },
    validate: {
      name: (value) => (value.trim().length > 0 ? null : t('linkDevice.nameRequired')),
    },
  })

  async function link(values: typeof form.values) {
    setBusy(true)
    const outcome = await settle(
      api.POST('/auth/devices', { body: { name: values.name.trim(), type: values.type } }),
      t('common:errors.network'),
    )
    setBusy(false)
    if (outcome.ok) {
      props.onLinked(outcome.data)
      return
    }
    const refused = fieldErrors(outcome.errors, ['name', 'type'])
    if (Object.keys(refused).length > 0) form.setErrors(refused)
    else props.onFailure({ kind: 'failure', result: outcome.failure })
  }

  return (
    <form onSubmit={form.onSubmit((values) => void link(values))} noValidate>
      <Stack>
        <Text size="sm">{t('linkDevice.intro')}</Text>
        <TextInput
          label={t('linkDevice.name')}
          placeholder={t('linkDevice.namePlaceholder')}
          maxLength={256}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <div>
          <Text size="sm" fw={500} id={typeLabelId}>
            {t('linkDevice.type')}
          </Text>
          <SegmentedControl
            aria-labelledby={typeLabelId}
            fullWidth
            data={[
              { value: 'android', label: t('devices.types.android') },
              { value: 'ios', label: t('devices.types.ios') },
            ]}
            value={form.values.type}
            onChange={(value) => form.setFieldValue('type', value as 'android' | 'ios')}
          />
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('code.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('linkDevice.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function ApproveStep(props: {
  device: Device
  onSent(sentTo: string | undefined): void
  onFailure(popup: Popup): void
  onLater(): void
}) {
  const { t } = useTranslation(['security', 'common'])
  const network = t('common:errors.network')
  const { device } = props
  const [picked, setChoice] = useState<string>('')
  const [busy, setBusy] = useState(false)
  const approveMethods = useQuery({
    queryKey: ['approveMethods'],
    queryFn: ({ signal }) => settle(api.GET('/auth/devices/approve-methods', { signal }), network),
  })
  const outcome = approveMethods.data
  const methods: Method[] | null = outcome ? (outcome.ok ? outcome.data.methods : []) : null
  const error = outcome && !outcome.ok ? t('linkDevice.methodsFailed') : null
  // The first method is chosen until the person picks another.
  const choice = picked || (methods?.[0]?.id ?? '')

  async function send() {
    setBusy(true)
    const outcome = await settle(
      api.PATCH('/auth/devices/{deviceId}/approve/{methodId}', {
        params: { path: { deviceId: device.id, methodId: choice } },
      }),
      network,
    )
    setBusy(false)
    if (outcome.ok) props.onSent(outcome.data.sentTo)
    else props.onFailure({ kind: 'failure', result: outcome.failure })
  }

  return (
    <Stack>
      {device.link && (
        <>
          <Text size="sm">{t('linkDevice.scan')}</Text>
          <QrCode value={device.link} label={t('linkDevice.qrLabel', { name: device.name })} />
          {device.code && (
            <Text size="sm" ta="center">
              {t('linkDevice.deviceCode')} <strong data-testid="device-code">{device.code}</strong>
            </Text>
          )}
        </>
      )}
      {methods === null && <Loading size="sm" label={t('common:loading')} />}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {methods && methods.length > 0 && (
        <Radio.Group label={t('linkDevice.method')} value={choice} onChange={setChoice}>
          <Stack gap="xs" mt="xs">
            {methods.map((method) => (
              <Radio
                key={method.id}
                value={method.id}
                label={t(`linkDevice.methods.${method.type}`, {
                  defaultValue: method.label ?? method.type,
                  destination: method.destination ?? '',
                })}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onLater}>
          {t('linkDevice.later')}
        </Button>
        <Button onClick={() => void send()} loading={busy} disabled={!choice}>
          {t('linkDevice.sendCode')}
        </Button>
      </Group>
    </Stack>
  )
}

function CodeStep(props: {
  device: Device
  sentTo: string | undefined
  onApproved(device: Device): void
  onFailure(popup: Popup): void
  onCancel(): void
}) {
  const { t } = useTranslation(['security', 'common'])

  async function approve(code: string): Promise<CodeVerdict> {
    const outcome = await settle(
      api.POST('/auth/devices/{deviceId}/approve', {
        params: { path: { deviceId: props.device.id } },
        body: { code },
      }),
      t('common:errors.network'),
    )
    if (outcome.ok) {
      props.onApproved(outcome.data)
      return { right: true }
    }
    const { status } = outcome.failure
    if (status === 400 || status === 403) return { right: false, message: t('code.wrong') }
    if (status === 429) return { right: false, message: t('code.blocked') }
    props.onFailure({ kind: 'failure', result: outcome.failure })
    return { right: false, message: t('code.failed') }
  }

  return <CodeForm sentTo={props.sentTo} onSubmit={approve} onCancel={props.onCancel} />
}
