// The create or edit form of a resource screen, or the form of a row action (the code sent to
// a phone), in a modal, with the upload's progress when the operation takes files.
import { useTranslation } from 'react-i18next'
import { Modal, Progress } from '@mantine/core'
import { SchemaForm } from './schema-form.tsx'
import type { FieldError } from './call-operation.ts'
import { formOf, type Editing } from './resource-data.ts'
import type { Json, ScreenDescription } from './screens-data.ts'

export type { Editing }

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
  const form = editing && formOf(screen, editing)
  return (
    <Modal
      opened={editing !== null}
      onClose={props.onClose}
      title={
        editing && form
          ? t(form.title, {
              defaultValue: editing.action === 'action' ? '' : t(`screens:${editing.action}`),
            })
          : ''
      }
      centered
      size="lg"
    >
      {editing && form && (
        <SchemaForm
          formKey={form.key}
          operationId={form.action.operation}
          initial={form.initial}
          {...(editing.action === 'action' && editing.row && { sourceRow: editing.row })}
          serverErrors={props.serverErrors}
          submitLabel={t(editing.action === 'action' ? 'screens:confirm' : 'screens:save')}
          steps={form.action.steps}
          visibleWhen={form.action.visibleWhen}
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
