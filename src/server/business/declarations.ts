// The statements a business signs (product-spec section 7, Business and other: the resolution,
// the studio and streaming-platform declarations, the prohibited-escort statement): which
// business each is asked of, its text, and its signatures, kept per business with who signed,
// who sent it, from where and when; the newest is the one in force. The product names the
// statements only: who must sign which, and their wording, are chosen here
// (docs/decisions.md, "Company operations").
import { and, desc, eq } from 'drizzle-orm'
import type { components } from '../../generated/api.d.ts'
import { BusinessRegistrationType } from '../../generated/constants.ts'
import type { Db } from '../db/open-database.ts'
import {
  businessDeclarations,
  type DeclarationKind,
  type DeclaredPlatform,
} from '../db/schema-business.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  type Answer,
  type Failure,
  type FieldError,
  refusal,
  rpcOk,
  rpcRefuse,
  type AnswerKey,
  validationFailure,
} from '../rpc/outcome.ts'
import { normalizeName } from '../../shared/registration-rules.ts'
import industryData from '../dictionaries/data/industries.json' with { type: 'json' }
import { customerBrandOf } from './company-brand.ts'
import { isFailure, loadCompanyRecords, type CompanyRecords } from './company-records.ts'

type Declaration = components['schemas']['BusinessDeclaration']
type Sign = components['schemas']['BusinessDeclarationSign']
type DeclarationRow = typeof businessDeclarations.$inferSelect

/** What the business is, as far as the statements care. */
interface BusinessKind {
  webcamStudio: boolean
  liveStreaming: boolean
  adult: boolean
}

const adultIndustries = new Set(
  industryData.industries.filter((entry) => entry.group === 'adult').map((entry) => entry.id),
)
/** Industries of the dictionary that are webcam studios and live-streaming platforms. */
const webcamStudioIndustries = new Set([2])
const liveStreamingIndustries = new Set([3, 27])

/** The registration type chosen and the industry of the financial details say what it does. */
function businessKindOf(company: CompanyRecords): BusinessKind {
  const industry = (company.profile?.financialDetail as { industry?: number } | undefined)?.industry
  const type = company.registrationType
  const inIndustry = (set: Set<number>) => industry !== undefined && set.has(industry)
  return {
    webcamStudio:
      type === BusinessRegistrationType.WebcamStudios || inIndustry(webcamStudioIndustries),
    liveStreaming:
      type === BusinessRegistrationType.LiveStreamingNetworks ||
      inIndustry(liveStreamingIndustries),
    adult: inIndustry(adultIndustries),
  }
}

interface Statement {
  /** Whether the statement is asked of such a business. */
  appliesTo: (kind: BusinessKind) => boolean
  /** Why another business is not asked for it; absent when every business is. */
  notAsked?: AnswerKey
  text: (company: string, bank: string) => string
}

const statements: Record<DeclarationKind, Statement> = {
  resolution: {
    appliesTo: () => true,
    text: (company, bank) =>
      `Resolution of the directors of ${company}. The directors resolve that ${company} opens ` +
      `and operates accounts with ${bank}; that the persons named as its users may act for ` +
      `${company} within the access rights given to them; and that the information given ` +
      `about ${company}, its directors, shareholders and ultimate beneficial owners is true ` +
      'and complete.',
  },
  studio: {
    appliesTo: (kind) => kind.webcamStudio,
    notAsked: 'answer.declarations.studioNotAsked',
    text: (company, bank) =>
      `${company} declares that it runs a webcam studio; that every model performing through ` +
      'it is at least 18 years old, has proved their age and identity with a government-issued ' +
      'document kept on file, and performs of their own free will under a written agreement; ' +
      `and that it keeps these records for at least five years and shows them to ${bank} on ` +
      'request.',
  },
  streamingPlatform: {
    appliesTo: (kind) => kind.webcamStudio || kind.liveStreaming,
    notAsked: 'answer.declarations.streamingPlatformNotAsked',
    text: (company, bank) =>
      `${company} declares that the platforms listed are every platform on which it or its ` +
      `models broadcast or are paid for broadcasts, and that it will tell ${bank} before it ` +
      'uses another.',
  },
  prohibitedEscort: {
    appliesTo: (kind) => kind.webcamStudio || kind.liveStreaming || kind.adult,
    notAsked: 'answer.declarations.prohibitedEscortNotAsked',
    text: (company, bank) =>
      `${company} declares that it does not offer, arrange, advertise or take payment for ` +
      'escort services or any sexual service in person, and that it will not use its accounts ' +
      `with ${bank} for payments related to such services. A breach allows ${bank} to close ` +
      'the accounts at once.',
  },
}

