// /video-identity-job/:id (product-spec section 2): where a video identification job stands,
// from the customer's identity (identityGet's videoIdentity, section 3). It is reached from a
// link, but it shows the customer's own data, so it is a signed-in page: the main layout
// sends a visitor to sign in and back here. A job that is not the customer's is answered as
// an unknown one; a rejected job offers an identity check instead (section 4 counts a
// rejected video identity as a required action).
import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { DocumentStatus, ResponseCode } from '../../../generated/constants.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { IdentityCheckStartButton } from '../../components/identity-check-start-button.tsx'
import { Loading } from '../../components/loading.tsx'

type VideoIdentity = NonNullable<components['schemas']['Identity']['videoIdentity']>

/** How a job's document status reads to the customer, and the badge's colour. */
function stageOf(statusId: number): { stage: string; color: string } {
  switch (statusId) {
    case DocumentStatus.Confirmed:
      return { stage: 'confirmed', color: 'green' }
    case DocumentStatus.Rejected:
    case DocumentStatus.NameMismatch:
      return { stage: 'rejected', color: 'red' }
    case DocumentStatus.Canceled:
    case DocumentStatus.Deleted:
    case DocumentStatus.Expired:
      return { stage: 'closed', color: 'gray' }
    default:
      return { stage: 'inReview', color: 'blue' }
  }
}

export function Component() {
  const { t } = useTranslation(['identity', 'common'])
  const { id = '' } = useParams()
  const identity = useOperationQuery('identityGet', {})
  const data = identity.data?.data
  if (identity.isPending) return <Loading />
  if (data?.responseCode !== ResponseCode.Success) {
    return <Text role="alert">{t('common:errors.network')}</Text>
  }
  const job = data.identity?.videoIdentity
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('identity:video.title')}
      </Title>
      {job && job.jobId === id ? <JobStatus job={job} /> : <UnknownJob />}
    </Stack>
  )
}

function UnknownJob() {
  const { t } = useTranslation('identity')
  return (
    <Paper withBorder p="md" data-testid="video-identity-job" data-state="unknown">
      <Stack>
        <Text>{t('video.unknown')}</Text>
        <Group>
          <Button component={Link} to="/home" variant="default">
            {t('run.toHome')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

function JobStatus({ job }: { job: VideoIdentity }) {
  const { t, i18n } = useTranslation('identity')
  const { stage, color } = stageOf(job.statusId)
  const created = job.createdAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(job.createdAt),
      )
    : undefined
  return (
    <Paper withBorder p="md" data-testid="video-identity-job" data-state={stage}>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{t('video.job', { id: job.jobId })}</Text>
          <Badge color={color} variant="light">
            {t(`video.stage.${stage}.label`)}
          </Badge>
        </Group>
        {created && <Text size="sm">{t('video.created', { date: created })}</Text>}
        <Text>{t(`video.stage.${stage}.text`)}</Text>
        {stage === 'rejected' && <IdentityCheckStartButton />}
      </Stack>
    </Paper>
  )
}
