// readPhone: a phone as the phone requests send it, in the one form customer_phones keeps, or
// the field that is wrong (product-spec section 5: plus signs stripped, type 2, an SMS code).
import { describe, expect, it } from 'vitest'
import { readPhone, smsRecipient } from '../../../../src/server/customer/phone-numbers.ts'

describe('readPhone', () => {
  const cases: [string, { given: [string, string, string?]; want: unknown }][] = [
    [
      'a UK mobile as typed',
      { given: ['44', '7700900123'], want: { countryCode: '44', number: '7700900123' } },
    ],
    [
      'a plus sign on the calling code',
      { given: ['+44', '7700900123'], want: { countryCode: '44', number: '7700900123' } },
    ],
    [
      'a trunk prefix',
      { given: ['44', '07700900123'], want: { countryCode: '44', number: '7700900123' } },
    ],
    [
      'a Lithuanian mobile',
      { given: ['370', '60012345'], want: { countryCode: '370', number: '60012345' } },
    ],
    [
      'a North American number, mobile or fixed',
      { given: ['1', '2015550123'], want: { countryCode: '1', number: '2015550123' } },
    ],
    [
      'a calling code of no country',
      { given: ['999', '12345678'], want: { parameter: 'countryCode' } },
    ],
    ['a number too short', { given: ['44', '77009'], want: { parameter: 'number' } }],
    ['a fixed line', { given: ['44', '2079460000'], want: { parameter: 'number' } }],
    [
      'a prefix for a nested field',
      { given: ['44', '2079460000', 'phone.'], want: { parameter: 'phone.number' } },
    ],
  ]
  it.each(cases)('reads %s', (_name, { given, want }) => {
    const [countryCode, number, prefix] = given
    expect(readPhone({ countryCode, number }, prefix)).toMatchObject(want as object)
  })

  it('names the SMS recipient with its plus sign', () => {
    expect(smsRecipient({ countryCode: '44', number: '7700900123' })).toBe('+447700900123')
  })
})
