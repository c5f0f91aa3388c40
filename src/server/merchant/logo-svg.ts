// Cleans an uploaded SVG logo with DOMPurify's SVG profile, on the server through jsdom, and
// refuses it when it carried anything dangerous (decisions.md, "SVG logos"). A regular
// expression cannot tell what a browser will make of entities, namespaces and animations
// (issue 11: `<set attributeName="onload">`, `&#106;avascript:` and external `<use>` passed
// one), so the file is parsed, and what is stored is the serialised, checked result.
//
// The pipeline: DOMPurify keeps only elements and attributes of its SVG allowlist, and a hook
// notes every dangerous thing it meets on the way (logo-svg-rules.ts). The kept tree is then
// checked for what the profile still allows: references outside the file, CSS imports and
// functions, depth. Anything dangerous refuses the upload; harmless leftovers (editor
// metadata, comments, unknown attributes) are simply dropped. The serialised SVG is parsed
// again as XML, the way a browser reads it, and must pass the same rules.
import createPurifier, { type Config, type UponSanitizeElementHookEvent } from 'dompurify'
import { JSDOM } from 'jsdom'
import {
  attributeDanger,
  cssDanger,
  dangerousElements,
  forbiddenProfileTags,
  hrefDanger,
  localPart,
  maxSvgDepth,
  svgDangerOrder,
  type SvgDanger,
} from './logo-svg-rules.ts'
import type { RefusalKey, RefusalParams } from '../rpc/outcome.ts'

/** Why a logo is refused: a refusal of the catalogue; the upload adds the file's name. */
export interface LogoProblem {
  key: RefusalKey
  params?: RefusalParams
}

export type SvgCheck = { ok: true; svg: string } | { ok: false; problem: LogoProblem }

/** Each danger as a word of the catalogue, completing "<file> is an SVG that ...". */
const dangerWords: Record<SvgDanger, RefusalKey> = {
  'contains a script': 'refusal.word.svgDanger.script',
  'embeds foreign content': 'refusal.word.svgDanger.foreignContent',
  'declares XML entities': 'refusal.word.svgDanger.entities',
  'has event handler attributes': 'refusal.word.svgDanger.handlers',
  'links to javascript: URLs': 'refusal.word.svgDanger.javascriptUrls',
  'contains animation': 'refusal.word.svgDanger.animation',
  'contains processing instructions': 'refusal.word.svgDanger.processingInstructions',
  'refers to content outside itself': 'refusal.word.svgDanger.outside',
  'has a style sheet that imports others': 'refusal.word.svgDanger.cssImport',
  'uses CSS escapes or functions a logo does not need': 'refusal.word.svgDanger.cssEscapes',
  'is nested too deeply': 'refusal.word.svgDanger.nesting',
}

const svgNamespace = 'http://www.w3.org/2000/svg'
const allowedAttributeNamespaces = new Set([
  null,
  'http://www.w3.org/1999/xlink',
  'http://www.w3.org/XML/1998/namespace',
  'http://www.w3.org/2000/xmlns/',
])

const purifyConfig: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // <use href="#id"> is how logos repeat a shape; the href rule keeps it inside the file.
  // <body> is the parsed container itself: were it disallowed, DOMPurify would deep-clone the
  // whole drawing to hoist it out (slow, and recursive: a deep file overflows the stack).
  ADD_TAGS: ['use', 'body'],
  FORBID_TAGS: forbiddenProfileTags,
  // The prolog (declaration, processing instructions, comments) then lands in the body the
  // hook walks, instead of before <html> where no hook would see an <?xml-stylesheet?>.
  FORCE_BODY: true,
}

// No scripts run and no resources load in this window: it only parses and serialises. Only
// the sanitizer's worker thread loads this module, so jsdom never weighs on the main thread.
const { window } = new JSDOM('')

/** The XML declaration is a harmless prolog; any other `<?...?>` is a processing instruction. */
function isProcessingInstruction(node: Node): boolean {
  if (node.nodeType === 7) return true
  // The HTML parser keeps "<?target ...?>" as a comment starting with "?".
  const data = node.nodeType === 8 ? (node as Comment).data : ''
  return data.startsWith('?') && !/^\?xml\s/i.test(data)
}

/** What the upload carries, as DOMPurify walks it (before it removes anything). */
function noteDangers(dangers: Set<SvgDanger>) {
  return (node: Node, event: UponSanitizeElementHookEvent) => {
    if (isProcessingInstruction(node)) dangers.add('contains processing instructions')
    if (node.nodeType !== 1) return
    const danger = dangerousElements.get(localPart(event.tagName))
    if (danger) dangers.add(danger)
    for (const attribute of Array.from((node as Element).attributes)) {
      const name = localPart(attribute.localName)
      if (name.startsWith('on')) dangers.add('has event handler attributes')
      if (name === 'href') {
        const link = hrefDanger(attribute.value)
        if (link === 'links to javascript: URLs') dangers.add(link)
      }
    }
  }
}

