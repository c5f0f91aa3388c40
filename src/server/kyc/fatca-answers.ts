// The answers a FATCA/CRS certification saves (fatca_certifications.answers), and the form a
// Get shows before anything was saved: the customer's known data filled in (name, birth date,
// addresses, citizenship and birth place from the KYC profile, the tax id registration gave).
import { and, asc, eq, sql } from 'drizzle-orm'
import type { components } from '../../generated/api.d.ts'
import type { Db } from '../db/open-database.ts'
import { businessRepresentatives } from '../db/schema-business.ts'
import { AddressType } from '../../generated/constants.ts'
import type { BusinessSubject, FatcaSubject, RepresentativeRow } from './fatca-subjects.ts'

type Schemas = components['schemas']
export type TaxIdEntry = Schemas['TaxIdEntry']
export type FatcaCertification = Schemas['FatcaCertification']

/** What a person certifies: a personal customer, a representative. */
export interface PersonAnswers {
  isUSTaxPayer: boolean
  taxIds: TaxIdEntry[]
  citizenship: string[]
  birthCity: string
  birthCountryCode: string
  dateOfBirth: string
  /** As answered, or derived from the answers when left out. */
  hasUSIndicia: boolean
}

export type SavedControllingPerson = Schemas['ControllingPersonInput'] & {
  id: number
  isUSTaxPayer: boolean
}

export interface BusinessAnswers {
  entityType: 'financial-institution' | 'investment' | 'general'
  registrationCountryCode: string
  questions: Schemas['FatcaQuestions']
  isUSTaxPayer: boolean
  isDisregardedEntity: boolean
  registeredAddressId: number
  placeOfBusinessAddressId: number
  taxIds: TaxIdEntry[]
  controllingPersons: SavedControllingPerson[]
  /** The last id given to a controlling person, so a removed person's id is never reused. */
  lastControllingPersonId: number
}

export type SavedAnswers = PersonAnswers | BusinessAnswers

/** The answer fields of the certification view, from saved answers. */
export function savedAnswersView(
  answers: SavedAnswers,
): Omit<
  FatcaCertification,
  | 'taxResidencySelfCertificationDocumentStatus'
  | 'w8BenFormDocumentStatus'
  | 'w9FormDocumentStatus'
  | 'certificateOfLossOfNationalityDocumentStatus'
> {
  if ('entityType' in answers) {
    const { lastControllingPersonId: _, ...rest } = answers
    return rest
  }
  return answers
}

const taxNumber = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/

/** A tax id a record holds, when it is one the certification's schema can show. */
function knownTaxIds(countryCode: string | null | undefined, taxId: string | null): TaxIdEntry[] {
  if (!countryCode || !taxId || taxId.length > 50 || !taxNumber.test(taxId)) return []
  return [{ countryCode, taxId }]
}

/** The business's registered address (business, else any) and place of business (office). */
export function defaultAddressIds(subject: BusinessSubject): {
  registeredAddressId?: number
  placeOfBusinessAddressId?: number
} {
  const registered =
    subject.addresses.find((row) =>
      [AddressType.Business, AddressType.HomeAndBusiness].includes(
        row.addressType as typeof AddressType.Business,
      ),
    ) ?? subject.addresses[0]
  const office = subject.addresses.find((row) => row.addressType === AddressType.Office)
  const place = office ?? registered
  return {
    ...(registered ? { registeredAddressId: registered.id } : {}),
    ...(place ? { placeOfBusinessAddressId: place.id } : {}),
  }
}

function representativePrefill(row: RepresentativeRow): Schemas['ControllingPerson'] {
  return {
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    ...(row.birthday ? { dateOfBirth: row.birthday } : {}),
    taxIds: knownTaxIds(row.address?.countryCode, row.taxId),
  }
}

/** The business's ultimate beneficial owners (position 8) as registration recorded them. */
async function ownersOf(db: Db, customerId: number): Promise<RepresentativeRow[]> {
  return db
    .select()
    .from(businessRepresentatives)
    .where(
      and(
        eq(businessRepresentatives.companyCustomerId, customerId),
        eq(businessRepresentatives.type, 1),
        sql`${businessRepresentatives.positionIds} @> '[8]'::jsonb`,
      ),
    )
    .orderBy(asc(businessRepresentatives.id))
}

/** The form before a first save, with what the records already know. */
export async function prefilledAnswersView(
  db: Db,
  subject: FatcaSubject,
): Promise<ReturnType<typeof savedAnswersView>> {
  if (subject.kind === 'personal') {
    const { customer, profile } = subject
    const citizenship = profile?.citizenshipCountryCodes ?? []
    const country = customer.residenceCountryCode ?? subject.residenceAddress?.countryCode
    return {
      taxIds: knownTaxIds(country, customer.taxId),
      ...(citizenship.length > 0 ? { citizenship } : {}),
      ...(profile?.birthCity ? { birthCity: profile.birthCity } : {}),
      ...(profile?.birthCountryCode ? { birthCountryCode: profile.birthCountryCode } : {}),
      ...(customer.birthDay ? { dateOfBirth: customer.birthDay } : {}),
    }
  }
  if (subject.kind === 'business') {
    const country = subject.registrationCountryCode
    const owners = await ownersOf(db, subject.customerId)
    return {
      ...(country ? { registrationCountryCode: country } : {}),
      ...defaultAddressIds(subject),
      taxIds: knownTaxIds(country, subject.customer.taxId),
      ...(owners.length > 0 ? { controllingPersons: owners.map(representativePrefill) } : {}),
    }
  }
  const { dateOfBirth, taxIds } = representativePrefill(subject.representative)
  return { taxIds, ...(dateOfBirth ? { dateOfBirth } : {}) }
}
