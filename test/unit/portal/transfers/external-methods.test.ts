// The rules of the external transfer page that need no browser: the BIN (product-spec
// section 5: first 6 digits without spaces), when a fee may be asked for (amount and target
// set), and that every fee and submit request the page builds passes the spec's own request
// validator. Which types the flags allow is the shared table's, tested with it.
import { describe, expect, test } from 'vitest'
import * as validators from '../../../../src/generated/validators.js'
import type { ValidateFunction } from '../../../../src/generated/validators.js'
import {
  binOf,
  draftOf,
  feeRequest,
  hasTarget,
  missingFields,
  submitRequest,
  type Common,
  type Draft,
} from '../../../../src/portal/features/transfers/external-methods.ts'
import type { ExternalTransferType } from '../../../../src/shared/transfer-types.ts'

const table = validators as unknown as Record<string, ValidateFunction>
const validatorOf = (path: string) => table[`request_${path.replace('/rpc/', '')}`]!

const common: Common = {
  accountId: 10000001,
  amount: '25.50',
  currencyCode: 'USD',
  countryCode: 'US',
  permission: '3d',
}

const drafts: [ExternalTransferType, Partial<Common>, Draft][] = [
  [
    'wire',
    { countryCode: 'DE', currencyCode: 'EUR' },
    { beneficiaryName: 'Jamie', iban: 'de89 3704 0044 0532 0130 00', swift: 'cobadeffxxx' },
  ],
  [
    'wire',
    {},
    {
      destinationKind: 'accountNumber',
      beneficiaryName: 'A',
      accountNumber: '12345',
      swift: 'CHASUS33',
    },
  ],
  [
    'eft',
    { countryCode: 'BR', currencyCode: 'BRL' },
    { beneficiaryName: 'B', accountNumber: '1-2', bankCode: '001', branchCode: '0001' },
  ],
  ['oct', {}, { cardNumber: '4147 2012 3400 0008', cardHolderName: 'Alex' }],
  ['oct', {}, { externalCardId: '42' }],
  [
    'crypto_eft',
    { currencyCode: 'ETH' },
    { walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7', network: 'ethereum' },
  ],
  [
    'instant_payment',
    { countryCode: 'BR', currencyCode: 'BRL' },
    { instantKeyType: 'taxId', instantKey: '52998224725', beneficiaryName: 'Ana' },
  ],
  ['interac', { countryCode: 'CA' }, { email: 'pat@example.ca', beneficiaryName: 'Pat' }],
]

describe('requests the spec accepts', () => {
  test.each(drafts)('%s fee and submit', (type, overrides, draft) => {
    const values = { ...common, ...overrides }
    expect(missingFields(type, draft, values.countryCode)).toEqual([])
    const fee = feeRequest(type, values, draft)
    expect(fee).not.toBeNull()
    const checkFee = validatorOf(fee!.path)
    expect(checkFee(fee!.body), JSON.stringify(checkFee.errors)).toBe(true)
    const submit = submitRequest(
      type,
      values,
      { ...draft, note: 'thanks' },
      {
        idempotencyKey: '6f1c2b0e-2d5f-4d7e-9a55-0c3a8e4b9a11',
        templateName: ' Rent ',
        extraParams: type === 'wire' || type === 'eft' ? { purpose: 'rent' } : {},
      },
    )
    const checkSubmit = validatorOf(submit.path)
    expect(checkSubmit(submit.body), JSON.stringify(checkSubmit.errors)).toBe(true)
    expect(submit.body.templateName).toBe('Rent')
    expect(submit.body.note).toBe('thanks')
  })

  test('a card number and an IBAN are sent without spaces, the IBAN in capitals', () => {
    const card = submitRequest('oct', common, drafts[3]![2], {
      idempotencyKey: 'k',
      templateName: '',
      extraParams: {},
    })
    expect(card.body.cardNumber).toBe('4147201234000008')
    expect(card.body).not.toHaveProperty('templateName')
    const wire = submitRequest('wire', { ...common, countryCode: 'DE' }, drafts[0]![2], {
      idempotencyKey: 'k',
      templateName: '',
      extraParams: {},
    })
    expect(wire.body.iban).toBe('DE89370400440532013000')
    expect(wire.body.swift).toBe('COBADEFFXXX')
    expect(wire.body).not.toHaveProperty('extraParams')
  })
})

describe('the fee waits for amount and target (section 5)', () => {
  test.each([
    ['no amount', 'wire', { amount: '' }, { iban: 'DE89370400440532013000' }],
    ['zero amount', 'eft', { amount: '0' }, { accountNumber: '1' }],
    ['wire without a destination', 'wire', {}, { swift: 'CHASUS33' }],
    ['wire without a country', 'wire', { countryCode: '' }, { iban: 'DE89370400440532013000' }],
    ['a card of 5 digits', 'oct', {}, { cardNumber: '41472' }],
    ['crypto without a wallet', 'crypto_eft', {}, {}],
    ['interac without an e-mail', 'interac', {}, { email: 'pat@' }],
  ] as const)('%s: none', (_name, type, overrides, draft) => {
    expect(feeRequest(type, { ...common, ...overrides }, draft)).toBeNull()
  })

  test('a card is a target once it has 6 digits, spaces aside', () => {
    expect(hasTarget('oct', { cardNumber: '4147 20' }, '')).toBe(true)
    expect(hasTarget('oct', { cardNumber: '4147 2' }, '')).toBe(false)
  })
})

test.each([
  ['4147 2012 3400 0008', '414720'],
  [' 5333 17', '533317'],
  ['41472', null],
  ['abcdef', null],
])('the BIN of "%s" is %s', (card, bin) => {
  expect(binOf(card)).toBe(bin)
})

test('EFT to BR, JP, HK and LK needs the bank and branch codes', () => {
  for (const country of ['BR', 'JP', 'HK', 'LK'])
    expect(missingFields('eft', { beneficiaryName: 'A', accountNumber: '1' }, country)).toEqual([
      'bankCode',
      'branchCode',
    ])
  expect(missingFields('eft', { beneficiaryName: 'A', accountNumber: '1' }, 'US')).toEqual([])
})

test('saved details become the draft: strings kept, nulls dropped, account number chosen', () => {
  expect(
    draftOf({ accountNumber: '123', swift: 'CHASUS33', bankName: null, externalCardId: 7 }),
  ).toEqual({
    accountNumber: '123',
    swift: 'CHASUS33',
    externalCardId: '7',
    destinationKind: 'accountNumber',
  })
})
