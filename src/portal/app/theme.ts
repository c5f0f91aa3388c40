// The Mantine theme: ten shades of the brand's primary colour and the breakpoints of
// product-spec section 9 (mobile 476, tablet 768, phablet 871, laptop 1024, desktop 1280 px).
// Text stays readable in every brand (WCAG AA, 4.5:1 on white): links and filled buttons use
// the first shade of the brand colour that reaches it, and secondary ("dimmed") text is gray 7.
import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core'
import type { Brand } from '../brand/resolve-brand.ts'

const em = (px: number) => `${px / 16}em`

/** Mix toward white (positive) or black (negative); shade 6 is the brand colour itself. */
const mixes = [0.92, 0.82, 0.66, 0.5, 0.34, 0.16, 0, -0.14, -0.28, -0.42]
/** WCAG AA for normal text. */
export const minimumContrast = 4.5

function channels(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
}

export function shadesOf(hex: string): MantineColorsTuple {
  const rgb = channels(hex)
  const shades = mixes.map((mix) => {
    const target = mix >= 0 ? 255 : 0
    const amount = Math.abs(mix)
    const mixed = rgb.map((c) => Math.round(c + (target - c) * amount))
    return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`
  })
  return shades as unknown as MantineColorsTuple
}

/** The relative luminance of WCAG 2. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) => {
    const v = c / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** The brand colour's shade (6 or darker) that text on white and white text on it can use. */
export function readableShade(shades: MantineColorsTuple): 6 | 7 | 8 | 9 {
  for (const shade of [6, 7, 8] as const) {
    if (contrastRatio(shades[shade], '#ffffff') >= minimumContrast) return shade
  }
  return 9
}

function mix(hex: string, target: string, amount: number): string {
  const to = channels(target)
  const mixed = channels(hex).map((c, i) => Math.round(c + ((to[i] ?? 0) - c) * amount))
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`
}

/** The colour, darkened in steps of 10 % until it reaches 4.5:1 on the background. */
export function readableOn(text: string, background: string): string {
  for (let step = 0; step <= 10; step++) {
    const candidate = mix(text, '#000000', step / 10)
    if (contrastRatio(candidate, background) >= minimumContrast) return candidate
  }
  return '#000000'
}

const hex = /^#[0-9a-f]{6}$/i

/**
 * Light-scheme variables with readable text: secondary text is gray 7 (gray 6 reaches only
 * 3.3:1 on white), a field's error (its message, its border and the value typed) red 8 (red 6
 * reaches only 3.3:1 on white, red 8 4.5:1), the text of every colour's "light" variant (badges,
 * alerts) is its shade 9 darkened until it reads on that variant's background, shade 1 (Mantine's
 * yellow and green shades 9 do not), and the "filled" variant's background is darkened until
 * white text reads on it.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  }
  const filledShade =
    typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light
  for (const [name, shades] of Object.entries(theme.colors)) {
    // Mantine's light variant: shade 9 on shade 1.
    const [text, background] = [shades[9], shades[1]]
    if (!text || !background || !hex.test(text) || !hex.test(background)) continue
    light[`--mantine-color-${name}-light-color`] = readableOn(text, background)
    // The filled variant (a red Confirm, a green Save) carries white text on the primary
    // shade, which Mantine's red, green, yellow and others give 2 to 3.5:1 at shade 6: darkened
    // until it reads. The brand's own colour already has a readable primary shade.
    const filled = shades[filledShade]
    if (name !== theme.primaryColor && filled && hex.test(filled)) {
      const readable = readableOn(filled, '#ffffff')
      light[`--mantine-color-${name}-filled`] = readable
      light[`--mantine-color-${name}-filled-hover`] = mix(readable, '#000000', 0.15)
    }
  }
  return { variables: {}, light, dark: {} }
}

/** The names of the icon-only close buttons, in the page's language (they have no text). */
export interface CloseLabels {
  dialog: string
  message: string
}

export function themeFor(brand: Brand, close: CloseLabels): MantineThemeOverride {
  const brandShades = shadesOf(brand.colors.primary)
  return createTheme({
    // Plain objects rather than Modal.extend(): the theme loads with the sign-in page, the
    // dialogs later.
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': close.dialog } } },
      Alert: { defaultProps: { closeButtonLabel: close.message } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': close.message } } },
    },
    primaryColor: 'brand',
    primaryShade: readableShade(brandShades),
    colors: { brand: brandShades },
    breakpoints: { xs: em(476), sm: em(768), md: em(871), lg: em(1024), xl: em(1280) },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  })
}
