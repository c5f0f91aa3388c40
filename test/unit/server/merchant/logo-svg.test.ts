// SVG logos are shown to payers: each upload that could run script, animate a link or a
// handler into place, or make the payer's browser fetch anything is refused with its reason
// (the bypasses of issue 11 included), and a passive logo is stored in a cleaned form that
// keeps its drawing and drops editor leftovers.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cleanLogoSvg,
  maxSvgElements,
  type LogoProblem,
} from '../../../../src/server/merchant/logo-svg.ts'

/** A refused logo's reason as the English refusal reads it, without the file's name. */
function english<T extends { ok: boolean }>(check: T | { ok: false; problem: LogoProblem }) {
  if (!('problem' in check)) return check
  const { key, params } = check.problem
  const text = describeRefusal('en', refusal('file', key, { ...params, file: '' }))
  return { ok: false, problem: text.trim() }
}
import { describeRefusal, refusal } from '../../../../src/server/rpc/outcome.ts'

const ns = 'xmlns="http://www.w3.org/2000/svg"'
const xlink = 'xmlns:xlink="http://www.w3.org/1999/xlink"'

/** What no stored SVG may contain, whatever the sanitizer decided. */
function expectHarmless(svg: string): void {
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s>/]/)
  expect(svg).not.toMatch(/\son[a-z]+\s*=/i)
  expect(svg).not.toMatch(/javascript:/i)
  expect(svg).not.toMatch(/href="(?!#)/i)
  expect(svg).not.toMatch(/url\(\s*['"]?(?!#)/i)
  expect(svg).not.toMatch(/@import/i)
  expect(svg).not.toMatch(/<(set|animate|script|foreignObject)/i)
  expect(svg).not.toMatch(/<\?|<!--|<!ENTITY|<!DOCTYPE/i)
}

describe('cleanLogoSvg refuses', () => {
  it.each([
    // The bypasses the regular-expression filter let through (issue 11).
    [
      'a <set> that adds an onload handler',
      `<svg ${ns}><set attributeName="onload" to="alert(1)"/><rect/></svg>`,
      'contains animation',
    ],
    [
      'an <animate> that points a link at javascript:',
      `<svg ${ns} ${xlink}><a href="#x"><animate attributeName="href" to="javascript:alert(1)"/>` +
        '<rect/></a></svg>',
      'contains animation',
    ],
    [
      'an animateMotion, which the SVG profile allows',
      `<svg ${ns}><rect><animateMotion path="M0 0 L9 9" dur="1s"/></rect></svg>`,
      'contains animation',
    ],
    [
      'an entity-encoded javascript: link',
      `<svg ${ns} ${xlink}><a xlink:href="&#106;avascript:alert(1)"><rect/></a></svg>`,
      'links to javascript: URLs',
    ],
    [
      'a javascript: link split by a tab',
      `<svg ${ns}><a href="java&#x09;script:alert(1)"><rect/></a></svg>`,
      'links to javascript: URLs',
    ],
    [
      'an external <image>',
      `<svg ${ns}><image href="https://tracker.example/pixel.png" width="1" height="1"/></svg>`,
      'refers to content outside itself',
    ],
    [
      'an external <use>',
      `<svg ${ns} ${xlink}><use xlink:href="https://evil.example/sprite.svg#x"/></svg>`,
      'refers to content outside itself',
    ],
    [
      'an embedded image as a data: URL',
      `<svg ${ns}><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>`,
      'refers to content outside itself',
    ],
    [
      'an external filter image',
      `<svg ${ns}><filter id="f"><feImage href="https://evil.example/x.png"/></filter></svg>`,
      'refers to content outside itself',
    ],
    [
      'a CSS @import in <style>',
      `<svg ${ns}><style>@import url(https://evil.example/x.css); .a{fill:red}</style></svg>`,
      'has a style sheet that imports others',
    ],
    [
      'a CSS @import of a string',
      `<svg ${ns}><style><![CDATA[@IMPORT "https://evil.example/x.css";]]></style></svg>`,
      'has a style sheet that imports others',
    ],
    [
      'an external url() in a style attribute',
      `<svg ${ns}><rect style="fill: url('https://tracker.example/x.svg#p')"/></svg>`,
      'refers to content outside itself',
    ],
    [
      'an external url() in a presentation attribute',
      `<svg ${ns}><rect fill="url(https://tracker.example/x.svg#p)"/></svg>`,
      'refers to content outside itself',
    ],
    [
      'a url() hidden behind a CSS escape',
      `<svg ${ns}><rect style="fill:u\\72l(https://tracker.example/p)"/></svg>`,
      'uses CSS escapes or functions a logo does not need',
    ],
    [
      'an image-set() that names an image without url()',
      `<svg ${ns}><style>svg{background:image-set("https://t.example/p.png" 1x)}</style></svg>`,
      'uses CSS escapes or functions a logo does not need',
    ],
    [
      'a @font-face that loads a font',
      `<svg ${ns}><style>@font-face{font-family:x;src:local(x)}</style></svg>`,
      'refers to content outside itself',
    ],
    [
      'an <?xml-stylesheet?> processing instruction',
      '<?xml version="1.0"?>\n<?xml-stylesheet type="text/css" href="https://evil.example/x.css"?>' +
        `\n<svg ${ns}><rect/></svg>`,
      'contains processing instructions',
    ],
    // What the old filter caught, caught still.
    ['a script', `<svg ${ns}><script>alert(1)</script></svg>`, 'contains a script'],
    ['an upper-case script', `<svg ${ns}><SCRIPT src="x.js"/></svg>`, 'contains a script'],
    [
      'a prefixed script',
      `<svg ${ns} xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>`,
      'contains a script',
    ],
    [
      'an XHTML script inside the SVG',
      `<svg ${ns}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>`,
      'contains a script',
    ],
    [
      'foreign content',
      `<svg ${ns}><foreignObject><div>hi</div></foreignObject></svg>`,
      'embeds foreign content',
    ],
    [
      'an onload attribute',
      `<svg ${ns} onload="alert(1)"><rect/></svg>`,
      'has event handler attributes',
    ],
    [
      'a handler on an HTML element that breaks out of the SVG',
      `<svg ${ns}><img src="x" onerror="alert(1)"><rect/></svg>`,
      'has event handler attributes',
    ],
    [
      'an ENTITY declaration',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg ${ns}>&a;</svg>`,
      'declares XML entities',
    ],
    ['an ENTITY after the root', `<svg ${ns}><!ENTITY x "y"></svg>`, 'declares XML entities'],
    [
      'a javascript: link',
      `<svg ${ns}><a href="javascript:alert(1)"><rect/></a></svg>`,
      'links to javascript: URLs',
    ],
  ])('%s', (_, svg, danger) => {
    expect(english(cleanLogoSvg(svg))).toEqual({ ok: false, problem: `is an SVG that ${danger}` })
  })

  it('names every danger of an upload, in a fixed order', () => {
    const svg = `<svg ${ns} onload="x()"><script>x()</script><image href="https://t.example/p"/></svg>`
    expect(english(cleanLogoSvg(svg))).toEqual({
      ok: false,
      problem:
        'is an SVG that contains a script, has event handler attributes, ' +
        'refers to content outside itself',
    })
  })

  it('refuses a drawing nested deeper than any logo, without overflowing the stack', () => {
    const deep = `<svg ${ns}>${'<g>'.repeat(4000)}${'</g>'.repeat(4000)}</svg>`
    expect(english(cleanLogoSvg(deep))).toEqual({
      ok: false,
      problem: 'is an SVG that is nested too deeply',
    })
  })

  it('refuses more elements than any logo has before parsing them', () => {
    const crowded = `<svg ${ns}>${'<rect/>'.repeat(maxSvgElements)}</svg>`
    expect(english(cleanLogoSvg(crowded))).toEqual({
      ok: false,
      // The limit is a number of the reader's language: 20,000 in English.
      problem: `is an SVG of more than ${maxSvgElements.toLocaleString('en')} elements`,
    })
  })
})

describe('cleanLogoSvg keeps', () => {
  const logo =
    `<svg ${ns} ${xlink} width="120" height="32" viewBox="0 0 120 32">` +
    '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0b5fff"/>' +
    '<stop offset="1" stop-color="#00c2ff"/></linearGradient>' +
    '<clipPath id="c"><rect width="120" height="32" rx="6"/></clipPath>' +
    '<symbol id="dot"><circle cx="4" cy="4" r="4"/></symbol>' +
    '<style>.word{fill:rgb(255,255,255);font-weight:bold}</style></defs>' +
    '<g clip-path="url(#c)"><rect width="120" height="32" fill="url(#g)"/></g>' +
    '<path d="M10 16 L20 6 L30 16 Z" fill="#fff" transform="rotate(10 20 11)"/>' +
    '<use xlink:href="#dot" x="100" y="12"/><use href="#dot" x="108" y="12"/>' +
    '<text x="60" y="21" class="word" text-anchor="middle">Northwind &amp; Co</text></svg>'

  it('a passive logo as it was: paths, gradients and clips by #id, symbols, styles, text', () => {
    const result = cleanLogoSvg(logo)
    expect(result).toEqual({ ok: true, svg: logo })
  })

  it.each([
    [
      'the prolog, comments and editor metadata dropped',
      '\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape -->\n' +
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" ' +
        '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
        `<svg ${ns} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" ` +
        'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" inkscape:version="1.3" ' +
        'viewBox="0 0 10 10"><sodipodi:namedview pagecolor="#fff"/><!-- layer 1 -->' +
        '<g inkscape:label="Layer 1" data-name="Layer 1 (copy)"><rect width="10" height="10"/></g></svg>',
      `<svg ${ns} viewBox="0 0 10 10"><g data-name="Layer 1 (copy)"><rect width="10" height="10"/></g></svg>`,
    ],
    [
      'the SVG namespace added where the file forgot it',
      '<svg width="10" height="10"><rect width="10" height="10" fill="red"/></svg>',
      `<svg ${ns} width="10" height="10"><rect width="10" height="10" fill="red"/></svg>`,
    ],
    [
      'an xml:base dropped, which would turn #ids into outside references',
      `<svg ${ns} xml:base="https://evil.example/"><use href="#a"/></svg>`,
      `<svg ${ns}><use href="#a"/></svg>`,
    ],
    [
      'text that merely mentions scripts',
      '<svg><text>descriptions of onboarding; javascript is not run</text></svg>',
      `<svg ${ns}><text>descriptions of onboarding; javascript is not run</text></svg>`,
    ],
    [
      'character references as characters, CDATA as text',
      `<svg ${ns}><text>&#169; Nova&nbsp;Pay <![CDATA[a < b]]></text></svg>`,
      `<svg ${ns}><text>\u00a9 Nova\u00a0Pay a &lt; b</text></svg>`,
    ],
  ])('%s', (_, input, stored) => {
    const result = cleanLogoSvg(input)
    expect(result).toEqual({ ok: true, svg: stored })
    if (result.ok) expectHarmless(result.svg)
  })

  it('a 2 MB logo of a few thousand paths', { timeout: 60_000 }, () => {
    const path = `<path d="${Array(19).fill('M0 0 L10 10 L20 5 Z').join(' ')}" fill="url(#g)"/>`
    const large = `<svg ${ns}>${path.repeat(4990)}</svg>`
    expect(large.length).toBeGreaterThan(2_000_000)
    expect(cleanLogoSvg(large)).toEqual({ ok: true, svg: large })
  })
})

describe('cleanLogoSvg on any mix of passive and dangerous parts', () => {
  const parts = [
    '<rect width="4" height="4" fill="url(#g)"/>',
    '<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>',
    '<text>Pay</text>',
    '<use href="#g"/>',
    '<!-- note -->',
    '<set attributeName="onclick" to="alert(1)"/>',
    '<animate attributeName="href" values="javascript:alert(1)"/>',
    '<a href="&#x6A;avascript:alert(1)"><rect/></a>',
    '<image href="//tracker.example/p.png"/>',
    '<use href="https://evil.example/s.svg#x"/>',
    '<style>@import "https://evil.example/x.css";</style>',
    '<?xml-stylesheet href="https://evil.example/x.css"?>',
    '<rect onmouseover="alert(1)"/>',
    '<script>alert(1)</script>',
    '<foreignObject><iframe src="https://evil.example"/></foreignObject>',
    '<rect style="fill:url(https://t.example/p)"/>',
    '<svg onload="alert(1)"/>',
    '<g><img src=x onerror=alert(1)></g>',
  ]

  it('refuses the upload or stores nothing that runs or fetches', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 6 }), (chosen) => {
        const result = cleanLogoSvg(`<svg ${ns}>${chosen.join('')}</svg>`)
        if (result.ok) expectHarmless(result.svg)
        else expect(english(result).problem).toMatch(/^is an SVG that /)
      }),
      { numRuns: 200 },
    )
  })
})
