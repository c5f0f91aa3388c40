// A password input that tells a screen reader it is invalid when it shows an error (issue 16
// item 6): Mantine's PasswordInput sets no aria-invalid on its inner input by itself.
import { PasswordInput, type PasswordInputProps } from '@mantine/core'

export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} aria-invalid={Boolean(props.error)} />
}
