// The portal's one date field (issue 16): typed and shown in the page's language (ДД.ММ.ГГГГ on
// a Russian page, MM/DD/YYYY on an English one), whatever the browser's language, with a
// calendar button whose month and day names are the page's too. The value in and out is ISO
// YYYY-MM-DD ('' when empty); a date that cannot be read marks the field invalid
// (aria-invalid and its message) once left, and passes on '' meanwhile. No date library: Intl does the names.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionIcon, Popover, TextInput } from '@mantine/core'
import {
  datePattern,
  formatIsoDate,
  parseDate,
  patternText,
  type DatePart,
} from '../../shared/date-pattern.ts'
import { MonthGrid } from './month-grid.tsx'

export interface DateFieldProps {
  label: ReactNode
  /** ISO YYYY-MM-DD, or '' when empty. */
  value: string
  onChange(value: string): void
  error?: ReactNode
  description?: ReactNode
  withAsterisk?: boolean
  disabled?: boolean
  id?: string
  autoFocus?: boolean
  onBlur?(): void
  onFocus?(): void
  'data-testid'?: string
}

export function DateField(props: DateFieldProps) {
  const { t, i18n } = useTranslation('common')
  const pattern = datePattern(i18n.language)
  const letters = t('dateField.letters', { returnObjects: true }) as Record<DatePart, string>
  const shownPattern = patternText(pattern, letters)
  const [text, setText] = useState(() => formatIsoDate(props.value, pattern))
  const [touched, setTouched] = useState(false)
  const [open, setOpen] = useState(false)
  const generatedId = useId()
  const id = props.id ?? generatedId
  // What this field last passed on: a value that differs was set from outside (a reset).
  const passed = useRef(props.value)
  useEffect(() => {
    if (props.value === passed.current) return
    passed.current = props.value
    setText(formatIsoDate(props.value, pattern))
  }, [props.value, pattern])
  // Another language shows the date in its own pattern.
  useEffect(() => {
    if (passed.current !== '') setText(formatIsoDate(passed.current, pattern))
  }, [pattern])
  const pass = (value: string) => {
    if (value === passed.current) return
    passed.current = value
    props.onChange(value)
  }
  const unreadable = text.trim() !== '' && parseDate(text, pattern) === undefined
  const ownError = unreadable && touched ? t('dateField.invalid', { pattern: shownPattern }) : null
  const error = ownError ?? props.error
  // Text that is no date passes on no date (''), so nothing is filtered or sent by a stale one.
  const change = (typed: string) => {
    setText(typed)
    pass(parseDate(typed, pattern) ?? '')
  }
  const calendar = (
    <Popover opened={open} onChange={setOpen} position="bottom-end" trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('dateField.calendar')}
          aria-expanded={open}
          disabled={props.disabled}
          onClick={() => setOpen((was) => !was)}
        >
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <MonthGrid
          value={parseDate(text, pattern) ?? props.value}
          lang={i18n.language}
          onPick={(iso) => {
            setTouched(true)
            setText(formatIsoDate(iso, pattern))
            pass(iso)
            setOpen(false)
          }}
        />
      </Popover.Dropdown>
    </Popover>
  )
  return (
    <TextInput
      id={id}
      label={props.label}
      description={props.description}
      withAsterisk={props.withAsterisk}
      disabled={props.disabled}
      autoFocus={props.autoFocus}
      value={text}
      placeholder={shownPattern}
      inputMode="numeric"
      autoComplete="off"
      error={error}
      aria-invalid={Boolean(error)}
      rightSection={calendar}
      data-testid={props['data-testid']}
      onChange={(event) => change(event.currentTarget.value)}
      onFocus={props.onFocus}
      onBlur={() => {
        setTouched(true)
        props.onBlur?.()
      }}
    />
  )
}

function CalendarIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" stroke="currentColor" strokeWidth="2" />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}
