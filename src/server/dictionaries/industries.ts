// industries: the industry dictionary in its four groups (product-spec section 3). The
// adult-related industries are a group of their own so a brand overlay can hide the whole
// group in registration (section 1: hideAdultIndustriesInRegistration).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk, type RpcData } from '../rpc/outcome.ts'
import industryData from './data/industries.json' with { type: 'json' }

const industryGroups = industryData.groups.map(({ group, label }) => {
  const industries = industryData.industries.filter((industry) => industry.group === group)
  if (industries.length === 0) throw new Error(`assertion: industry group ${group} has industries`)
  return { group, label, industries }
})
const grouped = industryGroups.reduce((sum, group) => sum + group.industries.length, 0)
if (grouped !== industryData.industries.length) {
  throw new Error('assertion: every industry belongs to a listed group')
}

// A JSON import types the groups as strings; the dispatcher's response check holds them to
// the spec's enum.
const answer = { industryGroups } as RpcData<'industries'>

export const handler: Handler<'industries'> = async () => rpcOk(answer)
