// birthCountries: the countries a person may be born in. Every country of the dictionary,
// since a birth country is a fact to record, not a choice the bank restricts (data/README.md).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { countryEntries } from './country-table.ts'

const birthCountries = countryEntries.map(({ code, name }) => ({ code, name }))

export const handler: Handler<'birthCountries'> = async () => rpcOk({ birthCountries })
