// /identity-verification/:workflowRunId/:token (product-spec section 2): an identity check's
// run page, opened from the link a start gave (on this device or another, signed in or not:
// the link is the credential). The person sends a selfie and an identity document, then sees
// that we are checking them, and the outcome once the provider has decided.
import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Group, Input, Loader, NativeSelect, Stack, Text } from '@mantine/core'
import { IdentityCheckDocumentType, KycRequestStatus } from '../../../generated/constants.ts'
import { PublicPage } from '../../components/public-page.tsx'
import {
  runOf,
  useIdentityVerificationRun,
  type IdentityRun,
  type RunLink,
} from './api/identity-verification-run-get.ts'
import { useIdentityVerificationRunSubmit } from './api/identity-verification-run-submit.ts'
import { Loading } from '../../components/loading.tsx'

/** The stored-file limit of the server (src/server/uploads/stored-files.ts). */
const maxFileBytes = 10 * 1024 * 1024
const documentTypes = Object.values(IdentityCheckDocumentType)

export function Component() {
  const { t } = useTranslation(['identity', 'common'])
  const { workflowRunId = '', token = '' } = useParams()
  const link = { workflowRunId, token }
  const query = useIdentityVerificationRun(link)
  const run = runOf(query.data)
  return (
    <PublicPage title={t('identity:run.title')}>
      {query.isPending ? (
        <Loading />
      ) : query.isError || (query.data?.status ?? 500) >= 500 ? (
        <Text role="alert">{t('common:errors.network')}</Text>
      ) : !run ? (
        <InvalidLink />
      ) : (
        <RunState run={run} link={link} />
      )}
    </PublicPage>
  )
}

function RunState({ run, link }: { run: IdentityRun; link: RunLink }) {
  switch (run.status) {
    case KycRequestStatus.Created:
      return <FilesForm link={link} />
    case KycRequestStatus.InProgress:
      return <Checking />
    case KycRequestStatus.Completed:
      return <Confirmed />
    case KycRequestStatus.Failed:
      return <Refused reason={run.rejectReason} />
    default:
      return <InvalidLink />
  }
}

function InvalidLink() {
  const { t } = useTranslation('identity')
  return (
    <Stack data-testid="identity-run" data-state="invalid">
      <Alert color="red" role="alert" title={t('run.invalid.title')}>
        {t('run.invalid.text')}
      </Alert>
      <Button component={Link} to="/unverified-account" variant="default">
        {t('run.toAccount')}
      </Button>
    </Stack>
  )
}

function Checking() {
  const { t } = useTranslation('identity')
  return (
    <Stack data-testid="identity-run" data-state="inProgress" role="status" aria-live="polite">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Text fw={600}>{t('run.checking.title')}</Text>
      </Group>
      <Text>{t('run.checking.text')}</Text>
    </Stack>
  )
}

function Confirmed() {
  const { t } = useTranslation('identity')
  return (
    <Stack data-testid="identity-run" data-state="completed" role="status" aria-live="polite">
      <Alert color="green" title={t('run.completed.title')}>
        {t('run.completed.text')}
      </Alert>
      <Button component={Link} to="/home">
        {t('run.toHome')}
      </Button>
    </Stack>
  )
}

function Refused({ reason }: { reason: string | undefined }) {
  const { t } = useTranslation('identity')
  return (
    <Stack data-testid="identity-run" data-state="failed" role="status" aria-live="polite">
      <Alert color="red" title={t('run.failed.title')}>
        <Stack gap="xs">
          {reason && <Text size="sm">{reason}</Text>}
          <Text size="sm">{t('run.failed.text')}</Text>
        </Stack>
      </Alert>
      <Button component={Link} to="/unverified-account">
        {t('run.toAccount')}
      </Button>
    </Stack>
  )
}

type FieldName = 'selfie' | 'document' | 'documentTypeId'
type FieldErrors = Partial<Record<FieldName, string>>

/** The request fields of a VF answer, as the form names them. */
const fieldOfParameter: Record<string, FieldName> = {
  selfie: 'selfie',
  document: 'document',
  'data.documentTypeId': 'documentTypeId',
}

function FilesForm({ link }: { link: RunLink }) {
  const { t } = useTranslation(['identity', 'common'])
  const submit = useIdentityVerificationRunSubmit(link)
  const [documentTypeId, setDocumentTypeId] = useState<number>(documentTypes[0]!)
  const [selfie, setSelfie] = useState<File | null>(null)
  const [document, setDocument] = useState<File | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const found: FieldErrors = {}
    if (!selfie || selfie.size > maxFileBytes) found.selfie = t('identity:run.form.selfieError')
    if (!document || document.size > maxFileBytes)
      found.document = t('identity:run.form.documentError')
    setErrors(found)
    if (!selfie || !document || Object.keys(found).length > 0) return
    try {
      const answer = await submit.mutateAsync({ documentTypeId, selfie, document })
      if (answer.body.responseCode === '00') return
      const named: FieldErrors = {}
      for (const error of answer.body.errors ?? []) {
        const field = fieldOfParameter[error.parameter]
        if (field) named[field] = t(`identity:run.form.${field}Error`)
      }
      setErrors(named)
      if (Object.keys(named).length === 0) {
        setFailure(
          answer.body.message ?? answer.body.responseDescription ?? t('common:errors.server'),
        )
      }
    } catch {
      setFailure(t('common:errors.network'))
    }
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="identity-run"
      data-state="created"
    >
      <Stack>
        <Text>{t('identity:run.form.intro')}</Text>
        <NativeSelect
          label={t('identity:run.form.documentType')}
          value={String(documentTypeId)}
          onChange={(event) => setDocumentTypeId(Number(event.currentTarget.value))}
          data={documentTypes.map((id) => ({
            value: String(id),
            label: t(`identity:documentType.${id}`),
          }))}
          error={errors.documentTypeId}
        />
        <FileField
          id="identity-selfie"
          label={t('identity:run.form.selfie')}
          hint={t('identity:run.form.selfieHint')}
          accept="image/jpeg,image/png"
          capture="user"
          error={errors.selfie}
          onChange={setSelfie}
        />
        <FileField
          id="identity-document"
          label={t('identity:run.form.document')}
          hint={t('identity:run.form.documentHint')}
          accept="image/jpeg,image/png,application/pdf"
          error={errors.document}
          onChange={setDocument}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={submit.isPending}>
          {t('identity:run.form.submit')}
        </Button>
      </Stack>
    </form>
  )
}

interface FileFieldProps {
  id: string
  label: string
  hint: string
  accept: string
  capture?: 'user'
  error: string | undefined
  onChange: (file: File | null) => void
}

/** A labelled native file input: reachable by keyboard, and a phone offers its camera. */
function FileField({ id, label, hint, accept, capture, error, onChange }: FileFieldProps) {
  return (
    <Input.Wrapper id={id} label={label} description={hint} error={error} withAsterisk>
      <input
        id={id}
        type="file"
        accept={accept}
        capture={capture}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}
        style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
    </Input.Wrapper>
  )
}
