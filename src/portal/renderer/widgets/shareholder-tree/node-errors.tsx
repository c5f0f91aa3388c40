// The errors the checks or the server report about a node or a level, under it, and the
// tree's own warnings (a level's sum, a missing director, sources of funds needed).
import type { ReactNode } from 'react'
import { Alert, Stack, Text } from '@mantine/core'
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

/**
 * What the checks will ask for, shown before they run. Text in the page's text color on a light
 * orange box: orange text itself would not reach a 4.5:1 contrast on white. A status, so a
 * screen reader hears it appear after a share changes, without interrupting.
 */
export function TreeWarning(props: { children: ReactNode; testId?: string }) {
  return (
    <Alert variant="light" color="orange" p={6} role="status" data-testid={props.testId}>
      <Text size="sm" c="var(--mantine-color-text)">
        {props.children}
      </Text>
    </Alert>
  )
}
