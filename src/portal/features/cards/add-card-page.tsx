// /add-card (product-spec section 2; issue 17): choose a physical or a virtual card and its
// product, the shipping of a plastic card (its fee and delivery time; an option the issuer
// refuses shows why and cannot be chosen), the payment account the card settles against and
// the one its fees are taken from. Continue applies (nothing is charged yet) and opens
// /confirm-card/{cardId} with the fee table.
import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { components } from '../../../generated/api.d.ts'
import { useOperationQuery } from '../../api/operation-query.ts'
import { useMoney } from '../../i18n/use-money.ts'
import { ResponseCode } from '../../../generated/constants.ts'
import { usePaymentAccounts } from './card-data.ts'
import { AccountChoice, FeeTable } from './card-fees.tsx'
import { Notice } from './card-notice.tsx'
import { useCardAction, type ActionResult } from './use-card-action.ts'
import { Loading } from '../../components/loading.tsx'

type Product = components['schemas']['CardProduct']
type Shipping = components['schemas']['ShippingOption']

export function productLabel(t: (key: string) => string, product: Product): string {
  const medium = product.cardIsVirtual ? 'virtual' : 'physical'
  const kind = product.subType === 'DEBIT' ? 'Debit' : 'Prepaid'
  return `${t(`kind.${medium}${kind}`)} · ${product.currencyCode}`
}

interface Choice {
  virtual: boolean
  type: string
  shippingId: string
  settlement: string
  feeAccount: string
  alias: string
}

/** The fields still to choose, each with the text that says so. */
function missingChoices(choice: Choice, hasProduct: boolean, required: string) {
  const found: Record<string, string> = {}
  if (!hasProduct) found.type = required
  if (!choice.virtual && !choice.shippingId) found.shipping = required
  if (!choice.settlement) found.settlement = required
  if (!choice.feeAccount) found.feeAccount = required
  return found
}

/** The form's choices, the catalogue and the chosen product's quote, and Continue. */
function useApplication() {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const [choice, setChoice] = useState<Choice>({
    virtual: false,
    type: '',
    shippingId: '',
    settlement: '',
    feeAccount: '',
    alias: '',
  })
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<ActionResult | null>(null)
  const set = (part: Partial<Choice>) => setChoice((current) => ({ ...current, ...part }))
  const catalogue = useOperationQuery('applyForCardInfo', {})
  const products = (catalogue.data?.data?.products ?? []).filter(
    (p) => p.cardIsVirtual === choice.virtual,
  )
  const product = products.find((p) => String(p.type) === choice.type)
  const quote = useOperationQuery(
    'applyForCardInfo',
    { type: product?.type ?? 2006 },
    { enabled: Boolean(product) },
  )
  const fees =
    quote.data?.data?.responseCode === ResponseCode.Success ? quote.data.data.fees : undefined
  const accounts = (usePaymentAccounts() ?? []).filter(
    (a) => a.currencyCode === product?.currencyCode,
  )
  const apply = useCardAction('cardApply', setNotice)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found = missingChoices(choice, product !== undefined, t('errors.required'))
    setInvalid(found)
    if (!product || Object.keys(found).length > 0) return
    const alias = choice.alias.trim().replace(/\s+/g, ' ')
    const reply = await apply.run(
      (idempotencyKey) => ({
        type: product.type,
        cardIsVirtual: product.cardIsVirtual,
        ...(!choice.virtual && { shippingId: Number(choice.shippingId) }),
        settlementAccountId: Number(choice.settlement),
        feeAccountId: Number(choice.feeAccount),
        ...(alias && { cardAliasName: alias }),
        idempotencyKey,
      }),
      t('apply.applied'),
    )
    const cardId = reply?.cardId ?? reply?.card?.accountId
    if (cardId) await navigate(`/confirm-card/${cardId}`, { state: { fee: reply?.fee } })
  }

  return {
    choice,
    set,
    invalid,
    notice,
    setNotice,
    catalogue,
    products,
    product,
    fees,
    accounts,
    apply,
    submit,
  }
}

