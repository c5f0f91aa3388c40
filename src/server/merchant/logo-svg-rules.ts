// What an SVG logo may contain beyond DOMPurify's SVG profile (logo-svg.ts). A logo is shown
// to payers on payment pages, so it must be a picture and nothing more: no script, no
// animation that could rewrite a link or a handler, and no reference to anything outside the
// file (a tracking pixel, a style sheet, a font), because the payer's browser would fetch it.
// Internal references (`#id`: gradients, clip paths, symbols) are what logos are made of and
// stay. These rules are plain string tests so that the sanitizer and its final check of the
// stored output apply exactly the same ones.

/** Why an SVG was refused; the wording completes "<file> is an SVG that ...". */
export type SvgDanger =
  | 'contains a script'
  | 'embeds foreign content'
  | 'declares XML entities'
  | 'has event handler attributes'
  | 'links to javascript: URLs'
  | 'contains animation'
  | 'contains processing instructions'
  | 'refers to content outside itself'
  | 'has a style sheet that imports others'
  | 'uses CSS escapes or functions a logo does not need'
  | 'is nested too deeply'

/** The order in which dangers are named when an upload has several. */
export const svgDangerOrder: SvgDanger[] = [
  'contains a script',
  'embeds foreign content',
  'declares XML entities',
  'has event handler attributes',
  'links to javascript: URLs',
  'contains animation',
  'contains processing instructions',
  'refers to content outside itself',
  'has a style sheet that imports others',
  'uses CSS escapes or functions a logo does not need',
  'is nested too deeply',
]

/** Element names (lower case) that make an upload dangerous wherever they appear. */
export const dangerousElements: ReadonlyMap<string, SvgDanger> = new Map([
  ['script', 'contains a script'],
  ['handler', 'contains a script'],
  ['listener', 'contains a script'],
  ['foreignobject', 'embeds foreign content'],
  ['iframe', 'embeds foreign content'],
  ['embed', 'embeds foreign content'],
  ['object', 'embeds foreign content'],
  ['frame', 'embeds foreign content'],
  ['frameset', 'embeds foreign content'],
  // SMIL can set any attribute, href and on* included, after every check has passed.
  ['set', 'contains animation'],
  ['animate', 'contains animation'],
  ['animatecolor', 'contains animation'],
  ['animatemotion', 'contains animation'],
  ['animatetransform', 'contains animation'],
  ['discard', 'contains animation'],
  ['mpath', 'contains animation'],
])

/** Tags DOMPurify's SVG profile allows that a logo may not have (lower case, as it compares). */
export const forbiddenProfileTags = [...dangerousElements.keys()]

/**
 * Deeper than this the serialisers (recursive) could overflow the stack; no drawing needs it.
 */
export const maxSvgDepth = 256

/** A link target: only a fragment of the same document (`#id`) is allowed. */
export function hrefDanger(value: string): SvgDanger | undefined {
  if (value.startsWith('#')) return undefined
  // Browsers drop control characters and spaces inside URLs, so "java\tscript:" counts too.
  const compact = value.replace(/[\s\p{Cc}]/gu, '').toLowerCase()
  if (compact.startsWith('javascript:') || compact.startsWith('vbscript:')) {
    return 'links to javascript: URLs'
  }
  return 'refers to content outside itself'
}

/** The only CSS functions a logo may use; everything else could name a URL or an image. */
const cssFunctions = new Set([
  'url', // checked below: only url(#id)
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'var',
  'calc',
  'min',
  'max',
  'clamp',
  'matrix',
  'translate',
  'translatex',
  'translatey',
  'scale',
  'scalex',
  'scaley',
  'rotate',
  'skew',
  'skewx',
  'skewy',
  'cubic-bezier',
  'steps',
  'blur',
  'brightness',
  'contrast',
  'drop-shadow',
  'grayscale',
  'hue-rotate',
  'invert',
  'opacity',
  'saturate',
  'sepia',
])

/** At-rules that only arrange the logo's own styles (no @import, @font-face, @namespace). */
const cssAtRules = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes'])

/**
 * CSS text of a `<style>` element, a style attribute or a presentation attribute (fill="url(#g)").
 * Escapes are refused outright: `\75 rl(` is `url(` to a browser and would slip past the tests.
 */
export function cssDanger(css: string): SvgDanger | undefined {
  if (css.includes('\\')) return 'uses CSS escapes or functions a logo does not need'
  for (const [, name] of css.matchAll(/@([A-Za-z_-][\w-]*)/g)) {
    const rule = (name ?? '').toLowerCase()
    if (rule === 'import') return 'has a style sheet that imports others'
    if (!cssAtRules.has(rule)) return 'refers to content outside itself'
  }
  for (const match of css.matchAll(/([A-Za-z_-][\w-]*)\(/g)) {
    const name = (match[1] ?? '').toLowerCase()
    if (!cssFunctions.has(name)) return 'uses CSS escapes or functions a logo does not need'
    const argument = css.slice((match.index ?? 0) + match[0].length)
    if (name === 'url' && !/^\s*['"]?#/.test(argument)) return 'refers to content outside itself'
  }
  return undefined
}

/** Attributes never read as CSS or URLs: free text for people, ids, classes, data-*. */
function isPlainTextAttribute(name: string): boolean {
  return (
    name === 'id' ||
    name === 'class' ||
    name === 'lang' ||
    name.startsWith('aria-') ||
    name.startsWith('data-')
  )
}

/** One attribute of a sanitized element, by its qualified name (xlink:href) and value. */
export function attributeDanger(name: string, value: string): SvgDanger | undefined {
  const local = localPart(name)
  if (local.startsWith('on')) return 'has event handler attributes'
  if (local === 'href') return hrefDanger(value)
  // xml:base would turn every "#id" into a reference to another document.
  if (local === 'base') return 'refers to content outside itself'
  if (isPlainTextAttribute(local)) return undefined
  return cssDanger(value)
}

/**
 * A name without its prefix, in lower case. The HTML parser keeps prefixes in names
 * (<svg:script>, svg:onload) where an XML parser would resolve them, so rules compare this.
 */
export function localPart(name: string): string {
  return (name.split(':').pop() ?? '').toLowerCase()
}
