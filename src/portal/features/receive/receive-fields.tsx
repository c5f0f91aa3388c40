// The fields of the chosen payout method (globalRecipientExtraParamList: the destination, then
// the country's extra fields) rendered by the schema renderer, as the external transfer's
// extra parameters are; under them what the lookups found: the bank of the SWIFT code and of
// an IBAN, the issuer of a card (product-spec sections 3 and 5). A lookup that finds the value
// unusable marks its field.
import { useEffect, useMemo, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { Alert, Stack, Text } from '@mantine/core'
import { SchemaForm } from '../../renderer/schema-form.tsx'
import type { FieldError } from '../../renderer/call-operation.ts'
import type { Json } from '../../renderer/screens-data.ts'
import {
  extraParamErrors,
  extraParamsForm,
  extraParamValues,
  type ExtraForm,
} from '../transfers/extra-parameters.ts'
import { instantKeyTypes } from '../transfers/external-destination.tsx'
import type { RecipientField } from './api/recipient-queries.ts'
import { useCardBin, useIbanBank, useSwiftBank } from './api/recipient-lookups.ts'

/** The fields as a runtime form, each label in the reader's language where the page knows it. */
export function useFieldsForm(fields: RecipientField[] | null): ExtraForm | null {
  const { t } = useTranslation(['receive', 'external'])
  return useMemo(() => {
    if (!fields || fields.length === 0) return null
    return extraParamsForm(
      fields.map((field) => translated(field, t)),
      (p) => p.label ?? p.name,
    )
  }, [fields, t])
}

function translated(field: RecipientField, t: TFunction): RecipientField {
  const label = t(
    [
      `receive:fields.${field.name}`,
      `external:fields.${field.name}`,
      `external:extra.${field.name}`,
    ],
    {
      defaultValue: field.label ?? field.name,
    },
  )
  // The instant key's kind is one of the scheme's; the server takes it as text.
  const options: NonNullable<RecipientField['options']> | undefined =
    field.name === 'instantKeyType' && !field.options
      ? instantKeyTypes.map((value) => ({ value }))
      : field.options
  return {
    ...field,
    label,
    ...(options && {
      options: options.map((option) => ({
        ...option,
        label: t(
          field.name === 'instantKeyType'
            ? `external:instant.keyTypes.${option.value}`
            : `external:extraOptions.${field.name}.${option.value}`,
          { defaultValue: option.label ?? option.value },
        ),
        ...(option.extraParams && {
          extraParams: option.extraParams.map((nested) => translated(nested, t)),
        }),
      })),
    }),
  }
}

export interface ReceiveFieldsProps {
  paymentSecret: string
  form: ExtraForm
  formKey: string
  prefill: Record<string, string>
  details: Record<string, string>
  errors: FieldError[]
  validateRef: RefObject<(() => boolean) | null>
  onChange(details: Record<string, string>): void
  /** A lookup found a field's value unusable: its message, or null once it is fine. */
  onProblem(problems: FieldError[]): void
}

export function ReceiveFields(props: ReceiveFieldsProps) {
  const { t } = useTranslation(['receive', 'external'])
  const { form, details } = props
  const lookups = useLookups(props.paymentSecret, details)
  const { onProblem } = props
  const problems = lookups.problems(t)
  // Told to the page when what the lookups found changes, not on every render.
  const problemKey = JSON.stringify(problems)
  useEffect(() => onProblem(JSON.parse(problemKey) as FieldError[]), [problemKey, onProblem])
  const errors = [...props.errors, ...extraParamErrors(problems, form.sentAs)]
  return (
    <Stack gap="sm" data-testid="receive-fields">
      <SchemaForm
        key={props.formKey}
        formKey="receive.details"
        operationId="globalRecipientPaymentSubmit"
        runtime={form.runtime}
        visibleWhen={form.visibleWhen}
        initial={{ ...form.initial, ...props.prefill }}
        serverErrors={errors}
        submitLabel={t('receive:choose.next')}
        embedded
        validateRef={props.validateRef}
        onChange={(data: Record<string, Json>) =>
          props.onChange(extraParamValues(data, form.sentAs))
        }
        onSubmit={() => undefined}
      />
      <LookupNotes lookups={lookups} />
    </Stack>
  )
}

function useLookups(paymentSecret: string, details: Record<string, string>) {
  const iban = useIbanBank(paymentSecret, details.accountNumber ?? '')
  const swift = useSwiftBank(paymentSecret, details.swift ?? '')
  const card = useCardBin(paymentSecret, details.cardNumber ?? '')
  return {
    iban,
    swift,
    card,
    problems: (t: TFunction): FieldError[] => [
      ...(iban?.valid === false
        ? [{ parameter: 'extraParams.accountNumber', description: t('external:wire.ibanInvalid') }]
        : []),
      ...(swift?.valid === false
        ? [{ parameter: 'extraParams.swift', description: t('external:wire.swiftInvalid') }]
        : []),
      ...(card?.isBlocked
        ? [{ parameter: 'extraParams.cardNumber', description: t('external:card.blocked') }]
        : []),
    ],
  }
}

function LookupNotes({ lookups }: { lookups: ReturnType<typeof useLookups> }) {
  const { t } = useTranslation('receive')
  const { iban, swift, card } = lookups
  return (
    <>
      {iban?.valid && (
        <BankNote
          testId="iban-bank"
          title={t('bank.ofIban')}
          lines={[iban.bankName, [iban.branch, iban.city, iban.country].filter(Boolean).join(', ')]}
        />
      )}
      {swift?.valid && (
        <BankNote
          testId="swift-bank"
          title={t('bank.ofSwift')}
          lines={[
            swift.bankName,
            [swift.address, swift.city, swift.countryIsoCode].filter(Boolean).join(', '),
          ]}
        />
      )}
      {card?.info?.valid && !card.isBlocked && (
        <BankNote
          testId="card-issuer"
          title={t('bank.ofCard')}
          lines={[
            [card.info.cardBrand, card.info.cardType].filter(Boolean).join(' · '),
            card.info.issuer,
          ]}
        />
      )}
    </>
  )
}

function BankNote(props: { testId: string; title: string; lines: (string | null | undefined)[] }) {
  const shown = props.lines.filter((line): line is string => Boolean(line))
  if (shown.length === 0) return null
  return (
    <Alert color="blue" p="xs" title={props.title} data-testid={props.testId}>
      {shown.map((line) => (
        <Text key={line} size="sm" translate="no">
          {line}
        </Text>
      ))}
    </Alert>
  )
}
