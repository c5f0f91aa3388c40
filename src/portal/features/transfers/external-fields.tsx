// The external transfer's fields once a method is chosen: whose money it is, the source
// account, the payout currency, the destination, the method's extra parameters (rendered by
// the schema renderer), the amount with its fee, maximum and limits, a note and a template
// name to save it under.
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Group, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { SchemaForm } from '../../renderer/schema-form.tsx'
import type { Account } from '../../components/transfer/use-own-accounts.ts'
import { TransferType } from '../../../generated/constants.ts'
import type { TransferPermission } from '../../../shared/permission-flags.ts'
import type { ExternalTransferType } from '../../../shared/transfer-types.ts'
import { DestinationFields } from './external-destination.tsx'
import { TransferFacts } from './transfer-facts.tsx'
import { AccountSelect, AmountInput } from './transfer-shell.tsx'
import type { ExternalChoice } from './use-external-choice.ts'
import type { ExternalForm } from './use-external-form.ts'

export interface ExternalFieldsProps {
  type: ExternalTransferType
  form: ExternalForm
  choice: ExternalChoice
  accounts: Account[]
  errors: Record<string, string>
  validateExtra: RefObject<(() => boolean) | null>
}

export function ExternalFields(props: ExternalFieldsProps) {
  const { t } = useTranslation(['external', 'transfers'])
  const { type, form, choice, errors } = props
  const { values, setters } = form
  return (
    <>
      <WhoseChoice choice={choice} onChange={setters.setPermission} />
      <AccountSelect
        label={t('transfers:account.from')}
        accounts={props.accounts}
        value={choice.source ? String(choice.source.accountId) : ''}
        onChange={setters.setFrom}
        error={errors.accountId}
      />
      <CurrencyChoice choice={choice} onChange={setters.setCurrency} error={errors.currencyCode} />
      <DestinationFields
        type={type}
        countryCode={values.countryCode}
        draft={values.draft}
        setField={form.setField}
        errors={errors}
        setProblem={form.setProblem}
      />
      <ExtraParameters {...props} />
      <AmountInput
        currency={choice.amountCurrency}
        value={values.amount}
        onChange={setters.setAmount}
        error={errors.amount}
      />
      <TransferFacts currency={choice.source?.currencyCode ?? ''} facts={choice.facts} />
      <Textarea
        label={t('fields.note')}
        value={values.note}
        onChange={(e) => setters.setNote(e.currentTarget.value)}
        error={errors.note}
        maxLength={1000}
        autosize
        minRows={2}
      />
      <TextInput
        label={t('templateName')}
        description={t('templateHint')}
        value={values.templateName}
        onChange={(e) => setters.setTemplateName(e.currentTarget.value)}
        error={errors.templateName}
        maxLength={256}
      />
    </>
  )
}

/** Own account or third party: a choice when both are allowed, else the one that is. */
function WhoseChoice({
  choice,
  onChange,
}: {
  choice: ExternalChoice
  onChange(permission: TransferPermission): void
}) {
  const { t } = useTranslation('external')
  if (choice.permissions.length <= 1)
    return (
      <Text size="sm" c="dimmed" data-testid="permission-only">
        {t(`permission.only.${choice.whose}`)}
      </Text>
    )
  return (
    <Radio.Group
      label={t('permission.label')}
      value={choice.whose}
      onChange={(v) => onChange(v as TransferPermission)}
    >
      <Group mt="xs">
        <Radio value="own" label={t('permission.own')} />
        <Radio value="3d" label={t('permission.3d')} />
      </Group>
    </Radio.Group>
  )
}

/** The payout currency: a choice when the method pays out in several. */
function CurrencyChoice({
  choice,
  onChange,
  error,
}: {
  choice: ExternalChoice
  onChange(currency: string): void
  error: string | undefined
}) {
  const { t } = useTranslation('external')
  if (choice.currencies.length > 1)
    return (
      <NativeSelect
        label={t('currency')}
        data={choice.currencies}
        value={choice.payout}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
      />
    )
  if (!error) return null
  return (
    <Text size="sm" c="red" role="alert">
      {error}
    </Text>
  )
}

function ExtraParameters({ type, form, choice, validateExtra }: ExternalFieldsProps) {
  const { t } = useTranslation(['external', 'transfers'])
  const { extraForm } = choice
  if (!extraForm) return null
  return (
    <Stack gap="xs" data-testid="extra-params">
      <Text fw={600} size="sm">
        {t('extraTitle')}
      </Text>
      <SchemaForm
        key={`${type}:${form.values.countryCode}:${choice.payout}`}
        formKey={`external.${type}`}
        operationId={type === TransferType.Wire ? 'wireTransferSubmit' : 'eftTransferSubmit'}
        runtime={extraForm.runtime}
        visibleWhen={extraForm.visibleWhen}
        initial={extraForm.initial}
        serverErrors={form.extraErrors}
        submitLabel={t('transfers:submit')}
        embedded
        validateRef={validateExtra}
        onChange={form.setExtraData}
        onSubmit={() => undefined}
      />
    </Stack>
  )
}
