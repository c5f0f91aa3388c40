// The brand's say over a registration (src/server/activation/registration-gate.ts): a brand
// without registration refuses with 13; a type the brand does not list, and any value its
// overlay hides, is a VF naming the field (product-spec section 1, Rules by variant).
import { describe, expect, test } from 'vitest'
import { brandOf, brandRefusal } from '../../../../src/server/activation/registration-gate.ts'
import type { BrandConfig } from '../../../../src/server/rpc/request-brand.ts'

const parametersOf = (failure: ReturnType<typeof brandRefusal>) =>
  (failure?.body as { errors?: { parameter: string }[] } | undefined)?.errors?.map(
    (e) => e.parameter,
  )

/** The UK variant as if its owner opened registration (its brand.yaml keeps it off). */
const openUk = { ...brandOf('uk'), allowRegistration: true } as BrandConfig

describe('brandRefusal', () => {
  test('a brand without registration answers 13', () => {
    const refusal = brandRefusal(brandOf('payments'), 'personalAccountCreate', {
      registrationType: 'freelancers',
    })
    expect(refusal?.body).toMatchObject({ responseCode: '13' })
  })

  test.each<[string, BrandConfig, Record<string, unknown>, string[] | undefined]>([
    ['main offers webcam models', brandOf('main'), { registrationType: 'webcamModels' }, undefined],
    ['bank does not', brandOf('bank'), { registrationType: 'webcamModels' }, ['registrationType']],
  ])('personal: %s', (_name, brand, payload, want) => {
    const refusal = brandRefusal(brand, 'personalAccountCreate', payload as never)
    expect(parametersOf(refusal)).toEqual(want)
  })

  test.each<[string, BrandConfig, Record<string, unknown>, string[] | undefined]>([
    [
      'main offers live-streaming networks and the adult industries',
      brandOf('main'),
      { registrationType: 'registrationLiveStreamingNetworks', financialDetail: { industry: 1 } },
      undefined,
    ],
    [
      'the UK omits live-streaming networks',
      openUk,
      { registrationType: 'registrationLiveStreamingNetworks', financialDetail: { industry: 20 } },
      ['registrationType'],
    ],
    [
      'the UK hides the adult industries',
      openUk,
      { registrationType: 'others', financialDetail: { industry: 1 } },
      ['financialDetail.industry'],
    ],
    [
      'bank hides webcam studios',
      brandOf('bank'),
      { registrationType: 'registrationWebcamStudios', financialDetail: { industry: 20 } },
      ['registrationType'],
    ],
  ])('business: %s', (_name, brand, payload, want) => {
    const refusal = brandRefusal(brand, 'businessAccountCreate', payload as never)
    expect(parametersOf(refusal)).toEqual(want)
  })
})
