// /transfer/mass/global: a global pay batch (issue 16, product-spec sections 2, 5 and 7): a
// file in the layout of the globalPay sample becomes a draft, whose payments can be removed,
// restored and given a fee side; the totals are reviewed, the batch submitted and, when a code
// is asked for, approved. Each step is a named part (global-batch-parts.tsx).
import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Stack, Text, Title } from '@mantine/core'
import { MassGate } from './mass-parts.tsx'
import { useMassAccess } from './use-mass-access.ts'
import {
  BatchDraft,
  BatchOutcome,
  BatchUpload,
  CodeStep,
  type Submitted,
} from './global-batch-parts.tsx'

type Step =
  | { name: 'upload' }
  | { name: 'draft'; batchId: number }
  | { name: 'code'; batchId: number; submitted: Submitted }
  | { name: 'done'; batchId: number }

export function Component() {
  const { t } = useTranslation(['global-batch', 'mass'])
  const access = useMassAccess()
  const [step, setStep] = useState<Step>({ name: 'upload' })
  const submitted = (batchId: number, answer: Submitted) =>
    setStep(
      answer.approveType === 0
        ? { name: 'done', batchId }
        : { name: 'code', batchId, submitted: answer },
    )
  return (
    <Stack maw={1100}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <MassGate kind="global" access={access}>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        {step.name === 'upload' && (
          <BatchUpload
            access={access}
            onUploaded={(batchId) => setStep({ name: 'draft', batchId })}
          />
        )}
        {step.name === 'draft' && (
          <BatchDraft
            batchId={step.batchId}
            onSubmitted={(answer) => submitted(step.batchId, answer)}
            onCancelled={() => setStep({ name: 'upload' })}
          />
        )}
        {step.name === 'code' && (
          <CodeStep
            batchId={step.batchId}
            submitted={step.submitted}
            onApproved={() => setStep({ name: 'done', batchId: step.batchId })}
          />
        )}
        {step.name === 'done' && (
          <BatchOutcome batchId={step.batchId} onAnother={() => setStep({ name: 'upload' })} />
        )}
        <Text size="sm">
          <Anchor component={Link} to="/transfer/mass">
            {t('mass:otherKinds')}
          </Anchor>
        </Text>
      </MassGate>
    </Stack>
  )
}
