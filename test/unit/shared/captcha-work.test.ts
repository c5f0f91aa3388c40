// The proof of work of the built-in captcha (src/shared/captcha-work.ts): what the portal
// solves and the server checks.
import { expect, test } from 'vitest'
import {
  captchaToken,
  hasWork,
  leadingZeroBits,
  solveChallenge,
  splitCaptchaToken,
} from '../../../src/shared/captcha-work.ts'

test.each<[number[], number]>([
  [[0x80], 0],
  [[0x01], 7],
  [[0x00, 0x40], 9],
  [[0x00, 0x00], 16],
])('leadingZeroBits(%j) is %i', (bytes, want) => {
  expect(leadingZeroBits(new Uint8Array(bytes))).toBe(want)
})

test('a solved challenge has the work, and the nonces before it do not', async () => {
  const token = await solveChallenge('c1:test:1:10:sig', 10)
  const { challenge, nonce } = splitCaptchaToken(token)!
  expect(challenge).toBe('c1:test:1:10:sig')
  expect(await hasWork(challenge, nonce, 10)).toBe(true)
  for (let earlier = 0; earlier < Number(nonce); earlier++) {
    expect(await hasWork(challenge, String(earlier), 10)).toBe(false)
  }
})

test('difficulty 0 accepts any nonce', async () => {
  expect(await solveChallenge('c1:x:1:0:sig', 0)).toBe('c1:x:1:0:sig.0')
})

test.each<[string, ReturnType<typeof splitCaptchaToken>]>([
  ['c1:a:1:8:s.42', { challenge: 'c1:a:1:8:s', nonce: '42' }],
  ['no-nonce', undefined],
  ['c1:a.', undefined],
  ['.12', undefined],
  ['c1:a.4x', undefined],
])('splitCaptchaToken(%j)', (token, want) => {
  expect(splitCaptchaToken(token)).toEqual(want)
})

test('captchaToken joins what splitCaptchaToken splits', () => {
  expect(splitCaptchaToken(captchaToken('c1:b', '7'))).toEqual({ challenge: 'c1:b', nonce: '7' })
})

test('solving stops when asked to', async () => {
  const stop = new AbortController()
  stop.abort()
  await expect(
    solveChallenge('c1:hard', 32, { signal: stop.signal, batchSize: 1 }),
  ).rejects.toThrow()
})
