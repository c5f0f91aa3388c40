// The brand of a request (src/server/rpc/request-brand.ts): a host a brand claims decides;
// only on an unclaimed host, and only in demo mode, does the portal's x-brand choose.
import { expect, test } from 'vitest'
import { requestBrandId } from '../../../../src/server/rpc/request-brand.ts'

test.each<[string, string, string | undefined, boolean, string]>([
  ['a claimed host', 'bank.nova.example', undefined, false, 'bank'],
  ['a claimed host over the header', 'BANK.nova.example', 'payments', true, 'bank'],
  ['the header on localhost in demo mode', 'localhost', 'payments', true, 'payments'],
  ['no header in production', 'localhost', 'payments', false, 'main'],
  ['an unknown brand in the header', 'localhost', 'nope', true, 'main'],
])('%s', (_name, host, header, demo, want) => {
  expect(requestBrandId(host, header, demo)).toBe(want)
})
