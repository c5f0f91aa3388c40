// Logo uploads are typed by their bytes: PNG, JPEG or a passive SVG up to 2 MB; anything
// else, and SVGs that could run script, are refused with a reason a person can read. An SVG
// is checked in the sanitizer's worker thread and stored in its cleaned form.
import { describe, expect, it } from 'vitest'
import { checkLogoImage, maxLogoBytes } from '../../../../src/server/merchant/logo-image.ts'
import type { LogoProblem } from '../../../../src/server/merchant/logo-svg.ts'
import { describeRefusal, refusal } from '../../../../src/server/rpc/outcome.ts'
import { uploadedBytes } from '../../../../src/server/uploads/file-signatures.ts'

/** A refused logo's reason as the English refusal reads it, without the file's name. */
function english<T extends { ok: boolean }>(check: T | { ok: false; problem: LogoProblem }) {
  if (!('problem' in check)) return check
  const { key, params } = check.problem
  const text = describeRefusal('en', refusal('file', key, { ...params, file: '' }))
  return { ok: false, problem: text.trim() }
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43, 0x00])
const svg = (text: string) => Buffer.from(text, 'utf8')

const ns = 'xmlns="http://www.w3.org/2000/svg"'

describe('checkLogoImage', () => {
  it.each([
    ['a PNG as uploaded', png, 'image/png', png],
    ['a JPEG as uploaded', jpeg, 'image/jpeg', jpeg],
    ['a bare SVG', svg(`<svg ${ns}/>`), 'image/svg+xml', svg(`<svg ${ns}/>`)],
    [
      'an SVG with a BOM, XML declaration, comment and DOCTYPE, without them',
      svg(
        '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n' +
          '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" ' +
          '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
          '<svg width="10" height="10"><rect width="10" height="10" fill="red"/></svg>',
      ),
      'image/svg+xml',
      svg(`<svg ${ns} width="10" height="10"><rect width="10" height="10" fill="red"/></svg>`),
    ],
    [
      'an SVG whose text mentions scripts harmlessly',
      svg('<svg><text>descriptions of onboarding</text></svg>'),
      'image/svg+xml',
      svg(`<svg ${ns}><text>descriptions of onboarding</text></svg>`),
    ],
  ])('accepts %s', async (_, bytes, contentType, content) => {
    expect(await checkLogoImage(bytes)).toEqual({ ok: true, contentType, content })
  })

  it('checks several SVGs at once, each answered with its own result', async () => {
    const results = await Promise.all(
      ['<rect/>', '<rect onclick="x()"/>', '<circle r="1"/>'].map((shape) =>
        checkLogoImage(svg(`<svg ${ns}>${shape}</svg>`)),
      ),
    )
    expect(
      results.map((result) => (result.ok ? result.content.toString() : english(result).problem)),
    ).toEqual([
      `<svg ${ns}><rect/></svg>`,
      'is an SVG that has event handler attributes',
      `<svg ${ns}><circle r="1"/></svg>`,
    ])
  })

  it.each([
    ['an empty file', Buffer.alloc(0), 'is empty'],
    ['a file over 2 MB', Buffer.concat([png, Buffer.alloc(maxLogoBytes)]), 'is larger than 2 MB'],
    ['plain text', svg('hello'), 'is not a PNG, JPEG or SVG image'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'is not a PNG, JPEG or SVG image'],
    ['a PDF', Buffer.from('%PDF-1.7\n'), 'is not a PNG, JPEG or SVG image'],
    [
      'an HTML page',
      svg('<html><body><svg></svg></body></html>'),
      'is not a PNG, JPEG or SVG image',
    ],
    ['a truncated PNG signature', png.subarray(0, 8), 'is not a PNG, JPEG or SVG image'],
    [
      'invalid UTF-8',
      Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe]),
      'is not a PNG, JPEG or SVG image',
    ],
    [
      'an SVG with a script',
      svg('<svg><script>alert(1)</script></svg>'),
      'is an SVG that contains a script',
    ],
    [
      'an SVG with an upper-case script',
      svg('<svg><SCRIPT src="x.js"/></svg>'),
      'is an SVG that contains a script',
    ],
    [
      'an SVG with an event handler',
      svg('<svg onload="alert(1)"></svg>'),
      'is an SVG that has event handler attributes',
    ],
    [
      'an SVG with a javascript: link',
      svg('<svg><a href="javascript:alert(1)"><rect/></a></svg>'),
      'is an SVG that links to javascript: URLs',
    ],
    [
      'an SVG with foreign content',
      svg('<svg><foreignObject><div/></foreignObject></svg>'),
      'is an SVG that embeds foreign content',
    ],
    [
      'an SVG that animates a handler into place',
      svg('<svg><set attributeName="onload" to="alert(1)"/></svg>'),
      'is an SVG that contains animation',
    ],
    [
      'an SVG with an external image',
      svg('<svg><image href="https://tracker.example/p.png"/></svg>'),
      'is an SVG that refers to content outside itself',
    ],
    [
      'an SVG after a style sheet processing instruction',
      svg('<?xml version="1.0"?><?xml-stylesheet href="https://e.example/x.css"?><svg/>'),
      'is an SVG that contains processing instructions',
    ],
    [
      'an SVG declaring entities',
      svg('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'),
      'is an SVG that declares XML entities',
    ],
    [
      'an SVG with an entity after the root',
      svg('<svg><!ENTITY x "y"></svg>'),
      'is an SVG that declares XML entities',
    ],
  ])('refuses %s', async (_, bytes, problem) => {
    expect(english(await checkLogoImage(bytes))).toEqual({ ok: false, problem })
  })

  // Backtracking over 200,000 comments would take hours, so a regression fails by the test's
  // timeout; a linear check answers at once on any machine (no timed assertion of its own).
  it('decides on a file built to make the SVG check backtrack', { timeout: 60_000 }, async () => {
    const hostile = svg(`${'<!--a-->'.repeat(200_000)}<nope/>`)
    expect(english(await checkLogoImage(hostile))).toEqual({
      ok: false,
      problem: 'is not a PNG, JPEG or SVG image',
    })
  })
})

describe('uploadedBytes', () => {
  it('takes multipart Buffers as they are and decodes base64 text', () => {
    expect(uploadedBytes(png)).toBe(png)
    expect(uploadedBytes(png.toString('base64'))).toEqual(png)
  })

  it.each([
    ['missing', undefined],
    ['a number', 12],
    ['an object', { type: 'Buffer' }],
    ['not base64', 'not base64!'],
    ['base64 of a wrong length', 'abc'],
  ])('has no bytes for %s', (_, data) => {
    expect(uploadedBytes(data)).toBeUndefined()
  })
})
