// The brand a request is for (product-spec section 1, Brand variants): the brand whose hosts
// (brands/<id>/brand.yaml) include the request's host name. On a host no brand claims
// (localhost, a test server) demo mode takes the x-brand header, which the portal sends from
// its own choice (?brand=, src/portal/brand/resolve-brand.ts); otherwise the main brand. A
// claimed host always wins, so a header cannot move a production host to another brand.
import { brandConfigs } from '../../generated/brands.ts'

export type BrandConfig = (typeof brandConfigs)[number]
export type BrandId = BrandConfig['id']

export const brandHeader = 'x-brand'
const fallbackBrandId: BrandId = 'main'

export function brandById(id: string): BrandConfig | undefined {
  return brandConfigs.find((brand) => brand.id === id)
}

export function requestBrandId(
  hostname: string,
  header: string | string[] | undefined,
  demo: boolean,
): BrandId {
  const host = hostname.toLowerCase()
  const byHost = brandConfigs.find((brand) => (brand.hosts as readonly string[]).includes(host))
  if (byHost) return byHost.id
  const asked = demo && typeof header === 'string' ? brandById(header) : undefined
  return asked?.id ?? fallbackBrandId
}
