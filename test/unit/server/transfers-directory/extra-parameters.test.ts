// The extra fields of a transfer (product-spec section 7): which fields each country and
// currency asks of a wire or an EFT, and that every field is one the renderer can draw.
import { describe, expect, it } from 'vitest'
import {
  extraParametersFor,
  type ExtraParameter,
} from '../../../../src/server/transfers/directory/extra-parameters.ts'
import { externalTransferTypes } from '../../../../src/shared/transfer-types.ts'

const namesOf = (params: ExtraParameter[]): string[] => params.map((param) => param.name)

/** Every parameter and every nested one, depth first. */
function flatten(params: ExtraParameter[]): ExtraParameter[] {
  return params.flatMap((param) => [
    param,
    ...flatten((param.options ?? []).flatMap((option) => option.extraParams ?? [])),
  ])
}

describe('extraParametersFor', () => {
  it.each([
    ['wire', 'AE', 'USD', ['purposeCode', 'intermediarySwift']],
    ['wire', 'IN', 'USD', ['purposeCode', 'ifsc', 'intermediarySwift']],
    ['wire', 'MX', 'USD', ['clabe', 'intermediarySwift']],
    ['wire', 'AU', 'AUD', ['bsb', 'intermediarySwift']],
    ['wire', 'US', 'USD', ['routingNumber', 'intermediarySwift']],
    ['wire', 'BR', 'USD', ['beneficiaryType', 'intermediarySwift']],
    ['wire', 'FR', 'EUR', []],
    ['wire', 'FR', 'USD', ['intermediarySwift']],
    ['wire', 'NG', undefined, ['intermediarySwift']],
    ['eft', 'BR', 'BRL', ['beneficiaryType', 'accountType']],
    ['eft', 'US', 'USD', ['accountType']],
    ['eft', 'JP', 'JPY', ['accountType', 'beneficiaryNameKana']],
    ['eft', 'GB', 'GBP', []],
    ['eft', 'DE', 'EUR', []],
    ['oct', 'US', 'USD', []],
    ['interac', 'CA', 'CAD', []],
  ])('asks of %s to %s in %s: %j', (type, country, currency, names) => {
    expect(namesOf(extraParametersFor(type, country, currency))).toEqual(names)
  })

  it('asks a Brazilian CPF of a person and a CNPJ of a company, under the same name', () => {
    const [beneficiaryType] = extraParametersFor('eft', 'BR')
    const byOption = Object.fromEntries(
      (beneficiaryType?.options ?? []).map((option) => [option.value, option.extraParams]),
    )
    expect(byOption.individual).toEqual([expect.objectContaining({ name: 'taxId', label: 'CPF' })])
    expect(byOption.business).toEqual([expect.objectContaining({ name: 'taxId', label: 'CNPJ' })])
  })

  it('gives every field a label, a kind, and a pattern that compiles and fits its examples', () => {
    const all = flatten(
      externalTransferTypes.flatMap((type) =>
        ['AE', 'IN', 'MX', 'AU', 'US', 'BR', 'JP', 'DE'].flatMap((country) =>
          extraParametersFor(type, country, 'USD'),
        ),
      ),
    )
    for (const param of all) {
      expect(param.label, param.name).toBeTruthy()
      expect(['text', 'select', 'date'], param.name).toContain(param.type)
      if (param.type === 'select') expect(param.options?.length, param.name).toBeGreaterThan(0)
    }
    const examples: Record<string, [string, string]> = {
      ifsc: ['HDFC0000123', 'HDFC1000123'],
      clabe: ['002010077777777771', '00201007777777777'],
      bsb: ['062000', '06-2000'],
      intermediarySwift: ['CHASUS33', 'chasus33'],
      beneficiaryNameKana: ['ヤマダ タロウ', '山田太郎'],
    }
    for (const [name, [good, bad]] of Object.entries(examples)) {
      const param = all.find((entry) => entry.name === name)
      const pattern = new RegExp(param?.pattern ?? '^$', 'u')
      expect(pattern.test(good), `${name} ${good}`).toBe(true)
      expect(pattern.test(bad), `${name} ${bad}`).toBe(false)
    }
  })
})