export function Component() {
  const { t } = useTranslation(['cards', 'common'])
  const form = useApplication()
  const { setNotice } = form
  const closeNotice = useCallback(() => setNotice(null), [setNotice])
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('apply.title')}
      </Title>
      <Notice result={form.notice} onClose={closeNotice} />
      {form.catalogue.isPending && <Loading />}
      <Paper
        withBorder
        p="md"
        radius="md"
        component="form"
        onSubmit={(event) => void form.submit(event)}
        noValidate
      >
        <Stack>
          <ApplicationFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.apply.busy}>
              {t('apply.continue')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}

/** The kind, the product and its fees, the shipping, the accounts and the name. */
function ApplicationFields({ form }: { form: ReturnType<typeof useApplication> }) {
  const { t } = useTranslation('cards')
  const { choice, set, invalid, products, product, fees, accounts } = form
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="card-kind-label">
          {t('apply.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby="card-kind-label"
          value={choice.virtual ? 'virtual' : 'physical'}
          onChange={(value) => set({ virtual: value === 'virtual', type: '', shippingId: '' })}
          data={[
            { value: 'physical', label: t('physical') },
            { value: 'virtual', label: t('virtual') },
          ]}
        />
      </Stack>
      <NativeSelect
        label={t('apply.product')}
        data={[
          { value: '', label: t('apply.chooseProduct') },
          ...products.map((p) => ({ value: String(p.type), label: productLabel(t, p) })),
        ]}
        value={choice.type}
        onChange={(event) =>
          set({
            type: event.currentTarget.value,
            shippingId: '',
            settlement: '',
            feeAccount: '',
          })
        }
        error={invalid.type}
        required
      />
      {fees && <FeeTable fees={fees} />}
      {fees && !choice.virtual && (
        <ShippingChoice
          options={fees.shipping}
          currency={fees.currency}
          value={choice.shippingId}
          onChange={(shippingId) => set({ shippingId })}
          error={invalid.shipping}
        />
      )}
      {product && (
        <>
          <AccountChoice
            label={t('apply.settlement')}
            accounts={accounts}
            value={choice.settlement}
            onChange={(settlement) =>
              set({ settlement, feeAccount: choice.feeAccount || settlement })
            }
            error={invalid.settlement}
          />
          <AccountChoice
            label={t('apply.feeAccount')}
            accounts={accounts}
            value={choice.feeAccount}
            onChange={(feeAccount) => set({ feeAccount })}
            error={invalid.feeAccount}
          />
          <TextInput
            label={t('apply.alias')}
            value={choice.alias}
            maxLength={64}
            onChange={(event) => set({ alias: event.currentTarget.value })}
          />
        </>
      )}
    </>
  )
}

function ShippingChoice(props: {
  options: Shipping[]
  currency: string
  value: string
  onChange(value: string): void
  error?: string | undefined
}) {
  const { t } = useTranslation('cards')
  const money = useMoney()
  if (props.options.length === 0) return <Text role="alert">{t('apply.noShipping')}</Text>
  return (
    <Radio.Group
      label={t('apply.shipping')}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      required
    >
      <Stack gap="sm" mt="xs">
        {props.options.map((option) => {
          const reasons = option.disabledReasons ?? []
          const details = [money(option.fee, props.currency), option.deliveryTime]
            .filter(Boolean)
            .join(' · ')
          return (
            <Radio
              key={option.id}
              value={String(option.id)}
              disabled={reasons.length > 0}
              label={t(`shippingType.${option.type}`, { defaultValue: option.type })}
              description={
                reasons.length > 0
                  ? `${details} — ${t('apply.unavailable', { reasons: reasons.join(', ') })}`
                  : details
              }
              data-testid={`shipping-${option.type}`}
            />
          )
        })}
      </Stack>
    </Radio.Group>
  )
}
