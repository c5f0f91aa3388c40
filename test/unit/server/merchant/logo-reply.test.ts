// A logo answered by its bytes carries the type detected at upload and a policy under which
// even an SVG cannot run script or fetch anything, offered inline under a safe file name.
import { describe, expect, it } from 'vitest'
import { logoFileName, logoImageReply } from '../../../../src/server/merchant/logo-reply.ts'

describe('logoImageReply', () => {
  it('answers the stored bytes as a sandboxed image that is never sniffed', () => {
    const content = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')
    const reply = logoImageReply({ name: 'Wordmark', contentType: 'image/svg+xml', content })
    expect(reply.status).toBe(200)
    expect(reply.body).toBe(content)
    expect(reply.headers).toEqual({
      'content-type': 'image/svg+xml',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="Wordmark.svg"',
    })
  })
})

describe('logoFileName', () => {
  it.each([
    ['Spring campaign (2)', 'image/png', 'Spring_campaign_2.png'],
    ['a"b\r\nSet-Cookie: x=1', 'image/jpeg', 'a_b_Set-Cookie_x_1.jpg'],
    ['Ünïcödé', 'image/svg+xml', 'n_c_d.svg'],
    ['///', 'image/svg+xml', 'logo.svg'],
    ['x'.repeat(300), 'image/png', `${'x'.repeat(100)}.png`],
  ] as const)('%j', (name, contentType, fileName) => {
    expect(logoFileName({ name, contentType })).toBe(fileName)
  })
})
