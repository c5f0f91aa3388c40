// Saving a FATCA/CRS certification (fatcaCrs*Update): the rules of src/shared/fatca-rules.ts
// with the tax-id table registration uses, then in one transaction the forms the answers call
// for stored as files (purpose taxForm), the answers and the statuses of product-spec section
// 4. Saved answers are a new declaration: the self-certification is pending review, the W-form
// the US status calls for is none until signed (wFormUpload), the other notRequired. A
// certificate of loss of nationality keeps its file and status while it is still asked for.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerAddresses, customers, users } from '../db/schema.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type Failure, refusal, validationFailure } from '../rpc/outcome.ts'
import { brandOf, ruleOptions } from '../activation/registration-gate.ts'
import { country } from '../dictionaries/country-table.ts'
import { storeFile } from '../uploads/stored-files.ts'
import { FatcaDocumentStatus } from '../../generated/constants.ts'
import { requiredForms, type FatcaIssue, type FatcaRuleOptions } from '../../shared/fatca-rules.ts'
import type { BusinessAnswers, PersonAnswers, SavedAnswers } from './fatca-answers.ts'
import {
  selfCertificationPdf,
  wFormPdf,
  type Attestation,
  type FormParty,
  type ProducedForm,
} from './fatca-forms.ts'
import { certificationOf, lockSubject, saveCertification, statusesOf } from './fatca-store.ts'
import { addressFields, type FatcaSubject } from './fatca-subjects.ts'

export function fatcaRuleOptions(context: HandlerContext): FatcaRuleOptions {
  return {
    taxIdRule: ruleOptions(brandOf(context.brandId)).taxIdRule,
    isCountry: (code) => country(code) !== undefined,
    today: new Date().toISOString().slice(0, 10),
  }
}

export function issuesFailure(issues: readonly FatcaIssue[]): Failure | undefined {
  if (issues.length === 0) return undefined
  return validationFailure(
    issues.map((issue) => refusal(issue.path, `refusal.fatca.${issue.code}` as const)),
  )
}

/** The signed-in user as a form prints them: their own customer's name and their login. */
export async function attestationOf(
  context: HandlerContext,
  at = new Date(),
): Promise<Attestation> {
  const { userId } = requireSession(context)
  const [row] = await context.db
    .select({
      username: users.username,
      firstName: customers.firstName,
      lastName: customers.lastName,
      businessName: customers.businessName,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, userId))
  if (!row) throw new Error('assertion: the signed-in user exists')
  const person = [row.firstName, row.lastName].filter(Boolean).join(' ')
  return {
    name: person || row.businessName || row.username,
    username: row.username,
    at,
    ip: context.ip,
  }
}

/** What the forms print besides the answers: a business's addresses by the ids it answered. */
export async function formPartyOf(
  db: Db,
  context: HandlerContext,
  subject: FatcaSubject,
  answers: SavedAnswers,
): Promise<FormParty> {
  const brand = brandOf(context.brandId)
  if (subject.kind !== 'business' || !('entityType' in answers)) return { subject, brand }
  const byId = async (id: number) => {
    const [row] = await db.select().from(customerAddresses).where(eq(customerAddresses.id, id))
    return row && row.customerId === subject.customerId ? addressFields(row) : undefined
  }
  return {
    subject,
    brand,
    registeredAddress: await byId(answers.registeredAddressId),
    placeOfBusiness: await byId(answers.placeOfBusinessAddressId),
  }
}

function pdfFile(form: ProducedForm) {
  return {
    fileName: form.fileName,
    contentType: 'application/pdf' as const,
    content: Buffer.from(form.pdf),
  }
}

/** Produces the forms of checked answers and saves everything in one transaction. */
export async function saveAnswers(
  context: HandlerContext,
  subject: FatcaSubject,
  answers: PersonAnswers | BusinessAnswers,
): Promise<void> {
  const { userId } = requireSession(context)
  const declared = await attestationOf(context)
  const party = await formPartyOf(context.db, context, subject, answers)
  const forms = requiredForms({
    isUSTaxPayer: answers.isUSTaxPayer,
    birthCountryCode: 'birthCountryCode' in answers ? answers.birthCountryCode : undefined,
  })
  const selfCertification = await selfCertificationPdf(party, answers, declared)
  const wKind = forms.w9 ? 'w9' : 'w8Ben'
  const wForm = await wFormPdf(party, answers, wKind, undefined, declared.at)
  await context.db.transaction(async (tx) => {
    await lockSubject(tx, subject)
    const existing = await certificationOf(tx, subject)
    const previous = await statusesOf(tx, subject, existing)
    const selfCertificationFileId = await storeFile(
      tx,
      subject.customerId,
      'taxForm',
      pdfFile(selfCertification),
    )
    const wFileId = await storeFile(tx, subject.customerId, 'taxForm', pdfFile(wForm))
    const { None, NotRequired, Pending } = FatcaDocumentStatus
    const loss = forms.lossOfNationality
    await saveCertification(
      tx,
      subject,
      existing,
      {
        answers: answers as unknown as Record<string, unknown>,
        selfCertificationFileId,
        w9FileId: forms.w9 ? wFileId : null,
        w8BenFileId: forms.w8Ben ? wFileId : null,
        lossOfNationalityFileId: loss ? (existing?.lossOfNationalityFileId ?? null) : null,
        lossOfNationalityIssuedOn: loss ? (existing?.lossOfNationalityIssuedOn ?? null) : null,
        declaredByUserId: userId,
        declaredIp: context.ip,
        declaredAt: declared.at,
      },
      {
        selfCertification: Pending,
        w9: forms.w9 ? None : NotRequired,
        w8Ben: forms.w8Ben ? None : NotRequired,
        lossOfNationality: !loss
          ? NotRequired
          : previous.lossOfNationality === NotRequired
            ? None
            : previous.lossOfNationality,
      },
    )
  })
}
