// /transfer/external/global: a global payment to an e-mail (issue 16; product-spec sections 6
// and 7). The sender names the recipient (e-mail, name, country), the amount from one of their
// accounts and who pays the fee; the recipient gets an e-mail with a link and chooses how to be
// paid (/receive/<secret>). Send opens the transfers' review with the meta's quote, Confirm
// sends, the approval step follows and the summary page shows what was sent
// (global-summary-page.tsx). Shown only with the sendMoneyGlobalTransfer flag (page-menu.ts).
import { useTranslation } from 'react-i18next'
import { NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { TransferFacts } from './transfer-facts.tsx'
import { AccountSelect, AmountInput, TransferPageShell } from './transfer-shell.tsx'
import { useCountries } from './external-queries.ts'
import { descriptionMaxLength, nameMaxLength, type GlobalFields } from './global-send.ts'
import { useGlobalForm } from './global-send-form.ts'
import { countryNamesIn } from '../../i18n/country-names.ts'

/** The countries in the page's language, sorted as it sorts. */
function useCountryOptions(prompt: string) {
  const { i18n } = useTranslation()
  const countries = useCountries()
  const nameOf = countryNamesIn(i18n.language)
  return [
    { value: '', label: prompt },
    ...countries
      .map((c) => ({ value: c.code, label: nameOf(c.code, c.name) }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
  ]
}

export function Component() {
  const { t } = useTranslation(['global-send', 'transfers'])
  const form = useGlobalForm()
  const { fields, set, invalid, source } = form
  const countries = useCountryOptions(t('fields.countryChoose'))
  return (
    <TransferPageShell
      title={t('title')}
      accounts={form.state}
      submitter={form.submitter}
      onSubmit={(e) => void form.submit(e)}
    >
      <Text size="sm">{t('intro')}</Text>
      <AccountSelect
        label={t('transfers:account.from')}
        accounts={form.accounts}
        value={source ? String(source.accountId) : ''}
        onChange={(accountId) => set({ accountId })}
        error={invalid.accountId}
      />
      <AmountInput
        currency={source?.currencyCode}
        value={fields.amount}
        onChange={(amount) => set({ amount })}
        error={invalid.amount}
      />
      <TransferFacts
        currency={source?.currencyCode ?? ''}
        facts={
          form.quote?.maximumFee !== undefined
            ? { fee: form.quote.maximumFee, feeCurrencyCode: form.quote.currencyCode }
            : {}
        }
      />
      <FeePayerChoice value={fields.feePayer} onChange={(feePayer) => set({ feePayer })} />
      <TextInput
        label={t('fields.toEmail')}
        description={t('fields.toEmailHint')}
        type="email"
        value={fields.toEmail}
        onChange={(e) => set({ toEmail: e.currentTarget.value })}
        error={invalid.toEmail}
        autoComplete="off"
        required
      />
      <TextInput
        label={t('fields.beneficiaryName')}
        value={fields.beneficiaryName}
        onChange={(e) => set({ beneficiaryName: e.currentTarget.value })}
        error={invalid.beneficiaryName}
        maxLength={nameMaxLength}
        autoComplete="off"
        required
      />
      <NativeSelect
        label={t('fields.countryCode')}
        data={countries}
        value={fields.countryCode}
        onChange={(e) => set({ countryCode: e.currentTarget.value })}
        error={invalid.countryCode}
        required
      />
      <CountryMethods methods={form.methods} />
      <Textarea
        label={t('fields.description')}
        value={fields.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
        error={invalid.description}
        maxLength={descriptionMaxLength}
        autosize
        minRows={2}
      />
    </TransferPageShell>
  )
}

function FeePayerChoice(props: {
  value: GlobalFields['feePayer']
  onChange(value: GlobalFields['feePayer']): void
}) {
  const { t } = useTranslation('global-send')
  return (
    <Radio.Group
      label={t('fields.feePayer')}
      value={props.value}
      onChange={(value) => props.onChange(value === 'recipient' ? 'recipient' : 'sender')}
    >
      <Stack gap="xs" mt="xs">
        <Radio value="sender" label={t('feePayer.sender')} />
        <Radio value="recipient" label={t('feePayer.recipient')} />
      </Stack>
    </Radio.Group>
  )
}

/** How the recipient may be paid in the chosen country, as the server lists it. */
function CountryMethods({ methods }: { methods: { transferType: string }[] | null }) {
  const { t } = useTranslation(['global-send', 'external'])
  if (methods === null) return null
  if (methods.length === 0)
    return (
      <Text size="sm" c="red.8" data-testid="global-methods" role="status">
        {t('methods.none')}
      </Text>
    )
  const names = methods.map((m) =>
    t(`external:types.${m.transferType}`, { defaultValue: m.transferType }),
  )
  return (
    <Text size="sm" c="dimmed" data-testid="global-methods">
      {t('methods.offered', { methods: names.join(', ') })}
    </Text>
  )
}