/** The newest signature of a statement by the business, if any. */
async function lastSignature(
  db: Db,
  companyId: number,
  kind: DeclarationKind,
): Promise<DeclarationRow | undefined> {
  const [row] = await db
    .select()
    .from(businessDeclarations)
    .where(
      and(
        eq(businessDeclarations.companyCustomerId, companyId),
        eq(businessDeclarations.kind, kind),
      ),
    )
    .orderBy(desc(businessDeclarations.signedAt), desc(businessDeclarations.id))
    .limit(1)
  return row
}

function signedView(row: DeclarationRow): Declaration {
  return {
    text: row.text,
    isSigned: true,
    signerName: row.signerName,
    ...(row.signerPosition ? { signerPosition: row.signerPosition } : {}),
    signedAt: row.signedAt.toISOString(),
    ...(row.platforms ? { platforms: row.platforms } : {}),
  }
}

/** The statement's current text for the business, or the refusal of a business not asked. */
async function statementFor(
  context: HandlerContext,
  kind: DeclarationKind,
): Promise<{ companyId: number; text: string } | Failure> {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  const statement = statements[kind]
  const notAsked = statement.appliesTo(businessKindOf(company)) ? undefined : statement.notAsked
  if (notAsked) return rpcRefuse('ENOA', notAsked)
  const bank = (await customerBrandOf(context.db, customerId)).accountConfirmation.name
  const name = company.records.customer.businessName ?? 'The company'
  return { companyId: customerId, text: statement.text(name, bank) }
}

type GetOperation =
  | 'resolutionGet'
  | 'studioDeclarationGet'
  | 'streamingPlatformDeclarationGet'
  | 'prohibitedEscortStatementGet'

/** A ...Get operation: the signed statement in force, or the text to sign. */
export async function declarationGet(
  context: HandlerContext,
  kind: DeclarationKind,
): Promise<Answer<GetOperation> | Failure> {
  const statement = await statementFor(context, kind)
  if ('status' in statement) return statement
  const signed = await lastSignature(context.db, statement.companyId, kind)
  const declaration: Declaration = signed
    ? signedView(signed)
    : { text: statement.text, isSigned: false }
  return rpcOk({ declaration })
}

type SendOperation =
  | 'resolutionSend'
  | 'studioDeclarationSend'
  | 'streamingPlatformDeclarationSend'
  | 'prohibitedEscortStatementSend'

/** A ...Send operation: signs the statement as shown now; it is then the one in force. */
export async function declarationSend(
  context: HandlerContext,
  kind: DeclarationKind,
  input: Sign & { platforms?: DeclaredPlatform[] },
): Promise<Answer<SendOperation> | Failure> {
  const statement = await statementFor(context, kind)
  if ('status' in statement) return statement
  const signerPosition = input.signerPosition ? normalizeName(input.signerPosition) : undefined
  const platforms = input.platforms ? platformsOf(input.platforms) : undefined
  const errors = [
    ...(signerPosition === '' ? [refusal('signerPosition', 'refusal.common.empty')] : []),
    ...(platforms && 'errors' in platforms ? platforms.errors : []),
  ]
  if (errors.length > 0) return validationFailure(errors)
  const [row] = await context.db
    .insert(businessDeclarations)
    .values({
      companyCustomerId: statement.companyId,
      kind,
      text: statement.text,
      signerName: normalizeName(input.signerName),
      signerPosition: signerPosition ?? null,
      platforms: platforms && 'list' in platforms ? platforms.list : null,
      signedByUserId: requireSession(context).userId,
      ip: context.ip,
    })
    .returning()
  if (!row) throw new Error('assertion: the declaration insert returned its row')
  return rpcOk({ declaration: signedView(row) })
}

/**
 * The declared platforms, names trimmed: each named once (letter case aside), and a web
 * address only over http or https, as it is shown to the bank's staff as a link.
 */
function platformsOf(
  given: readonly DeclaredPlatform[],
): { list: DeclaredPlatform[] } | { errors: FieldError[] } {
  const errors: FieldError[] = []
  const seen = new Set<string>()
  const list = given.map((platform, i) => {
    const name = normalizeName(platform.name)
    const key = name.toLowerCase()
    if (name === '') errors.push(refusal(`platforms.${i}.name`, 'refusal.common.empty'))
    else if (seen.has(key)) {
      errors.push(refusal(`platforms.${i}.name`, 'refusal.common.listedTwice'))
    }
    seen.add(key)
    if (platform.url !== undefined && !isWebAddress(platform.url)) {
      const description = 'refusal.business.httpAddress'
      errors.push(refusal(`platforms.${i}.url`, description))
    }
    return platform.url === undefined ? { name } : { name, url: platform.url }
  })
  return errors.length > 0 ? { errors } : { list }
}

function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}
