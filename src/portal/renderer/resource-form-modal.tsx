// The create or edit form of a resource screen, or a row action's form (an upload for this
// address), in a modal, with the upload's progress when the operation takes files.
import { useTranslation } from 'react-i18next'
import { Modal, Progress } from '@mantine/core'
import { SchemaForm } from './schema-form.tsx'
import type { FieldError } from './call-operation.ts'
import type { Row } from './resource-data.ts'
import type { FormAction, Json, ScreenDescription } from './screens-data.ts'

export interface Editing {
  /** create, edit, or the id of a row action with a form. */
  action: string
  row?: Row
  /** A new key per opened form, the same for every retry of it ("$idempotencyKey"). */
  idempotencyKey: string
}

/** The form an editing opened: its description, its key in the bundle and its title's key. */
export function formOf(
  screen: ScreenDescription,
  action: string,
): { form: FormAction; key: string; title: string; fallback?: string } | undefined {
  if (action === 'create' || action === 'edit') {
    const form = screen[action]
    return (
      form && {
        form,
        key: `${screen.id}.${action}`,
        title: `screens:${screen.id}.${action}`,
        fallback: `screens:${action}`,
      }
    )
  }
  const form = screen.actions?.find((item) => item.id === action)?.form
  return (
    form && {
      form,
      key: `${screen.id}.actions.${action}`,
      title: `screens:${screen.id}.actions.${action}`,
    }
  )
}

export function ResourceFormModal(props: {
  screen: ScreenDescription
  editing: Editing | null
  serverErrors: FieldError[]
  busy: boolean
  /** The upload's percent while files are sent. */
  progress: number | undefined
  onClose(): void
  onSubmit(data: Record<string, Json>): void
}) {
  const { t } = useTranslation('screens')
  const { screen, editing, busy, progress } = props
  const opened = editing && formOf(screen, editing.action)
  const action = opened?.form
  // A row action's form is a new request for the row, not the row edited: the row gives its
  // options and its 'from' fields, not the form's values.
  const forRow = editing !== null && editing.action !== 'edit'
  return (
    <Modal
      opened={editing !== null}
      onClose={props.onClose}
      title={
        opened
          ? opened.fallback
            ? t(opened.title, { defaultValue: t(opened.fallback) })
            : t(opened.title)
          : ''
      }
      centered
      size="lg"
    >
      {editing && opened && action && (
        <SchemaForm
          formKey={opened.key}
          operationId={action.operation}
          initial={editing.row && !forRow ? { ...editing.row } : undefined}
          {...(editing.row && { sourceRow: editing.row })}
          serverErrors={props.serverErrors}
          submitLabel={t('screens:save')}
          steps={action.steps}
          visibleWhen={action.visibleWhen}
          busy={busy}
          onSubmit={props.onSubmit}
        />
      )}
      {busy && progress !== undefined && (
        <Progress
          mt="md"
          value={progress}
          aria-label={t('screens:uploading', { percent: progress })}
          data-testid="upload-progress"
        />
      )}
    </Modal>
  )
}
