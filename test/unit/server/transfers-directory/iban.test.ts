// The IBAN checks: the registry's example IBAN of every country passes, and each kind of
// mistake a customer makes (a typo, a missing character, a wrong country) is caught.
import { describe, expect, it } from 'vitest'
import {
  formatIban,
  ibanCheck,
  ibanLengths,
  ibanOf,
} from '../../../../src/server/transfers/directory/iban.ts'

// The example IBAN the SWIFT IBAN registry gives for each country.
// prettier-ignore
const registryExamples = [
  'DE89370400440532013000', 'GB29NWBK60161331926819', 'FR1420041010050500013M02606',
  'ES9121000418450200051332', 'NL91ABNA0417164300', 'BE68539007547034', 'CH9300762011623852957',
  'IT60X0542811101000000123456', 'PT50000201231234567890154', 'RO49AAAA1B31007593840000',
  'AT611904300234573201', 'NO9386011117947', 'MT84MALT011000012345MTLCAST001S',
  'BR1800360305000010009795493C1', 'SA0380000000608010167519', 'PL61109010140000071219812874',
  'SE4550000000058398257466', 'DK5000400440116243', 'FI2112345600000785',
  'IE29AIBK93115212345678', 'SK3112000000198742637541', 'CZ6508000000192000145399',
  'HU42117730161111101800000000', 'LU280019400644750000', 'GR1601101250000000012300695',
  'CY17002001280000001200527600', 'IL620108000000099999999', 'TR330006100519786457841326',
  'UA213223130000026007233566001', 'AE070331234567890123456', 'KW81CBKU0000000000001234560101',
  'QA58DOHB00001234567890ABCDEFG', 'LC55HEMM000100010012001200023015',
  'MU17BOMM0101101030300200000MUR', 'SC18SSCB11010000000000001497USD', 'BH67BMAG00001299123456',
  'JO94CBJO0010000000000131000302', 'XK051212012345678906', 'BY13NBRB3600900000002Z00AB00',
  'LB62099900000001001901229114', 'IS140159260076545510730339', 'EE382200221020145685',
  'LT121000011101001000', 'LV80BANK0000435195001', 'HR1210010051863000160', 'SI56263300012039086',
  'BG80BNBG96611020345678', 'RS35260005601001611379', 'ME25505000012345678951',
  'MK07250120000058984', 'AL47212110090000000235698741', 'AD1200012030200359100100',
  'SM86U0322509800000000270100', 'VA59001123000012345678', 'MD24AG000225100013104168',
  'GE29NB0000000101904917', 'KZ86125KZT5004100100', 'TN5910006035183598478831',
  'EG380019000500000000263180002', 'PK36SCBL0000001123456702', 'PS92PALS000000000400123456702',
  'DO28BAGR00000001212453611324', 'CR05015202001026284066', 'GT82TRAJ01020000001210029690',
  'SV62CENR00000000000000700025', 'IQ98NBIQ850123456789012', 'AZ21NABZ00000000137010001944',
  'GI75NWBK000000007099453', 'FO6264600001631634', 'GL8964710001000206',
  'TL380080012345678910157', 'VG96VPVG0000012345678901', 'LY83002048000020100120361',
  'SD2129010501234001', 'BI4210000100010000332045181', 'DJ2100010000000154000100186',
  'RU0304452522540817810538091310419', 'MN121234123456789123', 'NI45BAPR00000013000003558124',
  'SO211000001001000100141', 'FK88SC123456789012', 'OM810180000001299123456',
  'YE15CBYE0001018861234567891234', 'MR1300020001010000123456753', 'ST23000100010051845310146',
  'BA391290079401028494', 'MC5811222000010123456789030', 'LI21088100002324013AA',
]

describe('ibanCheck', () => {
  it('accepts the registry example of every IBAN country, and knows every country once', () => {
    for (const example of registryExamples)
      expect(ibanCheck(example), example).toMatchObject({ valid: true })
    const countries = registryExamples.map((example) => example.slice(0, 2)).sort()
    expect(countries).toEqual([...ibanLengths.keys()].sort())
  })

  it('answers the length of each country from its table', () => {
    expect(ibanLengths.get('DE')).toBe(22)
    expect(ibanLengths.get('NO')).toBe(15)
    expect(ibanLengths.get('LC')).toBe(32)
    expect(ibanLengths.get('RU')).toBe(33)
    expect(ibanLengths.get('BR')).toBe(29)
    for (const example of registryExamples)
      expect(example.length).toBe(ibanLengths.get(example.slice(0, 2)))
  })

  it.each([
    [
      'spaces and lower case',
      'de89 3704 0044 0532 0130 00',
      { valid: true, iban: 'DE89370400440532013000' },
    ],
    ['German bank code', 'DE89370400440532013000', { countryCode: 'DE', bankCode: '37040044' }],
    [
      'British bank and sort code',
      'GB29NWBK60161331926819',
      { bankCode: 'NWBK', branchCode: '601613' },
    ],
    [
      'Italian ABI and CAB after the CIN',
      'IT60X0542811101000000123456',
      { bankCode: '05428', branchCode: '11101' },
    ],
    [
      'French bank and counter',
      'FR1420041010050500013M02606',
      { bankCode: '20041', branchCode: '01005' },
    ],
    [
      'Brazilian ISPB and branch',
      'BR1800360305000010009795493C1',
      { bankCode: '00360305', branchCode: '00001' },
    ],
    [
      'Spanish bank and office',
      'ES9121000418450200051332',
      { bankCode: '2100', branchCode: '0418' },
    ],
  ])('%s', (_name, given, want) => {
    expect(ibanCheck(given)).toMatchObject(want)
  })

  it.each([
    ['an empty text', '', 'empty'],
    ['punctuation', 'DE89-3704-0044-0532-0130-00', 'characters'],
    ['letters where check digits go', 'DEAB370400440532013000', 'characters'],
    ['a country without IBANs', 'US64SVBKUS6S3300958879', 'country'],
    ['a missing character', 'DE8937040044053201300', 'length'],
    ['an extra character', 'DE893704004405320130000', 'length'],
    ['letters in an all-digit BBAN', 'DE89370400440532O13000', 'structure'],
    ['one digit mistyped', 'DE89370400440532013001', 'checkDigits'],
    ['two digits swapped', 'DE89370400440523013000', 'checkDigits'],
    ['wrong check digits', 'GB28NWBK60161331926819', 'checkDigits'],
  ])('refuses %s', (_name, given, problem) => {
    const result = ibanCheck(given)
    expect(result.valid).toBe(false)
    expect(result.problem).toBe(problem)
    expect(result.bankCode).toBeUndefined()
  })
})

describe('ibanOf', () => {
  it('computes check digits that ibanCheck accepts', () => {
    expect(ibanOf('DE', '370400440532013000')).toBe('DE89370400440532013000')
    expect(ibanOf('GB', 'NWBK60161331926819')).toBe('GB29NWBK60161331926819')
    expect(ibanOf('NO', '86011117947')).toBe('NO9386011117947')
  })

  it('answers undefined for a BBAN that does not fit the country', () => {
    expect(ibanOf('DE', '3704004405320130')).toBeUndefined()
    expect(ibanOf('US', '123456789')).toBeUndefined()
  })
})

describe('formatIban', () => {
  it.each([
    ['de89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
    ['NO93 8601 1117 947', 'NO93 8601 1117 947'],
    ['GB29NWBK60161331926819', 'GB29 NWBK 6016 1331 9268 19'],
  ])('prints %s in groups of four', (given, want) => {
    expect(formatIban(given)).toBe(want)
  })
})
