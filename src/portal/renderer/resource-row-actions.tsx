// The buttons of one row of a resource screen: edit, the screen's own actions (a link to
// another screen with the row's values, a form for the rest of an operation's request, a file
// to look at, or an operation with the row's and the fixed values, confirmed first when it
// says so), each on the rows its condition admits, and delete, always confirmed.
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group } from '@mantine/core'
import { mapped, shownOn, withParts, type Row } from './resource-data.ts'
import type { Json, ScreenDescription } from './screens-data.ts'

export interface RowActionHandlers {
  onEdit(row: Row): void
  /** Opens a row action's form (action.form). */
  onForm(actionId: string, row: Row): void
  /** Runs an operation now. */
  onRun(operation: string, payload: Record<string, Json>, download?: boolean): Promise<void>
  /** Asks first, then runs. */
  onConfirm(text: string, run: () => Promise<void>): void
  /** Fetches a file and shows it (action.view), under the action's title. */
  onView(actionId: string, operation: string, payload: Record<string, Json>): void
}

type Action = NonNullable<ScreenDescription['actions']>[number]

/** What a click on an action does: open a screen, a form or a file, or run, maybe after asking. */
function actionClick(
  screenId: string,
  action: Action,
  row: Row,
  handlers: RowActionHandlers,
  confirmText: (key: string) => string,
  navigate: (to: string) => void | Promise<void>,
) {
  if (action.link) {
    const query = new URLSearchParams(
      Object.entries(mapped(row, action.from)).map(([k, v]) => [k, String(v ?? '')]),
    )
    return void navigate(`${action.link}?${query}`)
  }
  if (action.form) return handlers.onForm(action.id, row)
  // A dotted request field is a part of an object of the request, as in forms.
  const payload = withParts({ ...(action.fixed ?? {}) }, mapped(row, action.from))
  if (action.view) return handlers.onView(action.id, action.operation!, payload)
  const run = () => handlers.onRun(action.operation!, payload, action.download)
  if (action.confirm)
    handlers.onConfirm(confirmText(`screens:${screenId}.actions.${action.id}Confirm`), run)
  else void run()
}

export function hasRowActions(screen: ScreenDescription): boolean {
  return Boolean(screen.edit || screen.delete || screen.actions?.length)
}

export function RowActions({
  screen,
  row,
  handlers,
}: {
  screen: ScreenDescription
  row: Row
  handlers: RowActionHandlers
}) {
  const { t } = useTranslation('screens')
  const navigate = useNavigate()
  return (
    <Group gap="xs" wrap="nowrap">
      {screen.edit && (
        <Button size="xs" variant="light" onClick={() => handlers.onEdit(row)}>
          {t('screens:edit')}
        </Button>
      )}
      {(screen.actions ?? [])
        .filter((action) => shownOn(action.when, row))
        .map((action) => (
          <Button
            key={action.id}
            size="xs"
            variant="default"
            onClick={() => actionClick(screen.id, action, row, handlers, t, navigate)}
          >
            {t(`screens:${screen.id}.actions.${action.id}`)}
          </Button>
        ))}
      {screen.delete && shownOn(screen.delete.when, row) && (
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={() =>
            handlers.onConfirm(t('screens:deleteConfirm'), () =>
              handlers.onRun(screen.delete!.operation, mapped(row, screen.delete!.from)),
            )
          }
        >
          {t('screens:delete')}
        </Button>
      )}
    </Group>
  )
}
