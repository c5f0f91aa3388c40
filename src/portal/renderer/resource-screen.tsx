// ResourceScreen: a list from the screen's list operation (paging from x-paging: pages,
// load-more or cursor), columns, filters, create and edit in a modal, delete with
// confirmation, row actions, a screen switch, and empty and error states. The parts live
// beside it: the list (use-resource-list.ts), the table (resource-table.tsx), the row actions
// (resource-row-actions.tsx), the form modal (resource-form-modal.tsx) and the changes
// (use-resource-changes.ts).
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Pagination, Paper, Stack, Switch, Text, Title } from '@mantine/core'
import { describeFailure } from '../../shared/response-codes.ts'
import { SchemaForm } from './schema-form.tsx'
import { AnswerSummary } from './answer-summary.tsx'
import { ConfirmPopup, ResponsePopup, SuccessNotice } from './result-popups.tsx'
import { ResourceFormModal } from './resource-form-modal.tsx'
import { hasRowActions, RowActions } from './resource-row-actions.tsx'
import { ResourceTable } from './resource-table.tsx'
import { useResourceChanges } from './use-resource-changes.ts'
import { useResourceList, type ResourceList } from './use-resource-list.ts'
import type { ScreenDescription } from './screens-data.ts'
import { usePageChanges } from './page-changes.ts'
import { FileViewPopup, useFileView } from './file-view.tsx'
import { useActsFor } from './acts-for.ts'
import { mapped } from './resource-data.ts'
import { Loading } from '../components/loading.tsx'

export function ResourceScreen({
  screen,
  headingLevel = 1,
}: {
  screen: ScreenDescription
  /** 2 when the screen is a panel of a page (page-screen.tsx). */
  headingLevel?: 1 | 2
}) {
  const { t } = useTranslation(['screens', 'common'])
  const list = useResourceList(screen)
  const page = usePageChanges()
  const changes = useResourceChanges(
    screen,
    page ? async () => page.changed() : list.reload,
    list.filters,
  )
  usePageReload(page?.version, list.reload)
  const files = useFiles(changes)
  const ready = list.state === 'ready'

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={headingLevel} size={headingLevel === 1 ? 'h2' : 'h3'}>
          {t(`screens:${screen.id}.title`)}
        </Title>
        {screen.create && (
          <Button onClick={() => changes.setEditing({ action: 'create' })}>
            {t(`screens:${screen.id}.create`, { defaultValue: t('screens:add') })}
          </Button>
        )}
      </Group>
      <SuccessNotice text={changes.notice} onClose={() => changes.setNotice(null)} />
      {ready && (
        <AnswerSummary screenId={screen.id} fields={screen.list!.summary} values={list.summary} />
      )}
      {screen.toggle && list.toggleValue !== undefined && (
        <Switch
          label={t(`screens:${screen.id}.toggle`)}
          checked={list.toggleValue}
          onChange={(event) =>
            void changes.runAction(screen.toggle!.operation, {
              [screen.toggle!.field]: event.currentTarget.checked,
            })
          }
        />
      )}
      {screen.list!.filters?.length ? (
        <Paper withBorder p="sm">
          <SchemaForm
            formKey={`${screen.id}.filters`}
            operationId={screen.list!.operation}
            initial={list.filters}
            submitLabel={t('screens:applyFilters')}
            onSubmit={list.applyFilters}
          />
        </Paper>
      ) : null}
      {list.state === 'loading' && <Loading />}
      {list.state === 'failed' && <ListFailure list={list} />}
      {ready && list.rows.length === 0 && (
        <Text c="dimmed">
          {t(`screens:${screen.id}.empty`, { defaultValue: t('screens:empty') })}
        </Text>
      )}
      {ready && list.rows.length > 0 && (
        <Rows screen={screen} list={list} changes={changes} files={files} />
      )}
      {ready && <Paging screen={screen} list={list} />}
      <ChangeDialogs screen={screen} changes={changes} />
      <FileViewPopup file={files.viewing} loading={files.loading} onClose={files.close} />
    </Stack>
  )
}

type ResourceChanges = ReturnType<typeof useResourceChanges>

/** The files row actions show (action.view), for the screen's customer; a refusal in a popup. */
function useFiles(changes: ResourceChanges) {
  const { t } = useTranslation('common')
  return useFileView(useActsFor()?.customerId, (result) =>
    changes.setPopup(
      result
        ? { kind: result.body.errors?.length ? 'errors' : 'failure', result }
        : {
            kind: 'failure',
            result: { ok: false, status: 0, body: { message: t('common:errors.network') } },
          },
    ),
  )
}

