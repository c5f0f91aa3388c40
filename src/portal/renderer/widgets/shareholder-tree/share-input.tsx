// A node's share. Typing changes only this input; the draft gets the share after a pause, on
// Enter or when the input loses focus, so a keystroke never draws the tree or the wizard again
// (the wizard's keystroke-to-paint budget, issue 13).
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NumberInput, type NumberInputProps } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'

/** How long typing pauses before the draft takes the share. */
const commitDelayMs = 400

/** A share is above 0 and at most 100 percent (product-spec section 5, Shareholders). */
export const isValidShare = (value: unknown): value is number =>
  typeof value === 'number' && value > 0 && value <= 100

export function ShareInput(props: {
  /** The share in the draft. */
  value: number
  /** An error of the checks or the server about this share. */
  error?: string | undefined
  onCommit(share: number): void
}) {
  const { t } = useTranslation('registration-tree')
  const [text, setText] = useState<number | string>(props.value)
  const [shown, setShown] = useState(props.value)
  // The draft's share changed elsewhere (an undo, a reloaded draft): show it.
  if (shown !== props.value) {
    setShown(props.value)
    setText(props.value)
  }
  const commit = useDebouncedCallback(props.onCommit, {
    delay: commitDelayMs,
    flushOnUnmount: true,
  })
  const typed = text !== '' && !isValidShare(text)
  // The checks' message about a wrong share is the one that refused the step
  // (shareOutOfRange): it goes before the typing hint, which would otherwise always hide it.
  // A valid share still on its way to the draft shows no message about the old one.
  const error = typed
    ? (props.error ?? t('tree.shareInvalid'))
    : text === props.value
      ? props.error
      : undefined
  return (
    <ShareInputField
      value={text}
      error={error}
      onChange={(value) => {
        setText(value)
        if (typeof value === 'number') commit(value)
        else commit.cancel()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush()
      }}
      onBlur={() => {
        commit.flush()
        // An emptied input goes back to the draft's share rather than leaving it unsaid.
        if (typeof text !== 'number') setText(props.value)
      }}
    />
  )
}

/** The share's input: a percent above 0 and at most 100, with up to four decimals. */
export function ShareInputField(
  props: {
    value: number | string
    error: string | undefined
    onChange(value: number | string): void
  } & Pick<NumberInputProps, 'onKeyDown' | 'onBlur'>,
) {
  const { t } = useTranslation('registration-tree')
  return (
    <NumberInput
      label={t('tree.share')}
      min={0}
      max={100}
      clampBehavior="none"
      allowNegative={false}
      decimalScale={4}
      // The box is narrow; the label and a message under it may be wider.
      styles={{ wrapper: { width: 130 } }}
      {...props}
    />
  )
}
