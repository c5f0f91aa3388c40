// Instant keys (product-spec section 3): each key type's form and the stored form of a key.
import { describe, expect, it } from 'vitest'
import {
  brazilTaxIdValid,
  instantKeyCheck,
  isInstantKeyType,
} from '../../../../src/server/transfers/directory/instant.ts'

describe('brazilTaxIdValid', () => {
  it.each([
    ['a CPF', '52998224725', true],
    ['a CNPJ', '11222333000181', true],
    ['a CPF with a wrong last digit', '52998224726', false],
    ['a CNPJ with a wrong first check digit', '11222333000191', false],
    ['a CPF of one repeated digit', '11111111111', false],
    ['12 digits', '529982247251', false],
  ])('%s', (_name, given, want) => {
    expect(brazilTaxIdValid(given)).toBe(want)
  })
})

describe('instantKeyCheck', () => {
  it.each([
    ['taxId', '529.982.247-25', '52998224725'],
    ['taxId', '11.222.333/0001-81', '11222333000181'],
    ['email', ' Joao.Pereira@Example.com.br ', 'joao.pereira@example.com.br'],
    ['phone', '+55 (11) 98765-4321', '+5511987654321'],
    ['phone', '11987654321', '+5511987654321'],
    ['randomKey', '7D9F0335-8DCC-4054-9BF9-0DBD61D36906', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906'],
  ] as const)('accepts a %s key %s and stores it as %s', (type, given, key) => {
    expect(instantKeyCheck(type, given)).toEqual({ valid: true, key })
  })

  it.each([
    ['taxId', '529.982.247-26'],
    ['email', 'joao.pereira'],
    ['phone', '+1 212 555 0100'],
    ['phone', '1198765'],
    ['randomKey', '7d9f0335-8dcc-4054-9bf9'],
  ] as const)('refuses a %s key %s with a reason', (type, given) => {
    const result = instantKeyCheck(type, given)
    expect(result.valid).toBe(false)
    expect(result.reason).toMatch(/^refusal\.(transfers\.instantKey\.|common\.notAnEmail)/)
  })

  it('knows the four key types', () => {
    for (const type of ['taxId', 'email', 'phone', 'randomKey']) {
      expect(isInstantKeyType(type)).toBe(true)
    }
    expect(isInstantKeyType('cpf')).toBe(false)
  })
})