/** A panel's list loaded again after each change saved in the page (page-changes.ts). */
function usePageReload(version: number | undefined, reload: () => Promise<void>) {
  const reloadRef = useRef(reload)
  reloadRef.current = reload
  const seen = useRef(version)
  useEffect(() => {
    if (version === seen.current) return
    seen.current = version
    void reloadRef.current()
  }, [version])
}

/** The table, with each row's actions when the screen has any. */
function Rows({
  screen,
  list,
  changes,
  files,
}: {
  screen: ScreenDescription
  list: ResourceList
  changes: ResourceChanges
  files: ReturnType<typeof useFiles>
}) {
  return (
    <ResourceTable
      screen={screen}
      rows={list.rows}
      onToggle={(column, row, checked) =>
        void changes.runAction(column.toggle!.operation, {
          ...mapped(row, column.toggle!.from),
          [column.toggle!.field]: checked,
        })
      }
      rowActions={
        hasRowActions(screen)
          ? (row) => (
              <RowActions
                screen={screen}
                row={row}
                handlers={{
                  onEdit: (edited) => changes.setEditing({ action: 'edit', row: edited }),
                  onForm: (actionId, acted) =>
                    changes.setEditing({ action: 'action', actionId, row: acted }),
                  onRun: changes.runAction,
                  onConfirm: (text, run) => changes.setConfirming({ text, run }),
                  onView: (actionId, operation, payload) =>
                    void files.view(`screens:${screen.id}.actions.${actionId}`, operation, payload),
                }}
              />
            )
          : undefined
      }
    />
  )
}

/** The create and edit form, the confirmation asked before a row action, and the answer. */
function ChangeDialogs({
  screen,
  changes,
}: {
  screen: ScreenDescription
  changes: ResourceChanges
}) {
  return (
    <>
      <ResourceFormModal
        screen={screen}
        editing={changes.editing}
        serverErrors={changes.serverErrors}
        busy={changes.busy}
        progress={changes.progress}
        onClose={changes.closeForm}
        onSubmit={(data) => void changes.submitForm(data)}
      />
      <ConfirmPopup
        text={changes.confirming?.text ?? null}
        busy={changes.busy}
        onCancel={() => changes.setConfirming(null)}
        onConfirm={() => void changes.confirming?.run()}
      />
      <ResponsePopup popup={changes.popup} onClose={() => changes.setPopup(null)} />
    </>
  )
}

function ListFailure({ list }: { list: ResourceList }) {
  const { t } = useTranslation(['screens', 'common'])
  if (!list.failure) return null
  const { title, text } = describeFailure(list.failure.body, list.failure.status)
  return (
    <Alert color="red" role="alert" title={title ?? t('common:errors.error')}>
      <Stack gap="xs">
        <Text>{text ?? (title ? '' : t('common:errors.server'))}</Text>
        <Group>
          <Button size="xs" variant="light" onClick={() => void list.reload()}>
            {t('screens:retry')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/** Pages, load-more or previous/next by cursor, as the list operation's x-paging says. */
function Paging({ screen, list }: { screen: ScreenDescription; list: ResourceList }) {
  const { t } = useTranslation('screens')
  const { paging, pageSize, page, firstPage, total, rows, cursors, nextCursor } = list
  const pages = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : 1
  // Product-spec section 9: the load-more flag is true when pageSize * pageNumber <= total.
  const canLoadMore = total !== undefined && pageSize * page <= total && rows.length < total
  const loadMore = screen.list!.loadMore
  return (
    <>
      {paging?.style === 'page' && !loadMore && pages > 1 && (
        <Pagination
          total={pages}
          value={page - firstPage + 1}
          onChange={(value) => list.goTo(value + firstPage - 1)}
          getControlProps={(control) => ({ 'aria-label': t(`screens:paging.${control}`) })}
        />
      )}
      {loadMore && canLoadMore && (
        <Button variant="light" onClick={() => list.goTo(page + 1, true)}>
          {t('screens:loadMore')}
        </Button>
      )}
      {paging?.style === 'cursor' && (
        <Group>
          <Button
            variant="default"
            disabled={cursors.length < 2}
            onClick={() => list.setCursors(cursors.slice(0, -1))}
          >
            {t('screens:previous')}
          </Button>
          <Button
            variant="default"
            disabled={!nextCursor}
            onClick={() => list.setCursors([...cursors, nextCursor])}
          >
            {t('screens:next')}
          </Button>
        </Group>
      )}
    </>
  )
}
