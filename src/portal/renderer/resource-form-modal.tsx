// The create or edit form of a resource screen in a modal, with the upload's progress when
// the operation takes files.
import { useTranslation } from 'react-i18next'
import { Modal, Progress } from '@mantine/core'
import { SchemaForm } from './schema-form.tsx'
import type { FieldError } from './call-operation.ts'
import type { Row } from './resource-data.ts'
import type { Json, ScreenDescription } from './screens-data.ts'

export interface Editing {
  action: 'create' | 'edit'
  row?: Row
  /** A new key per opened form, the same for every retry of it ("$idempotencyKey"). */
  idempotencyKey: string
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
  const action = editing && (editing.action === 'create' ? screen.create : screen.edit)
  return (
    <Modal
      opened={editing !== null}
      onClose={props.onClose}
      title={
        editing
          ? t(`screens:${screen.id}.${editing.action}`, {
              defaultValue: t(`screens:${editing.action}`),
            })
          : ''
      }
      centered
      size="lg"
    >
      {editing && action && (
        <SchemaForm
          formKey={`${screen.id}.${editing.action}`}
          operationId={action.operation}
          initial={editing.row ? { ...editing.row } : undefined}
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
