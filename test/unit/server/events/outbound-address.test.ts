// Which addresses the bank's server refuses to call for a merchant (server-side request
// forgery): loopback, private, link-local (cloud metadata), shared and reserved ranges, in
// both families and as IPv4-mapped IPv6.
import { describe, expect, it } from 'vitest'
import {
  isNonPublicAddress,
  refusedTarget,
} from '../../../../src/server/events/outbound-address.ts'
import {
  payloadSignature,
  signatureMatches,
} from '../../../../src/server/events/payload-signature.ts'

describe('isNonPublicAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['fc00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['not an address', true],
  ])('%s: %s', (address, refused) => {
    expect(isNonPublicAddress(address)).toBe(refused)
  })
})

describe('refusedTarget', () => {
  it('refuses a literal private address, and allows everything in demo mode', async () => {
    expect(await refusedTarget('http://10.0.0.1/hook', false)).toBe(
      '10.0.0.1 is not a public address.',
    )
    expect(await refusedTarget('http://[::1]:8080/hook', false)).toBe(
      '::1 is not a public address.',
    )
    expect(await refusedTarget('http://10.0.0.1/hook', true)).toBeUndefined()
    expect(await refusedTarget('https://8.8.8.8/hook', false)).toBeUndefined()
  })

  it('refuses a name that resolves to loopback', async () => {
    expect(await refusedTarget('http://localhost/hook', false)).toMatch(
      /^localhost resolves to .* which is not a public address\.$/,
    )
  })
})

describe('payloadSignature', () => {
  it('is the hex HMAC-SHA256 of "<timestamp>.<body>", as receivers check it', () => {
    // Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
    expect(payloadSignature('secret', 1700000000, '{"a":1}')).toBe(
      'sha256=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686',
    )
  })

  it('matches only the same secret, timestamp and body', () => {
    const signature = payloadSignature('secret', 1700000000, '{"a":1}')
    expect(signatureMatches('secret', 1700000000, '{"a":1}', signature)).toBe(true)
    expect(signatureMatches('other', 1700000000, '{"a":1}', signature)).toBe(false)
    expect(signatureMatches('secret', 1700000001, '{"a":1}', signature)).toBe(false)
    expect(signatureMatches('secret', 1700000000, '{"a":2}', signature)).toBe(false)
    expect(signatureMatches('secret', 1700000000, '{"a":1}', 'sha256=00')).toBe(false)
  })
})
