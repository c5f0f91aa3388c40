// The HTML of a saved payment button: only the button id travels, every text is escaped,
// and the checkout origin comes from PUBLIC_URL or the local port.
import { describe, expect, it } from 'vitest'
import {
  buttonCode,
  checkoutOrigin,
  escapeHtml,
} from '../../../../src/server/merchant/button-code.ts'

describe('buttonCode', () => {
  it('posts only the button id to the checkout, labelled with the item or the name', () => {
    const code = buttonCode(
      { id: 120001, name: 'Licence', itemName: 'Pro, one year' },
      'https://pay.example',
    )
    expect(code).toBe(
      [
        '<form action="https://pay.example/checkout/button" method="post" target="_top">',
        '  <input type="hidden" name="buttonId" value="120001">',
        '  <button type="submit">Pro, one year</button>',
        '</form>',
      ].join('\n'),
    )
    expect(buttonCode({ id: 7, name: 'Tip jar', itemName: null }, 'https://pay.example')).toContain(
      '>Tip jar</button>',
    )
  })

  it('escapes what the merchant typed', () => {
    const code = buttonCode(
      { id: 1, name: 'x', itemName: `"><script>alert('x')</script>&` },
      'https://pay.example',
    )
    expect(code).not.toContain('<script>')
    expect(code).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;')
  })

  it.each([
    ['&<>"\'', '&amp;&lt;&gt;&quot;&#39;'],
    ['plain', 'plain'],
  ])('escapeHtml(%j) is %j', (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped)
  })
})

describe('checkoutOrigin', () => {
  it('prefers PUBLIC_URL without a trailing slash, else the local port', () => {
    expect(checkoutOrigin(3000, 'https://portal.example/')).toBe('https://portal.example')
    expect(checkoutOrigin(3000, undefined)).toBe('http://localhost:3000')
  })
})
