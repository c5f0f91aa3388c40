// Pure checks of this area answer either their result or the field that is wrong; this tells
// the two apart.
import type { FieldError } from '../rpc/outcome.ts'

export function isFieldError(value: object): value is FieldError {
  return 'parameter' in value && 'text' in value
}
