// The calendar of the date field: one month of day buttons, the month's name and the weekdays in
// the page's language (Intl), the week starting on the language's first day. Each day is a
// button named by its full date; the chosen day (else today) takes the focus when it opens, and
// the arrow keys move by a day or a week.
import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionIcon, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core'
import { isoOfLocal } from '../../shared/date-pattern.ts'

const intl = (lang: string) => (lang === 'ua' ? 'uk' : lang)

/** The language's first day of the week, 0 Sunday to 6 Saturday (Monday when unknown). */
function firstWeekday(lang: string): number {
  const locale = new Intl.Locale(intl(lang)) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number }
    weekInfo?: { firstDay: number }
  }
  const info = locale.getWeekInfo?.() ?? locale.weekInfo
  return (info?.firstDay ?? 1) % 7
}

function localDate(iso: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined
}

export function MonthGrid(props: { value: string; lang: string; onPick(iso: string): void }) {
  const { t } = useTranslation('common')
  const chosen = localDate(props.value)
  const [focus, setFocus] = useState<Date>(() => chosen ?? new Date())
  const locale = intl(props.lang)
  const first = firstWeekday(props.lang)
  const monthStart = new Date(focus.getFullYear(), focus.getMonth(), 1)
  const lead = (monthStart.getDay() - first + 7) % 7
  const daysInMonth = new Date(focus.getFullYear(), focus.getMonth() + 1, 0).getDate()
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(new Date(2026, 10, 1 + first + i)),
  )
  const dayName = new Intl.DateTimeFormat(locale, { dateStyle: 'long' })
  const move = (days: number) =>
    setFocus(new Date(focus.getFullYear(), focus.getMonth(), focus.getDate() + days))
  const shiftMonth = (months: number) =>
    setFocus(new Date(focus.getFullYear(), focus.getMonth() + months, 1))
  const keys = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key]
    if (step === undefined) return
    event.preventDefault()
    move(step)
  }
  const chosenIso = chosen ? isoOfLocal(chosen) : ''
  return (
    <div>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={t('dateField.previousMonth')}
          onClick={() => shiftMonth(-1)}
        >
          ‹
        </ActionIcon>
        <Text fw={600} aria-live="polite">
          {new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(monthStart)}
        </Text>
        <ActionIcon
          variant="subtle"
          aria-label={t('dateField.nextMonth')}
          onClick={() => shiftMonth(1)}
        >
          ›
        </ActionIcon>
      </Group>
      <SimpleGrid cols={7} spacing={2} verticalSpacing={2} onKeyDown={keys}>
        {weekdays.map((name) => (
          <Text key={name} size="xs" c="dimmed" ta="center" aria-hidden="true">
            {name}
          </Text>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} />
        ))}
        {Array.from({ length: daysInMonth }, (_, i) => {
          const day = new Date(focus.getFullYear(), focus.getMonth(), i + 1)
          const iso = isoOfLocal(day)
          const focused = day.getDate() === focus.getDate()
          return (
            <UnstyledButton
              key={iso}
              aria-label={dayName.format(day)}
              aria-pressed={iso === chosenIso}
              tabIndex={focused ? 0 : -1}
              data-autofocus={focused || undefined}
              ref={(node) => {
                if (focused && node && node.ownerDocument.activeElement?.closest('[role="dialog"]'))
                  node.focus()
              }}
              onClick={() => props.onPick(iso)}
              ta="center"
              p={4}
              style={{
                borderRadius: 4,
                fontWeight: iso === chosenIso ? 700 : 400,
                background: iso === chosenIso ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              {i + 1}
            </UnstyledButton>
          )
        })}
      </SimpleGrid>
    </div>
  )
}
