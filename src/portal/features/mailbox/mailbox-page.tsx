// /mailbox: the demo mailbox (DESIGN.md section 7), a public page. With no mail or SMS
// provider the demo's e-mails, SMS and device pushes stay in the outbox, and a person reads
// their codes here by e-mail address or phone number. The server answers only in demo mode
// (404 elsewhere, docs/decisions.md "Demo mailbox"), so the page shows its form only after
// the server has answered it.
import { Suspense, useCallback, useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { api } from '../../api/client.ts'
import { LanguageSelect } from '../../components/language-select.tsx'
import { useBrand } from '../../brand/brand-context.tsx'
import { logoUrl } from '../../brand/resolve-brand.ts'
import { Loading } from '../../components/loading.tsx'

type Message = components['schemas']['DemoMailboxMessage']
type Box =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'failed'; text: string }
  | { status: 'ready'; recipient: string; messages: Message[]; checkedAt: Date }

const refreshEveryMs = 5000
/** Any address works for asking whether the mailbox exists; nothing is sent to it. */
const probeRecipient = 'mailbox-check@example.invalid'

export function Component() {
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <MailboxPage />
    </Suspense>
  )
}

async function fetchMailbox(recipient: string) {
  const { data, response } = await api.GET('/demo/mailbox', {
    params: { query: { recipient } },
  })
  return { messages: data?.messages, status: response.status }
}

/** Whether the demo mailbox exists here (it answers 404 outside demo mode); null until known. */
function useMailboxAvailable(): boolean | null {
  const probe = useQuery({
    queryKey: ['demoMailboxProbe'],
    queryFn: () => fetchMailbox(probeRecipient),
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (probe.isPending) return null
  // A lost answer does not prove the mailbox absent: the page offers it and says so then.
  return probe.isError || probe.data.status !== 404
}

function MailboxPage() {
  const { t } = useTranslation(['security', 'common'])
  const brand = useBrand()
  const [params, setParams] = useSearchParams()
  const available = useMailboxAvailable()
  const [recipient, setRecipient] = useState(params.get('recipient') ?? '')
  const { box, setBox, open } = useMailboxBox()
  const [autoRefresh, setAutoRefresh] = useState(true)
  const shown = box.status === 'ready' ? box.recipient : null

  // The recipient in the address opens at once, so a link can name whose mailbox to show.
  const initial = params.get('recipient')
  useEffect(() => {
    if (available && initial) void open(initial)
  }, [available, initial, open])

  useAutoRefresh(shown, autoRefresh, open)

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const who = recipient.trim()
    if (who.length < 3) {
      setBox({ status: 'failed', text: t('mailbox.recipientInvalid') })
      return
    }
    setParams({ recipient: who }, { replace: true })
    void open(who)
  }

  return (
    <Container size="sm" py="xl" px="md">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Image src={logoUrl(brand)} alt={brand.projectName} h={32} w="auto" fit="contain" />
          <LanguageSelect compact />
        </Group>
        <Title order={1} size="h2">
          {t('mailbox.title')}
        </Title>
        {available === null && <Loading />}
        {(available === false || box.status === 'unavailable') && (
          <Alert color="yellow" role="status" data-testid="mailbox-unavailable">
            {t('mailbox.unavailable')}
          </Alert>
        )}
        {available && box.status !== 'unavailable' && (
          <>
            <Text c="dimmed">{t('mailbox.intro')}</Text>
            <Paper withBorder p="md" radius="md">
              <RecipientForm
                recipient={recipient}
                setRecipient={setRecipient}
                loading={box.status === 'loading'}
                autoRefresh={autoRefresh}
                setAutoRefresh={setAutoRefresh}
                onSubmit={submit}
              />
            </Paper>
            <MailboxContent box={box} onRefresh={(who) => void open(who)} />
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('mailbox.toSignIn')}
        </Anchor>
      </Stack>
    </Container>
  )
}

/** The mailbox shown, and opening one: quietly when it only refreshes what is shown. */
function useMailboxBox() {
  const { t } = useTranslation(['security', 'common'])
  const [box, setBox] = useState<Box>({ status: 'idle' })
  const open = useCallback(
    async (who: string, quiet = false) => {
      if (!quiet) setBox({ status: 'loading' })
      try {
        const { messages, status } = await fetchMailbox(who)
        if (status === 404) setBox({ status: 'unavailable' })
        else if (!messages) setBox({ status: 'failed', text: t('mailbox.recipientInvalid') })
        else setBox({ status: 'ready', recipient: who, messages, checkedAt: new Date() })
      } catch {
        setBox({ status: 'failed', text: t('common:errors.network') })
      }
    },
    [t],
  )

  return { box, setBox, open }
}

/** Reads the shown mailbox again every few seconds while the switch is on. */
function useAutoRefresh(
  shown: string | null,
  autoRefresh: boolean,
  open: (who: string, quiet?: boolean) => Promise<void>,
) {
  useEffect(() => {
    if (!shown || !autoRefresh) return
    const timer = setInterval(() => void open(shown, true), refreshEveryMs)
    return () => clearInterval(timer)
  }, [shown, autoRefresh, open])
}

function RecipientForm(props: {
  recipient: string
  setRecipient(recipient: string): void
  loading: boolean
  autoRefresh: boolean
  setAutoRefresh(on: boolean): void
  onSubmit(event: React.FormEvent): void
}) {
  const { t } = useTranslation(['security', 'common'])
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack>
        <TextInput
          label={t('mailbox.recipient')}
          description={t('mailbox.recipientHint')}
          value={props.recipient}
          onChange={(event) => props.setRecipient(event.currentTarget.value)}
          autoComplete="email"
          maxLength={254}
          required
        />
        <Group justify="space-between">
          <Button type="submit" loading={props.loading}>
            {t('mailbox.show')}
          </Button>
          <Switch
            label={t('mailbox.autoRefresh')}
            checked={props.autoRefresh}
            onChange={(event) => props.setAutoRefresh(event.currentTarget.checked)}
          />
        </Group>
      </Stack>
    </form>
  )
}

function MailboxContent({ box, onRefresh }: { box: Box; onRefresh(recipient: string): void }) {
  const { t, i18n } = useTranslation(['security', 'common'])
  if (box.status === 'failed') {
    return (
      <Alert color="red" role="alert">
        {box.text}
      </Alert>
    )
  }
  if (box.status !== 'ready') return null
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('mailbox.count', { count: box.messages.length, recipient: box.recipient })}
        </Text>
        <Button size="xs" variant="light" onClick={() => onRefresh(box.recipient)}>
          {t('mailbox.refresh')}
        </Button>
      </Group>
      {box.messages.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{t('mailbox.empty')}</Text>
        </Paper>
      )}
      {box.messages.map((message) => (
        <Paper
          key={message.id}
          component="article"
          withBorder
          p="md"
          radius="md"
          data-testid="mailbox-message"
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Badge variant="light">{t(`mailbox.channels.${message.channel}`)}</Badge>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {message.subject}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
                {time.format(new Date(message.createdAt))}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <MessageBody body={message.body} />
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  )
}

/**
 * Codes stand out so that they read at a glance: six digits (approval codes), eight letters
 * and digits (activation codes), the SMS sign-in "12-345678" form.
 */
const codePattern = /\b(\d{2}-\d{6}|\d{6}|(?=[A-Z0-9]*\d)[A-Z0-9]{8})\b/g

function MessageBody({ body }: { body: string }) {
  const parts = body.split(codePattern)
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <Code key={index} fz="md" fw={700} data-testid="mailbox-code">
        {part}
      </Code>
    ) : (
      part
    ),
  )
}
