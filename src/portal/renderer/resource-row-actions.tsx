// The buttons of one row of a resource screen: edit, the screen's own actions (a link to
// another screen with the row's values, a form for the rest of an operation's request, or an
// operation, confirmed first when it says so), each on the rows its condition admits, and
// delete, always confirmed.
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
            onClick={() => {
              if (action.link) {
                const query = new URLSearchParams(
                  Object.entries(mapped(row, action.from)).map(([k, v]) => [k, String(v ?? '')]),
                )
                return navigate(`${action.link}?${query}`)
              }
              if (action.form) return handlers.onForm(action.id, row)
              // A dotted request field is a part of an object of the request, as in forms.
              const payload = withParts({}, mapped(row, action.from))
              const run = () => handlers.onRun(action.operation!, payload, action.download)
              if (action.confirm)
                handlers.onConfirm(t(`screens:${screen.id}.actions.${action.id}Confirm`), run)
              else void run()
            }}
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
