// The Mantine theme: ten shades of the brand's primary colour and the breakpoints of
// product-spec section 9 (mobile 476, tablet 768, phablet 871, laptop 1024, desktop 1280 px).
import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core'
import type { Brand } from '../brand/resolve-brand.ts'

const em = (px: number) => `${px / 16}em`

/** Mix toward white (positive) or black (negative); shade 6 is the brand colour itself. */
const mixes = [0.92, 0.82, 0.66, 0.5, 0.34, 0.16, 0, -0.14, -0.28, -0.42]

export function shadesOf(hex: string): MantineColorsTuple {
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
  const shades = mixes.map((mix) => {
    const target = mix >= 0 ? 255 : 0
    const amount = Math.abs(mix)
    const channels = rgb.map((c) => Math.round(c + (target - c) * amount))
    return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`
  })
  return shades as unknown as MantineColorsTuple
}

export function themeFor(brand: Brand): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: shadesOf(brand.colors.primary) },
    breakpoints: { xs: em(476), sm: em(768), md: em(871), lg: em(1024), xl: em(1280) },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  })
}
