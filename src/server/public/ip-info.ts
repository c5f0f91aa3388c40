// ipInfo: the caller's IP address (or a given one) with its kind, country and the privacy
// check that follows it (product-spec section 7, Public calls), answered in one call through
// the IP-info adapter (src/server/adapters/ip-info/).
import { isIP } from 'node:net'
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { defaultIpInfo } from '../adapters/ip-info/built-in-ip-info.ts'
import type { IpInfoAdapter } from '../adapters/ip-info/ip-info-adapter.ts'
import { country } from '../dictionaries/country-table.ts'

const adapter: IpInfoAdapter = defaultIpInfo

export const handler: Handler<'ipInfo'> = async (context, { ip }) => {
  if (ip !== undefined && isIP(ip) === 0) {
    return validationFailure([refusal('ip', 'refusal.common.ipAddress')])
  }
  const address = ip ?? context.ip
  const [found, privacy] = await Promise.all([
    adapter.lookup(address),
    adapter.checkPrivacy(address),
  ])
  const countryName = found.countryCode === null ? null : (country(found.countryCode)?.name ?? null)
  return rpcOk({ ipInfo: { ...found, countryName, privacy, source: adapter.name } })
}
