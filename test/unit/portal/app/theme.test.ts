// Every brand's text reads at WCAG AA (4.5:1): links and filled buttons take the first shade
// of the brand colour that reaches it, and the light variants' text is darkened until it does.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { DEFAULT_THEME, type MantineTheme } from '@mantine/core'
import {
  contrastRatio,
  cssVariablesResolver,
  readableOn,
  readableShade,
  shadesOf,
} from '../../../../src/portal/app/theme.ts'

const brandsDir = join(import.meta.dirname, '../../../../brands')
const brandColours = readdirSync(brandsDir).map((id) => {
  const brand = parse(readFileSync(join(brandsDir, id, 'brand.yaml'), 'utf8')) as {
    colors: { primary: string }
  }
  return [id, brand.colors.primary] as const
})

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, whatever the order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#1e6fd9', '#1e6fd9')).toBe(1)
    // Mantine's gray 6, the old secondary text: 3.3:1.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2)
  })
})

describe('readableShade', () => {
  it.each(brandColours)('%s: the shade used for links and buttons reads on white', (_, colour) => {
    const shades = shadesOf(colour)
    expect(contrastRatio(shades[readableShade(shades)], '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })

  it('keeps the brand colour itself when it reads, and darkens only when it does not', () => {
    expect(readableShade(shadesOf('#0B3D91'))).toBe(6)
    // Amber (lt-b) reaches 3.2:1 as given: two shades darker it reads.
    expect(readableShade(shadesOf('#D97706'))).toBe(8)
  })
})

describe('readableOn', () => {
  it('leaves a readable colour as it is and darkens one that is not', () => {
    expect(readableOn('#000000', '#ffffff')).toBe('#000000')
    const amber = readableOn('#e67700', '#fff3bf')
    expect(amber).not.toBe('#e67700')
    expect(contrastRatio(amber, '#fff3bf')).toBeGreaterThanOrEqual(4.5)
  })
})

describe('cssVariablesResolver', () => {
  const theme = { ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors } } as MantineTheme
  const { light } = cssVariablesResolver(theme)

  it('makes secondary text gray 7', () => {
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)')
  })

  it("makes a field's error red 8, which reads on white", () => {
    expect(light['--mantine-color-error']).toBe('var(--mantine-color-red-8)')
    expect(contrastRatio(DEFAULT_THEME.colors.red[8], '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })

  it.each(Object.keys(DEFAULT_THEME.colors))(
    "%s: the light variant's text reads on its background (shade 1)",
    (name) => {
      const text = light[`--mantine-color-${name}-light-color`]
      expect(text).toBeDefined()
      const background = DEFAULT_THEME.colors[name]![1]
      expect(contrastRatio(text!, background)).toBeGreaterThanOrEqual(4.5)
    },
  )

  it.each(Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'blue'))(
    '%s: white text reads on the filled variant, and on its hover',
    (name) => {
      for (const variable of ['filled', 'filled-hover']) {
        const background = light[`--mantine-color-${name}-${variable}`]
        expect(background).toBeDefined()
        expect(contrastRatio('#ffffff', background!)).toBeGreaterThanOrEqual(4.5)
      }
    },
  )
})
