// Where an external transfer goes, per type (product-spec sections 3 and 5): wire by IBAN or
// account number with the SWIFT code, each looked up and the bank shown (a lookup that finds
// it invalid marks the field); EFT with the country's banks and, for BR, JP, HK and LK, the
// bank's branches; a card by number (its BIN, the first 6 digits without spaces, looked up
// and checked against the blocked list) or a saved card; a crypto wallet; an instant key with
// what it leads to; an Interac e-mail. A lookup's refusal is reported to the page as a
// problem of its field, so Send refuses it before anything is sent.
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useDebouncedValue } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { Alert, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core'
import { api } from '../../api/client.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { TransferType } from '../../../generated/constants.ts'
import { eftNeedsBankCode, type ExternalTransferType } from '../../../shared/transfer-types.ts'
import {
  binOf,
  compactIban,
  isEmailShaped,
  isIbanShaped,
  isSwiftShaped,
  interacCurrency,
  type Draft,
} from './external-methods.ts'
import { ResponseCode } from '../../../generated/constants.ts'

export interface DestinationProps {
  type: ExternalTransferType
  countryCode: string
  draft: Draft
  setField(name: string, value: string): void
  /** The message shown under each field: the page's checks, the server's or a lookup's. */
  errors: Record<string, string>
  /** A lookup found the field's value unusable (null clears it). */
  setProblem(name: string, message: string | null): void
}

export function DestinationFields(props: DestinationProps) {
  switch (props.type) {
    case TransferType.Wire:
      return <WireFields {...props} />
    case TransferType.Eft:
      return <EftFields {...props} />
    case TransferType.Oct:
      return <CardFields {...props} />
    case TransferType.CryptoEft:
      return <CryptoFields {...props} />
    case TransferType.InstantPayment:
      return <InstantFields {...props} />
    case TransferType.Interac:
      return <InteracFields {...props} />
  }
}

/** A text field of the draft, by its submit name and its label key. */
function DraftInput(
  props: DestinationProps & {
    name: string
    label: string
    required?: boolean
    inputMode?: 'text' | 'numeric' | 'email'
    type?: string
    maxLength?: number
  },
) {
  const { t } = useTranslation('external')
  return (
    <TextInput
      label={t(props.label)}
      value={props.draft[props.name] ?? ''}
      onChange={(event) => props.setField(props.name, event.currentTarget.value)}
      error={props.errors[props.name]}
      required={props.required ?? false}
      inputMode={props.inputMode}
      type={props.type}
      maxLength={props.maxLength ?? 256}
      autoComplete="off"
    />
  )
}

/** How long typing must pause before a lookup is sent. */
const lookupDebounceMs = 400

/**
 * Runs a lookup once its input has settled for 400 ms; the answer is cached per input, and a
 * newer input cancels the older call (the query's signal).
 */
function useLookup<T>(
  name: string,
  key: string | null,
  run: (key: string, signal: AbortSignal) => Promise<T>,
): T | null {
  const [settled] = useDebouncedValue(key, lookupDebounceMs)
  const ready = key !== null && settled === key
  const query = useQuery({
    queryKey: ['lookup', name, settled],
    queryFn: ({ signal }) => run(settled ?? '', signal),
    enabled: ready,
  })
  return ready ? (query.data ?? null) : null
}

function BankNote({ testId, lines }: { testId: string; lines: (string | null | undefined)[] }) {
  const shown = lines.filter((line): line is string => Boolean(line))
  if (shown.length === 0) return null
  return (
    <Alert color="blue" p="xs" data-testid={testId}>
      {shown.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  )
}

/**
 * The wire destination's IBAN and SWIFT lookups: a valid IBAN fills an empty SWIFT field, a
 * valid SWIFT the bank's name and address.
 */
function useWireLookups({ draft, setField, setProblem }: DestinationProps) {
  const { t } = useTranslation('external')
  const byIban = draft.destinationKind !== 'accountNumber'
  const iban = compactIban(draft.iban ?? '')
  const swift = (draft.swift ?? '').trim().toUpperCase()
  const ibanDetails = useLookup(
    'ibanLookup',
    byIban && isIbanShaped(iban) ? iban : null,
    async (key, signal) => {
      const { data } = await api.POST('/rpc/ibanLookup', { body: { iban: key }, signal })
      return data?.responseCode === ResponseCode.Success ? (data.bankDetails ?? null) : null
    },
  )
  const swiftDetails = useLookup(
    'swiftLookup',
    isSwiftShaped(swift) ? swift : null,
    async (key, signal) => {
      const { data } = await api.POST('/rpc/swiftLookup', { body: { swift: key }, signal })
      return data?.responseCode === ResponseCode.Success ? (data.bankDetails ?? null) : null
    },
  )

  // The lookup's validity flag is the field's error (section 3: "IBAN validity flag").
  useEffect(() => {
    setProblem('iban', byIban && ibanDetails?.valid === false ? t('wire.ibanInvalid') : null)
    if (ibanDetails?.valid && ibanDetails.swift && !draft.swift)
      setField('swift', ibanDetails.swift)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the lookup's answer
  }, [ibanDetails, byIban])
  useEffect(() => {
    setProblem('swift', swiftDetails?.valid === false ? t('wire.swiftInvalid') : null)
    if (swiftDetails?.valid) {
      if (swiftDetails.bankName) setField('bankName', swiftDetails.bankName)
      const address = [swiftDetails.address, swiftDetails.zipCode, swiftDetails.city]
        .filter(Boolean)
        .join(', ')
      if (address) setField('bankAddress', address)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the lookup's answer
  }, [swiftDetails])
  return { byIban, ibanDetails, swiftDetails }
}

function WireFields(props: DestinationProps) {
  const { t } = useTranslation('external')
  const { setField } = props
  const { byIban, ibanDetails, swiftDetails } = useWireLookups(props)

  return (
    <Stack gap="sm">
      <DraftInput {...props} name="beneficiaryName" label="fields.beneficiaryName" required />
      <DraftInput {...props} name="beneficiaryAddress" label="fields.beneficiaryAddress" />
      <Radio.Group
        label={t('wire.destination')}
        value={byIban ? 'iban' : 'accountNumber'}
        onChange={(value) => setField('destinationKind', value)}
      >
        <Group mt="xs">
          <Radio value="iban" label={t('wire.byIban')} />
          <Radio value="accountNumber" label={t('wire.byAccount')} />
        </Group>
      </Radio.Group>
      {byIban ? (
        <DraftInput {...props} name="iban" label="fields.iban" required maxLength={42} />
      ) : (
        <DraftInput {...props} name="accountNumber" label="fields.accountNumber" required />
      )}
      {byIban && ibanDetails?.valid && (
        <BankNote
          testId="iban-bank"
          lines={[
            ibanDetails.bankName,
            [ibanDetails.branch, ibanDetails.city, ibanDetails.country].filter(Boolean).join(', '),
            ibanDetails.swift && t('wire.swiftOf', { swift: ibanDetails.swift }),
          ]}
        />
      )}
      <DraftInput {...props} name="swift" label="fields.swift" required maxLength={11} />
      {swiftDetails?.valid && (
        <BankNote
          testId="swift-bank"
          lines={[
            swiftDetails.bankName,
            [swiftDetails.address, swiftDetails.city, swiftDetails.countryIsoCode]
              .filter(Boolean)
              .join(', '),
          ]}
        />
      )}
      <DraftInput {...props} name="reference" label="fields.reference" />
    </Stack>
  )
}

function EftFields(props: DestinationProps) {
  const { t } = useTranslation('external')
  const { countryCode, draft, setField } = props
  const banks = useLookup('bankList', countryCode || null, async (key, signal) => {
    const { data } = await api.POST('/rpc/bankList', { body: { countryCode: key }, signal })
    return data?.responseCode === ResponseCode.Success ? (data.banks ?? []) : []
  })
  const withBranches = eftNeedsBankCode(countryCode)
  const bankCode = draft.bankCode ?? ''
  const branches = useLookup(
    'branchCodeList',
    withBranches && bankCode ? `${countryCode}:${bankCode}` : null,
    async (_key, signal) => {
      const { data } = await api.POST('/rpc/branchCodeList', {
        body: { countryCode, bankCode },
        signal,
      })
      return data?.responseCode === ResponseCode.Success ? (data.branches ?? []) : []
    },
  )
  return (
    <Stack gap="sm">
      <DraftInput {...props} name="beneficiaryName" label="fields.beneficiaryName" required />
      <DraftInput {...props} name="beneficiaryAddress" label="fields.beneficiaryAddress" />
      {banks && banks.length > 0 && (
        <NativeSelect
          label={t('fields.bankCode')}
          data={[
            { value: '', label: t('eft.chooseBank') },
            ...banks.map((bank) => ({ value: bank.code, label: `${bank.name} (${bank.code})` })),
          ]}
          value={bankCode}
          onChange={(event) => {
            setField('bankCode', event.currentTarget.value)
            setField('branchCode', '')
          }}
          error={props.errors.bankCode}
          required={withBranches}
        />
      )}
      {withBranches && (
        <NativeSelect
          label={t('fields.branchCode')}
          data={[
            { value: '', label: bankCode ? t('eft.chooseBranch') : t('eft.bankFirst') },
            ...(branches ?? []).map((branch) => ({
              value: branch.code,
              label: branch.name ? `${branch.name} (${branch.code})` : branch.code,
            })),
          ]}
          value={draft.branchCode ?? ''}
          onChange={(event) => setField('branchCode', event.currentTarget.value)}
          error={props.errors.branchCode}
          disabled={!bankCode}
          required
        />
      )}
      <DraftInput {...props} name="accountNumber" label="fields.accountNumber" required />
      <DraftInput {...props} name="reference" label="fields.reference" />
    </Stack>
  )
}

function CardFields(props: DestinationProps) {
  const { t } = useTranslation('external')
  const { draft, setField, setProblem } = props
  const cardList = useOperationQuery('externalCardList', {})
  const blockedList = useOperationQuery('binBlacklistList', {})
  const cards = (cardList.data?.data?.cards ?? []).filter((card) => !card.isDisabled)
  const blocked = blockedList.data?.data?.bins ?? []
  const saved = draft.externalCardId ?? ''
  const bin = saved ? null : binOf(draft.cardNumber ?? '')
  const info = useLookup('binInfoGet', bin, async (key, signal) => {
    const { data } = await api.POST('/rpc/binInfoGet', { body: { binNumber: key }, signal })
    return data?.responseCode === ResponseCode.Success ? (data.binInfo ?? null) : null
  })
  // A blocked BIN is refused before anything is sent (section 3, the blocked-BIN list).
  const isBlocked = bin !== null && (blocked.includes(bin) || (info !== null && !info.valid))
  useEffect(() => {
    setProblem('cardNumber', isBlocked ? t('card.blocked') : null)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the check's answer
  }, [isBlocked])

  return (
    <Stack gap="sm">
      {cards.length > 0 && (
        <NativeSelect
          label={t('card.saved')}
          data={[
            { value: '', label: t('card.newCard') },
            ...cards.map((card) => ({
              value: String(card.id),
              label: [card.cardBrand, card.maskedCardNumber, card.cardHolderName]
                .filter(Boolean)
                .join(' · '),
            })),
          ]}
          value={saved}
          onChange={(event) => setField('externalCardId', event.currentTarget.value)}
        />
      )}
      {!saved && (
        <>
          <DraftInput
            {...props}
            name="cardNumber"
            label="fields.cardNumber"
            required
            inputMode="numeric"
            maxLength={23}
          />
          {info?.valid && !isBlocked && (
            <BankNote
              testId="card-brand"
              lines={[
                [info.cardBrand, info.cardType, info.cardCategory].filter(Boolean).join(' · '),
                info.issuer,
              ]}
            />
          )}
          <DraftInput {...props} name="cardHolderName" label="fields.cardHolderName" required />
        </>
      )}
    </Stack>
  )
}

function CryptoFields(props: DestinationProps) {
  return (
    <Stack gap="sm">
      <DraftInput {...props} name="walletAddress" label="fields.walletAddress" required />
      <DraftInput {...props} name="network" label="fields.network" maxLength={32} />
      <DraftInput {...props} name="memo" label="fields.memo" maxLength={128} />
      <DraftInput {...props} name="beneficiaryName" label="fields.beneficiaryName" />
    </Stack>
  )
}

/** The kinds of instant key the scheme (PIX) uses: tax id, e-mail, phone or a random key. */
export const instantKeyTypes = ['taxId', 'email', 'phone', 'randomKey'] as const

function InstantFields(props: DestinationProps) {
  const { t } = useTranslation('external')
  const { countryCode, draft, setField } = props
  const keyType = draft.instantKeyType ?? ''
  const key = (draft.instantKey ?? '').trim()
  const taxId = (draft.taxId ?? '').trim()
  const keyInfo = useLookup(
    'instantKeyInfoGet',
    keyType && key ? `${keyType}\u0000${key}\u0000${taxId}` : null,
    (_lookup, signal) =>
      api
        .POST('/rpc/instantKeyInfoGet', {
          body: { instantKey: key, instantKeyType: keyType, ...(taxId && { taxId }) },
          signal,
        })
        .then(({ data }) =>
          data?.responseCode === ResponseCode.Success ? (data.instantInfo ?? null) : null,
        ),
  )
  const banks = useLookup('instantBankList', countryCode || null, async (code, signal) => {
    const { data } = await api.POST('/rpc/instantBankList', {
      body: { countryCode: code },
      signal,
    })
    return data?.responseCode === ResponseCode.Success ? (data.banks ?? []) : []
  })
  useEffect(() => {
    if (keyInfo?.beneficiaryName) setField('beneficiaryName', keyInfo.beneficiaryName)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the lookup's answer
  }, [keyInfo])
  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('fields.instantKeyType')}
        data={[
          { value: '', label: t('instant.chooseKeyType') },
          ...instantKeyTypes.map((type) => ({ value: type, label: t(`instant.keyTypes.${type}`) })),
        ]}
        value={keyType}
        onChange={(event) => setField('instantKeyType', event.currentTarget.value)}
        error={props.errors.instantKeyType}
        required
      />
      <DraftInput {...props} name="instantKey" label="fields.instantKey" required />
      <DraftInput {...props} name="taxId" label="fields.taxId" maxLength={64} />
      {keyInfo && (
        <BankNote
          testId="instant-key-info"
          lines={[
            keyInfo.beneficiaryName && t('instant.name', { name: keyInfo.beneficiaryName }),
            keyInfo.bankName && t('instant.bank', { bank: keyInfo.bankName }),
            keyInfo.accountNumber && t('instant.account', { account: keyInfo.accountNumber }),
          ]}
        />
      )}
      {banks && banks.length > 0 && (
        <NativeSelect
          label={t('fields.instantBank')}
          data={[
            { value: '', label: t('instant.anyBank') },
            ...banks.map((bank) => ({ value: bank.code, label: bank.name })),
          ]}
          value={draft.bankCode ?? ''}
          onChange={(event) => setField('bankCode', event.currentTarget.value)}
        />
      )}
    </Stack>
  )
}

function InteracFields(props: DestinationProps) {
  const { t } = useTranslation('external')
  const email = (props.draft.email ?? '').trim()
  return (
    <Stack gap="sm">
      <DraftInput {...props} name="email" label="fields.email" required inputMode="email" />
      {email !== '' && !isEmailShaped(email) && (
        <Text size="xs" c="dimmed">
          {t('interac.emailHint')}
        </Text>
      )}
      <DraftInput {...props} name="beneficiaryName" label="fields.beneficiaryName" required />
      <Text size="sm" c="dimmed">
        {t('interac.currency', { currency: interacCurrency })}
      </Text>
    </Stack>
  )
}
