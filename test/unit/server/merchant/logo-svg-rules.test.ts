// The string rules an SVG logo's attributes and styles must pass after DOMPurify: links only
// to #ids, CSS without imports, escapes or functions that could name a URL.
import { describe, expect, it } from 'vitest'
import {
  attributeDanger,
  cssDanger,
  hrefDanger,
} from '../../../../src/server/merchant/logo-svg-rules.ts'

describe('hrefDanger', () => {
  it.each([
    ['#logo', undefined],
    ['#', undefined],
    ['javascript:alert(1)', 'links to javascript: URLs'],
    [' JavaScript:alert(1)', 'links to javascript: URLs'],
    ['java\nscript:alert(1)', 'links to javascript: URLs'],
    ['vbscript:msgbox', 'links to javascript: URLs'],
    ['https://example.com/#logo', 'refers to content outside itself'],
    ['//example.com/x.svg', 'refers to content outside itself'],
    ['logo.svg#x', 'refers to content outside itself'],
    ['data:image/png;base64,AAAA', 'refers to content outside itself'],
    [' #logo', 'refers to content outside itself'],
  ])('%j', (href, danger) => {
    expect(hrefDanger(href)).toBe(danger)
  })
})

describe('cssDanger', () => {
  it.each([
    ['.a{fill:#fff;stroke:rgb(0 0 0 / 50%)}', undefined],
    ['fill:url(#g)', undefined],
    ["fill: URL( '#g' )", undefined],
    ['@media (max-width: 10px){.a{opacity:.5}}', undefined],
    ['@keyframes spin{to{transform:rotate(360deg)}}', undefined],
    ['transform: translate(1px, 2px) scale(2)', undefined],
    ['@import "x.css";', 'has a style sheet that imports others'],
    ['@IMPORT url(#x);', 'has a style sheet that imports others'],
    ['@font-face{src:local(x)}', 'refers to content outside itself'],
    ['@namespace svg url(http://www.w3.org/2000/svg);', 'refers to content outside itself'],
    ['fill:url(https://t.example/p)', 'refers to content outside itself'],
    ['fill:url("x.svg#g")', 'refers to content outside itself'],
    ['fill:u\\72l(https://t.example/p)', 'uses CSS escapes or functions a logo does not need'],
    ['background:image-set("p.png" 1x)', 'uses CSS escapes or functions a logo does not need'],
    ['background:-webkit-image-set(a 1x)', 'uses CSS escapes or functions a logo does not need'],
    ['x:expression(alert(1))', 'uses CSS escapes or functions a logo does not need'],
  ])('%j', (css, danger) => {
    expect(cssDanger(css)).toBe(danger)
  })
})

describe('attributeDanger', () => {
  it.each([
    ['d', 'M0 0 L10 10 Z', undefined],
    ['fill', 'url(#g)', undefined],
    ['transform', 'rotate(45 5 5)', undefined],
    ['id', 'a(b)', undefined],
    ['data-name', 'Layer (copy)', undefined],
    ['aria-label', 'Nova (Pay)', undefined],
    ['onload', 'x()', 'has event handler attributes'],
    ['svg:onclick', 'x()', 'has event handler attributes'],
    ['xlink:href', 'https://t.example/p', 'refers to content outside itself'],
    ['href', '#a', undefined],
    ['xml:base', 'https://t.example/', 'refers to content outside itself'],
    ['fill', 'url(https://t.example/p)', 'refers to content outside itself'],
    ['style', '@import "x"', 'has a style sheet that imports others'],
  ])('%s=%j', (name, value, danger) => {
    expect(attributeDanger(name, value)).toBe(danger)
  })
})
