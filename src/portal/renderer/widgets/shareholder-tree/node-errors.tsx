// The errors the checks or the server report about a node or a level, under it.
import { Stack, Text } from '@mantine/core'
import type { NodeError } from './error-paths.ts'

export function NodeErrors({ errors }: { errors: readonly NodeError[] | undefined }) {
  if (!errors?.length) return null
  return (
    <Stack gap={2} data-testid="tree-errors">
      {errors.map((error, index) => (
        <Text key={index} size="sm" c="red.8">
          {error.description}
        </Text>
      ))}
    </Stack>
  )
}

/** Errors equal in content: a new list with the same errors does not draw a row again. */
export function sameErrors(
  a: readonly NodeError[] | undefined,
  b: readonly NodeError[] | undefined,
): boolean {
  if (a === b) return true
  if (!a || !b || a.length !== b.length) return false
  return a.every(
    (error, i) => error.field === b[i]!.field && error.description === b[i]!.description,
  )
}
