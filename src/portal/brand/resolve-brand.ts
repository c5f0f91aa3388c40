// Picks the brand: the hostname map of brands/<id>/brand.yaml first; in demo mode, on a host
// no brand claims (localhost), `?brand=<id>` chooses one and is remembered for the tab.
import { brandConfigs } from '../../generated/brands.ts'

export type Brand = (typeof brandConfigs)[number]
export type BrandId = Brand['id']
export type Lang = Brand['availableLangs'][number]

const storageKey = 'portal.brand'
const logos = import.meta.glob<string>('../../../brands/*/logo.svg', {
  query: '?url',
  import: 'default',
  eager: true,
})

// The icons are files of their own (no-inline), as a browser tab's icon is fetched by address.
const icons = import.meta.glob<string>('../../../brands/*/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
})

export const isDemo = import.meta.env.VITE_DEMO !== 'false'

export function brandById(id: string): Brand | undefined {
  return brandConfigs.find((brand) => brand.id === id)
}

export function resolveBrand(location: Location, storage: Storage = sessionStorage): Brand {
  const byHost = brandConfigs.find((brand) =>
    (brand.hosts as readonly string[]).includes(location.hostname),
  )
  if (byHost) return byHost
  if (isDemo) {
    const asked = new URLSearchParams(location.search).get('brand')
    const chosen = asked ? brandById(asked) : undefined
    if (chosen) {
      storage.setItem(storageKey, chosen.id)
      return chosen
    }
    const remembered = brandById(storage.getItem(storageKey) ?? '')
    if (remembered) return remembered
  }
  const main = brandById('main')
  if (!main) throw new Error('assertion: the main brand exists')
  return main
}

export function logoUrl(brand: Brand): string {
  return logos[`../../../brands/${brand.id}/${brand.projectLogo}`] ?? ''
}

/** The brand's icon (its mark alone): the tab's icon and the mark in the header. */
export function iconUrl(brand: Brand): string {
  const own =
    'projectIcon' in brand ? `../../../brands/${brand.id}/${String(brand.projectIcon)}` : ''
  return icons[own] ?? icons['../../../brands/main/favicon.svg'] ?? ''
}

/** Points the page's icon link at the brand's icon. */
export function showBrandIcon(brand: Brand): void {
  const link =
    document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.createElement('link')
  link.rel = 'icon'
  link.type = 'image/svg+xml'
  link.href = iconUrl(brand)
  if (!link.isConnected) document.head.append(link)
}
