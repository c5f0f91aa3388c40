// The review shown before money moves (issue 16 item 1), the same on every single-transfer
// page: what you send, the fee, the total leaving your account, what they get, the rate, the
// recipient as the server knows them and when it arrives. Send opens it in place of the form
// (the form stays filled underneath), focus moves to its heading; Edit goes back to the form,
// only Confirm sends, and the approval step follows as before. The fee on it is asked for
// again when the review opens, so it is the server's quote at that moment; the answer to the
// send shows the fee actually charged (docs/decisions.md).
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { callRpc, type RpcBody, type RpcOperationId } from '../../api/operation-query.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { fromMinor, toMinor } from '../../../shared/money.ts'
import { useMoney } from '../../i18n/use-money.ts'

/** One line of the review: what it is and its value as shown. */
export interface ReviewLine {
  /** The line's name, also its test id (review-<name>). */
  name: string
  label: string
  value: string
  strong?: boolean
  /** A name or a number as written (the recipient), not words of the page's language. */
  verbatim?: boolean
}

/** The fee the server quotes now for a request, or undefined when it answers none. */
export async function feeNow<Op extends RpcOperationId>(
  operationId: Op,
  body: RpcBody<Op>,
): Promise<{ fee: string; feeCurrencyCode?: string | undefined } | undefined> {
  try {
    const { data } = await callRpc(operationId, body)
    const reply = data as { responseCode?: string; fee?: string; feeCurrencyCode?: string }
    if (reply?.responseCode !== ResponseCode.Success || reply.fee === undefined) return undefined
    return { fee: reply.fee, feeCurrencyCode: reply.feeCurrencyCode }
  } catch {
    return undefined
  }
}

/** amount + fee in one currency, exactly (both are decimals of at most `scale` places). */
export function totalOf(amount: string, fee: string, scale = 2): string {
  const places = Math.max(scale, decimalsOf(amount), decimalsOf(fee))
  return fromMinor(toMinor(amount.trim(), places) + toMinor(fee.trim(), places), places)
}

function decimalsOf(value: string): number {
  return value.trim().split('.')[1]?.length ?? 0
}

export function ReviewPanel(props: {
  lines: ReviewLine[]
  busy: boolean
  onBack(): void
  onConfirm(): void
}) {
  const { t } = useTranslation('transfers')
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="transfer-review-title"
      data-testid="transfer-review"
    >
      <Stack>
        <Title order={2} size="h3" id="transfer-review-title" ref={heading} tabIndex={-1}>
          {t('review.title')}
        </Title>
        <Text size="sm">{t('review.intro')}</Text>
        <Table variant="vertical" withTableBorder={false} layout="fixed">
          <Table.Tbody>
            {props.lines.map((line) => (
              <Table.Tr key={line.name}>
                <Table.Th w="45%" fw={400} style={{ verticalAlign: 'top' }}>
                  {line.label}
                </Table.Th>
                <Table.Td
                  fw={line.strong ? 700 : 500}
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid={`review-${line.name}`}
                  translate={line.verbatim ? 'no' : undefined}
                >
                  {line.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onBack} disabled={props.busy}>
            {t('review.back')}
          </Button>
          <Button onClick={props.onConfirm} loading={props.busy} data-testid="review-confirm">
            {t('review.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/** What a page knows when its review opens; the hook below turns it into the review's lines. */
export interface ReviewFacts {
  /** What is sent, in `currency` (the source account's unless the page says otherwise). */
  amount: string
  currency: string
  /** The fee quoted now, in the source account's currency; undefined when none was quoted. */
  fee?: { fee: string; feeCurrencyCode?: string | undefined } | undefined
  /** What they get and in which currency, when the page knows it. */
  theyGet?: { amount: string; currency: string } | undefined
  /** The rate applied when the currencies differ. */
  rate?: string | undefined
  /** What leaves the account as the server quotes it (amount + fee); else computed when it can be. */
  total?: { amount: string; currency: string } | undefined
  /** Until when the server holds the quote (an ISO date-time). */
  validUntil?: string | undefined
  /** A crypto payout: the coin bought with `theyGet` and the network it goes on. */
  crypto?: { currencyCode: string; network: string; networkFeeIncluded: boolean } | undefined
  recipient: string
  /** When it arrives, as a sentence. */
  arrives: string
}

/** The review's lines from a page's facts, every amount in the reader's language. */
export function useReviewLines(): (facts: ReviewFacts) => ReviewLine[] {
  const { t, i18n } = useTranslation('transfers')
  const money = useMoney()
  return (facts) => {
    const line = (name: string, value: string, strong = false): ReviewLine => ({
      name,
      label: t(`review.${name}`),
      value,
      strong,
    })
    const fee = facts.fee
    const feeCurrency = fee?.feeCurrencyCode ?? facts.currency
    const lines = [
      { ...line('recipient', facts.recipient), verbatim: true },
      line('youSend', money(facts.amount, facts.currency)),
    ]
    lines.push(line('fee', fee ? money(fee.fee, feeCurrency) : t('review.feeUnknown')))
    const total =
      facts.total ??
      (fee && feeCurrency === facts.currency
        ? { amount: totalOf(facts.amount, fee.fee), currency: facts.currency }
        : undefined)
    if (total) lines.push(line('total', money(total.amount, total.currency), true))
    lines.push(...theyGetLines(facts, line, money, t))
    if (facts.rate) {
      const to = facts.theyGet?.currency ?? ''
      const rate = t('review.rateValue', { rate: shortRate(facts.rate), from: facts.currency, to })
      lines.push(line('rate', rate))
    }
    if (facts.rate || facts.validUntil) {
      const until = facts.validUntil
        ? t('review.validUntilValue', { time: timeOf(facts.validUntil, i18n.language) })
        : t('review.rateValidValue')
      lines.push(line('rateValid', until))
    }
    lines.push(line('arrives', facts.arrives))
    return lines
  }
}

/** What they get: an amount, or for crypto the coin bought with it and its network fee. */
function theyGetLines(
  facts: ReviewFacts,
  line: (name: string, value: string, strong?: boolean) => ReviewLine,
  money: ReturnType<typeof useMoney>,
  t: TFunction<'transfers'>,
): ReviewLine[] {
  if (!facts.theyGet) return []
  const worth = money(facts.theyGet.amount, facts.theyGet.currency)
  const crypto = facts.crypto
  if (!crypto) return [line('theyGet', worth, true)]
  const network = t(`review.network.${crypto.network}`, { defaultValue: crypto.network })
  const lines = [
    line('theyGet', t('review.cryptoValue', { coin: crypto.currencyCode, worth, network }), true),
  ]
  if (crypto.networkFeeIncluded) lines.push(line('networkFee', t('review.networkFeeIncluded')))
  return lines
}

/** The hour and minute of a date-time in the page's language, with the date when not today. */
function timeOf(iso: string, lang: string): string {
  const when = new Date(iso)
  const sameDay = when.toDateString() === new Date().toDateString()
  return new Intl.DateTimeFormat(lang, {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(when)
}

/** The rate as shown: 6 decimals are enough to read it. */
function shortRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.')
  return fraction ? `${whole}.${fraction.slice(0, 6)}` : whole
}
