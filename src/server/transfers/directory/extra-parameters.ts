// The extra fields a transfer needs beyond its own form, per type, destination country and
// currency (product-spec section 7, "Extra parameters by transfer"; section 3: a list of fields,
// some wrapped in an options group whose chosen option shows its own extraParams). The portal
// renders them with its schema renderer and sends the values in extraParams, under each name.
import { sepaCountries } from './methods.ts'

export interface ExtraOption {
  value: string
  label?: string
  extraParams?: ExtraParameter[]
}

export interface ExtraParameter {
  name: string
  label?: string
  type?: 'text' | 'select' | 'date'
  required?: boolean
  minLength?: number
  maxLength?: number
  pattern?: string
  value?: string
  options?: ExtraOption[]
}

/** ISO 20022 purpose codes, the ones wires to purpose-code countries use most. */
const purposeOptions: ExtraOption[] = [
  { value: 'SALA', label: 'Salary' },
  { value: 'SUPP', label: 'Supplier payment' },
  { value: 'GDDS', label: 'Purchase or sale of goods' },
  { value: 'SCVE', label: 'Purchase or sale of services' },
  { value: 'EDUC', label: 'Education' },
  { value: 'MDCS', label: 'Medical services' },
  { value: 'RENT', label: 'Rent' },
  { value: 'LOAN', label: 'Loan' },
  { value: 'INTC', label: 'Intra-company payment' },
  { value: 'TAXS', label: 'Tax payment' },
]

/** Countries whose banks reject an incoming wire without a purpose code. */
const purposeCodeCountries = new Set([
  'AE',
  'BH',
  'CN',
  'IN',
  'JO',
  'KW',
  'MY',
  'OM',
  'PK',
  'QA',
  'SA',
])

const purposeCode: ExtraParameter = {
  name: 'purposeCode',
  label: 'Purpose of payment',
  type: 'select',
  required: true,
  options: purposeOptions,
}

const intermediarySwift: ExtraParameter = {
  name: 'intermediarySwift',
  label: 'Intermediary bank SWIFT/BIC',
  type: 'text',
  required: false,
  pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$',
}

/** National routing codes a wire to some countries needs beside the SWIFT. */
const wireRouting: Readonly<Record<string, ExtraParameter>> = {
  IN: {
    name: 'ifsc',
    label: 'IFSC code',
    type: 'text',
    required: true,
    pattern: '^[A-Z]{4}0[A-Z0-9]{6}$',
  },
  MX: { name: 'clabe', label: 'CLABE', type: 'text', required: true, pattern: '^[0-9]{18}$' },
  AU: { name: 'bsb', label: 'BSB number', type: 'text', required: true, pattern: '^[0-9]{6}$' },
  US: {
    name: 'routingNumber',
    label: 'ABA routing number (Fedwire)',
    type: 'text',
    required: false,
    pattern: '^[0-9]{9}$',
  },
}

/** Brazil names every beneficiary by tax id: CPF (11 digits) for a person, CNPJ (14) for a company. */
const brazilBeneficiary: ExtraParameter = {
  name: 'beneficiaryType',
  label: 'Beneficiary type',
  type: 'select',
  required: true,
  options: [
    {
      value: 'individual',
      label: 'Individual',
      extraParams: [
        { name: 'taxId', label: 'CPF', type: 'text', required: true, pattern: '^[0-9]{11}$' },
      ],
    },
    {
      value: 'business',
      label: 'Company',
      extraParams: [
        { name: 'taxId', label: 'CNPJ', type: 'text', required: true, pattern: '^[0-9]{14}$' },
      ],
    },
  ],
}

function accountType(options: ExtraOption[]): ExtraParameter {
  return { name: 'accountType', label: 'Account type', type: 'select', required: true, options }
}

const checkingOrSavings = accountType([
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
])

/** Local transfer fields per country; SEPA, UK, Canadian, HK and LK transfers need none. */
const eftFields: Readonly<Record<string, ExtraParameter[]>> = {
  BR: [brazilBeneficiary, checkingOrSavings],
  US: [checkingOrSavings],
  JP: [
    accountType([
      { value: 'ordinary', label: 'Ordinary (futsu)' },
      { value: 'current', label: 'Current (toza)' },
    ]),
    {
      // Zengin transfers carry the beneficiary's name in katakana, as the bank holds it.
      name: 'beneficiaryNameKana',
      label: 'Beneficiary name in katakana',
      type: 'text',
      required: true,
      maxLength: 30,
      pattern: '^[\\u30A0-\\u30FF\\uFF65-\\uFF9F ]+$',
    },
  ],
}

function wireFields(countryCode: string, currencyCode: string | undefined): ExtraParameter[] {
  const fields: ExtraParameter[] = []
  if (purposeCodeCountries.has(countryCode)) fields.push(purposeCode)
  const routing = wireRouting[countryCode]
  if (routing) fields.push(routing)
  if (countryCode === 'BR') fields.push(brazilBeneficiary)
  // A euro wire to a SEPA country reaches the bank directly; any other pairing may pass
  // through a correspondent the sender has been told to use.
  const reachedDirectly = currencyCode === 'EUR' && sepaCountries.has(countryCode)
  if (!reachedDirectly) fields.push(intermediarySwift)
  return fields
}

/** The extra fields of a transfer type to a country (in a currency, when chosen). */
export function extraParametersFor(
  transferType: string,
  countryCode: string,
  currencyCode?: string,
): ExtraParameter[] {
  switch (transferType) {
    case 'wire':
      return wireFields(countryCode, currencyCode)
    case 'eft':
      return eftFields[countryCode] ?? []
    default:
      // Only the wire and EFT submits carry extraParams (spec/transfers.yaml); the other types'
      // forms hold every field they need.
      return []
  }
}