/** Drops comments (DOMPurify keeps some) and notes what the kept tree may still not have. */
function checkTree(root: Element, dangers: Set<SvgDanger>, dropComments: boolean): void {
  const pending: [Node, number][] = [[root, 1]]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next
    if (node.nodeType === 8 && dropComments) {
      node.parentNode?.removeChild(node)
      continue
    }
    if (node.nodeType === 7 || node.nodeType === 8) dangers.add('contains processing instructions')
    if (node.nodeType !== 1) continue
    if (depth > maxSvgDepth) {
      dangers.add('is nested too deeply')
      return
    }
    checkElement(node as Element, dangers)
    for (const child of Array.from(node.childNodes)) pending.push([child, depth + 1])
  }
}

function checkElement(element: Element, dangers: Set<SvgDanger>): void {
  const danger = dangerousElements.get(localPart(element.localName))
  if (danger) dangers.add(danger)
  if (element.namespaceURI !== svgNamespace) dangers.add('embeds foreign content')
  for (const attribute of Array.from(element.attributes)) {
    if (!allowedAttributeNamespaces.has(attribute.namespaceURI)) {
      dangers.add('embeds foreign content')
    }
    const found = attributeDanger(attribute.name, attribute.value)
    if (found) dangers.add(found)
  }
  if (element.localName === 'style') {
    if (element.children.length > 0) dangers.add('embeds foreign content')
    const found = cssDanger(element.textContent ?? '')
    if (found) dangers.add(found)
  }
}

function refusal(dangers: Set<SvgDanger>): SvgCheck {
  const named = svgDangerOrder.filter((danger) => dangers.has(danger))
  const words = named.map((danger) => dangerWords[danger])
  return {
    ok: false,
    problem: { key: 'refusal.merchant.logo.unsafeSvg', params: { dangers: words } },
  }
}

/** Raw-text checks for what an HTML parser silently skips, so that it is refused, not lost. */
function prologDangers(text: string): Set<SvgDanger> {
  const dangers = new Set<SvgDanger>()
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) {
    dangers.add('declares XML entities')
  }
  return dangers
}

/** Parses the stored form as a browser will (XML) and asserts it passes every rule. */
function assertClean(svg: string): void {
  const parsed = new window.DOMParser().parseFromString(svg, 'image/svg+xml')
  const root = parsed.documentElement
  if (root.namespaceURI !== svgNamespace || root.localName !== 'svg') {
    throw new Error('assertion: a sanitized logo SVG parses as an SVG document')
  }
  const dangers = new Set<SvgDanger>()
  for (const node of Array.from(parsed.childNodes)) {
    if (node.nodeType === 7 || node.nodeType === 8) dangers.add('contains processing instructions')
  }
  checkTree(root, dangers, false)
  if (dangers.size > 0) {
    throw new Error(`assertion: a sanitized logo SVG is clean, not one that ${[...dangers]}`)
  }
}

/** More elements than any logo needs; the cap also bounds the time a check takes. */
export const maxSvgElements = 5_000

/**
 * A passive SVG, cleaned and serialised, or the reason it is refused. Synchronous work of up
 * to a second or two on a 2 MB file: the server runs it off the event loop (logo-svg-thread.ts).
 */
export function cleanLogoSvg(text: string): SvgCheck {
  // Every element starts with "<" and a letter; counted before parsing, so the cap is cheap.
  if ((text.match(/<[A-Za-z]/g)?.length ?? 0) > maxSvgElements) {
    const limit = { limit: maxSvgElements }
    return { ok: false, problem: { key: 'refusal.merchant.logo.tooManyElements', params: limit } }
  }
  const dangers = prologDangers(text)
  const purifier = createPurifier(window)
  purifier.addHook('uponSanitizeElement', noteDangers(dangers))
  const body = purifier.sanitize(text, { ...purifyConfig, RETURN_DOM: true }) as Element
  const root = Array.from(body.children).find(
    (child) => child.namespaceURI === svgNamespace && child.localName === 'svg',
  )
  if (!root) return { ok: false, problem: { key: 'refusal.merchant.logo.nothingToShow' } }
  checkTree(root, dangers, true)
  if (dangers.size > 0) return refusal(dangers)
  const svg = new window.XMLSerializer().serializeToString(root)
  assertClean(svg)
  return { ok: true, svg }
}
