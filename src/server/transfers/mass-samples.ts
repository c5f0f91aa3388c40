// The sample files of each kind of mass transfer (product-spec section 7, "Mass sample links"):
// CSV files in mass-samples/, served as downloads at /samples/mass/<kind>.csv, and the column
// layout each one shows, so an upload in that layout reads the same columns (mass-files.ts).
// The samples carry well-formed data (valid IBANs, SWIFTs, BINs with Luhn check digits) so a
// customer who edits one keeps a file the checks accept.
import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { p2pColumns, type MassColumns } from './mass-files.ts'

export const massSampleKinds = [
  'wire',
  'p2p',
  'eft',
  'creditCard',
  'globalPay',
  'cryptoEft',
] as const
export type MassSampleKind = (typeof massSampleKinds)[number]

/** Where the samples are served; the links of massSampleLinksGet point here. */
export const massSamplePath = '/samples/mass'

const samplesDir = new URL('./mass-samples/', import.meta.url)

/** The column order of each sample (its header line), with the header words each accepts. */
export const massSampleColumns: Readonly<Record<MassSampleKind, MassColumns>> = {
  p2p: p2pColumns,
  wire: layout([
    'beneficiaryName',
    'beneficiaryAddress',
    'countryCode',
    'iban',
    'accountNumber',
    'swift',
    'bankName',
    'amount',
    'currency',
    'reference',
  ]),
  eft: layout([
    'beneficiaryName',
    'countryCode',
    'accountNumber',
    'bankCode',
    'branchCode',
    'amount',
    'currency',
    'reference',
  ]),
  creditCard: layout(['cardNumber', 'cardHolderName', 'amount', 'currency', 'note']),
  globalPay: layout([
    'beneficiaryName',
    'beneficiaryEmail',
    'beneficiaryCountryCode',
    'beneficiaryType',
    'amount',
    'currency',
    'description',
    'feeShare',
  ]),
  cryptoEft: layout([
    'walletAddress',
    'currency',
    'network',
    'memo',
    'amount',
    'beneficiaryName',
    'note',
  ]),
}

/** A layout whose header words are the column names, as mass-files.ts normalises them. */
function layout(order: string[]): MassColumns {
  return {
    order,
    aliases: Object.fromEntries(order.map((name) => [name, [name.toLowerCase()]])),
  }
}

export function isMassSampleKind(kind: string): kind is MassSampleKind {
  return (massSampleKinds as readonly string[]).includes(kind)
}

/** The bytes of a sample file. */
export async function massSample(kind: MassSampleKind): Promise<Buffer> {
  return readFile(new URL(`${kind}.csv`, samplesDir))
}

/** The sample downloads: public, since they hold no customer's data. */
export function registerMassSamples(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(`${massSamplePath}/:file`, async (request, reply) => {
    const kind = request.params.file.replace(/\.csv$/, '')
    if (!request.params.file.endsWith('.csv') || !isMassSampleKind(kind)) {
      return reply.code(404).type('application/json').send({ message: 'Not found' })
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="mass-${kind}-sample.csv"`)
      .header('cache-control', 'public, max-age=3600')
      .send(await massSample(kind))
  })
}
