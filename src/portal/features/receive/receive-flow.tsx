// The recipient's way through an open payment (product-spec section 5, "Global recipient
// flow"): country, method and fields (or an earlier withdrawal's), the review with the
// quote, the submit that e-mails a code, the code. "Start again" resets the flow; "Refuse"
// is there at every step. The fields stay filled, hidden, while the review and the code show.
import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Box, Button, Group, Paper, Stack, Title } from '@mantine/core'
import type { FieldError } from '../../renderer/call-operation.ts'
import type { ExtraForm } from '../transfers/extra-parameters.ts'
import {
  useRecipientFields,
  useRecipientMeta,
  useRecipientMethods,
  type RecipientPayment,
} from './api/recipient-queries.ts'
import { useReceiveFlow, type ReceiveFlow } from './use-receive-flow.ts'
import { CountryChoice, MethodChoice, RecentWithdrawals, type Prefill } from './receive-choice.tsx'
import { ReceiveFields, useFieldsForm } from './receive-fields.tsx'
import { ReceiveReview } from './receive-review.tsx'
import { CodeEntry } from './receive-code.tsx'
import { RefuseButton } from './receive-outcomes.tsx'
import { useFlowActions, useReviewLines } from './use-flow-actions.ts'
import { failureMessage } from './receive-failure.ts'
import { Loading } from '../../components/loading.tsx'

export function PaymentFlow({ secret, payment }: { secret: string; payment: RecipientPayment }) {
  const { t } = useTranslation(['receive', 'common'])
  const flow = useReceiveFlow()
  const { state } = flow
  const choice = {
    paymentSecret: secret,
    countryCode: state.countryCode,
    paymentMethod: state.method,
    currencyCode: payment.currencyCode,
  }
  const { fields, pending: fieldsPending } = useRecipientFields(choice)
  const form = useFieldsForm(fields)
  const quote = useRecipientMeta(choice)
  const validateRef = useRef<(() => boolean) | null>(null)
  const [problems, setProblems] = useState<FieldError[]>([])
  const actions = useFlowActions({
    ...{ flow, choice, payment, form, validateRef, problems },
    fieldsLoaded: fields !== null,
  })
  const lines = useReviewLines(state, form)
  const [notice, setNotice] = useState<string | null>(null)
  const { code } = actions

  return (
    <Stack gap="lg">
      {actions.failure && (
        <Alert
          color="red"
          role="alert"
          title={t('common:errors.error')}
          data-testid="receive-failure"
        >
          {actions.failure}
        </Alert>
      )}
      <Box display={state.step === 'form' ? undefined : 'none'}>
        <ChooseSection
          secret={secret}
          payment={payment}
          flow={flow}
          form={form}
          fieldsPending={fieldsPending}
          actions={actions}
          notice={notice}
          setNotice={setNotice}
          fieldsProps={{ validateRef, onProblem: setProblems }}
        />
      </Box>
      {state.step === 'review' && (
        <ReceiveReview
          lines={lines}
          meta={quote.meta}
          metaPending={quote.pending}
          metaFailure={quote.answer && !quote.meta ? failureMessage(quote.answer, t) : null}
          currencyCode={payment.currencyCode}
          busy={actions.submitting}
          onBack={flow.backToForm}
          onSubmit={() => void actions.submit()}
        />
      )}
      {state.step === 'code' && state.submitted && (
        <CodeEntry
          sentTo={state.submitted.sentTo}
          error={code.error}
          notice={code.notice}
          approving={code.approving}
          resending={code.resending}
          onApprove={(typed) => void code.approve(typed)}
          onResend={() => void code.resend()}
        />
      )}
      <FlowFooter
        started={state.countryCode !== '' || state.step !== 'form'}
        onStartAgain={() => {
          setNotice(null)
          actions.reset()
        }}
        refuse={<RefuseButton paymentSecret={secret} paymentId={payment.paymentId} />}
      />
    </Stack>
  )
}

interface ChooseProps {
  secret: string
  payment: RecipientPayment
  flow: ReceiveFlow
  form: ExtraForm | null
  fieldsPending: boolean
  actions: ReturnType<typeof useFlowActions>
  notice: string | null
  setNotice(notice: string | null): void
  fieldsProps: {
    validateRef: React.RefObject<(() => boolean) | null>
    onProblem(problems: FieldError[]): void
  }
}

/** The earlier withdrawals, then the country, the method and the fields. */
function ChooseSection(chooseProps: ChooseProps) {
  const { secret, payment, flow, form, actions, ...props } = chooseProps
  const { t } = useTranslation('receive')
  const { state } = flow
  const { methods, pending } = useRecipientMethods(secret, state.countryCode)
  const allowed = payment.allowedCountries ?? []
  const applyPrefill = (prefill: Prefill) => {
    // The earlier withdrawal's country when this payment allows it; else the only one allowed.
    const country =
      prefill.countryCode && allowed.includes(prefill.countryCode)
        ? prefill.countryCode
        : allowed.length === 1
          ? allowed[0]!
          : state.countryCode
    flow.prefill(country, prefill.method, prefill.details)
    props.setNotice(prefill.hasRequirements ? t('recent.hasRequirements') : t('recent.used'))
  }
  return (
    <Stack gap="lg">
      <RecentWithdrawals paymentSecret={secret} onUse={applyPrefill} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="receive-choose">
        <Stack gap="md">
          <Title order={2} size="h4" id="receive-choose">
            {t('choose.title')}
          </Title>
          {props.notice && (
            <Alert color="blue" role="status" p="xs" data-testid="receive-prefilled">
              {props.notice}
            </Alert>
          )}
          {/* Submitted before this page was opened: its code's operation is not known here. */}
          {payment.status === 'submitted' && !state.submitted && (
            <Alert color="yellow" p="xs" data-testid="receive-submitted-before">
              {t('choose.submittedBefore')}
            </Alert>
          )}
          <CountryChoice
            paymentSecret={secret}
            allowed={allowed}
            value={state.countryCode}
            error={actions.choiceErrors.country}
            onChange={(country) => {
              props.setNotice(null)
              flow.chooseCountry(country)
            }}
          />
          <MethodChoice
            methods={state.countryCode ? methods : null}
            pending={pending}
            value={state.method}
            error={actions.choiceErrors.method}
            onChange={flow.chooseMethod}
          />
          {state.method && !form && props.fieldsPending && <Loading size="sm" />}
          {form && state.method && (
            <ReceiveFields
              paymentSecret={secret}
              form={form}
              formKey={`${state.countryCode}:${state.method}:${state.formVersion}`}
              prefill={state.prefill}
              details={state.details}
              errors={actions.fieldErrors}
              onChange={flow.setDetails}
              {...props.fieldsProps}
            />
          )}
          {state.method && (
            <Group justify="flex-end">
              <Button onClick={actions.toReview}>{t('choose.next')}</Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}

/** "Start again" once something is chosen, and the refusal, at every step. */
function FlowFooter(props: { started: boolean; onStartAgain(): void; refuse: ReactNode }) {
  const { t } = useTranslation('receive')
  return (
    <Group justify="space-between" gap="sm">
      {props.started ? (
        <Button variant="default" onClick={props.onStartAgain}>
          {t('startAgain')}
        </Button>
      ) : (
        <span />
      )}
      {props.refuse}
    </Group>
  )
}
