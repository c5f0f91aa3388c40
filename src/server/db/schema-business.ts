// What registration records about a customer beyond customers and users (product-spec section
// 3, Registration payload (business); section 4, Business registration): how and where the
// customer registered, the business's own details, its representatives (directors,
// shareholders, ultimate owners, users: Representative role types) and its shareholder tree
// with the shares. The KYC and business areas read them (directorList, shareholderList,
// businessRepresentativeInfoGet), with the representatives' addresses and the statements the
// business signs. drizzle-kit reads this file with schema.ts.
import { sql } from 'drizzle-orm'
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { customerAddresses, customers, users } from './schema.ts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** An address as registration received it (activation-address.schema.json). */
export interface RegisteredAddress {
  address1: string
  address2?: string
  city: string
  postalCode?: string
  countryCode: string
  stateCode?: string
  stateName?: string
}

/** A source of funds with its details (registration-person.schema.json). */
export interface RegisteredSourceOfFunds {
  sourceId: number
  details?: string
}

/**
 * One row per registration: the kind, the registration type the customer chose (what the
 * brand offered), the tax-id answers a personal customer gave without a tax id, and where the
 * request came from, kept as evidence of the sign-up.
 */
export const customerRegistrations = pgTable(
  'customer_registrations',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    /** personal-registration-type or business-registration-type. */
    registrationType: text('registration_type').notNull(),
    /** Personal only: the reason and explanation given instead of a tax id (section 5). */
    tinMissingReason: text('tin_missing_reason'),
    tinMissingExplanation: text('tin_missing_explanation'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [check('customer_registrations_kind_check', sql`${t.kind} in ('personal', 'business')`)],
)

/** The registering business: the generalForm beyond customers, and the other wizard forms. */
export const businessProfiles = pgTable('business_profiles', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  tradingName: text('trading_name'),
  registrationNumber: text('registration_number').notNull(),
  registrationDate: date('registration_date'),
  registrationCountryCode: char('registration_country_code', { length: 2 }).notNull(),
  noTaxId: boolean('no_tax_id').notNull().default(false),
  tinMissingReason: text('tin_missing_reason'),
  tinMissingExplanation: text('tin_missing_explanation'),
  website: text('website'),
  description: text('description'),
  /** financial-detail.schema.json as sent (financialInfoForm). */
  financialDetail: jsonb('financial_detail').$type<Record<string, unknown>>().notNull(),
  /** due-diligence-answers.schema.json as sent (dueDilligenceForm). */
  dueDiligence: jsonb('due_diligence').$type<Record<string, unknown>>().notNull(),
  /** The legalForm: legalForm, isRegulated, regulatorName, licenseNumber. */
  legalInformation: jsonb('legal_information').$type<Record<string, unknown>>().notNull(),
  additionalQuestionAnswers: jsonb('additional_question_answers')
    .$type<Record<string, unknown>[]>()
    .notNull()
    .default([]),
  /** The person who represented the company in the registration, with their position. */
  authorizedRepresentativeId: integer('authorized_representative_id').references(
    (): AnyPgColumn => businessRepresentatives.id,
  ),
  authorizedRepresentativePosition: text('authorized_representative_position'),
  createdAt: createdAt(),
})

/**
 * A person or company of a business's registration (personList and companyList), with its
 * positions in the business: 2 director, 6 shareholder, 8 ultimate beneficial owner
 * (representative-role.schema.json; registration writes 6 for every direct shareholder and
 * readers take 9 as the same role, docs/decisions.md). A person who got a login has userId.
 */
export const businessRepresentatives = pgTable(
  'business_representatives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 110001 }),
    /** The business the person or company is a representative of. */
    companyCustomerId: integer('company_customer_id')
      .notNull()
      .references(() => customers.id),
    /** 1 person, 2 company (business-shareholder-type.schema.json). */
    type: smallint('type').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    birthday: date('birthday'),
    companyName: text('company_name'),
    tradingName: text('trading_name'),
    registrationNumber: text('registration_number'),
    registrationDate: date('registration_date'),
    registrationCountryCode: char('registration_country_code', { length: 2 }),
    website: text('website'),
    description: text('description'),
    email: text('email'),
    /** The calling code without a plus sign, and the national number. */
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    address: jsonb('address').$type<RegisteredAddress>(),
    placeOfBusiness: jsonb('place_of_business').$type<RegisteredAddress>(),
    taxId: text('tax_id'),
    noTaxId: boolean('no_tax_id').notNull().default(false),
    tinMissingReason: text('tin_missing_reason'),
    tinMissingExplanation: text('tin_missing_explanation'),
    sourcesOfFunds: jsonb('sources_of_funds')
      .$type<RegisteredSourceOfFunds[]>()
      .notNull()
      .default([]),
    /** Positions in the business (not in a shareholder company). */
    positionIds: jsonb('position_ids').$type<number[]>().notNull().default([]),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('business_representatives_company_idx').on(t.companyCustomerId),
    index('business_representatives_user_idx').on(t.userId),
    check('business_representatives_type_check', sql`${t.type} in (1, 2)`),
  ],
)

/** The directors of a shareholder company (companyList directors). */
export const businessCompanyDirectors = pgTable(
  'business_company_directors',
  {
    companyRepresentativeId: integer('company_representative_id')
      .notNull()
      .references(() => businessRepresentatives.id),
    directorRepresentativeId: integer('director_representative_id')
      .notNull()
      .references(() => businessRepresentatives.id),
  },
  (t) => [primaryKey({ columns: [t.companyRepresentativeId, t.directorRepresentativeId] })],
)

/**
 * The shareholder tree as registered: each node a representative holding `share` percent of
 * its parent node's company, or of the business itself when parentId is null. A company may
 * appear at several places with different owners below it, so the tree is kept as sent.
 */
export const businessShareholdings = pgTable(
  'business_shareholdings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 120001 }),
    companyCustomerId: integer('company_customer_id')
      .notNull()
      .references(() => customers.id),
    parentId: integer('parent_id').references((): AnyPgColumn => businessShareholdings.id),
    representativeId: integer('representative_id')
      .notNull()
      .references(() => businessRepresentatives.id),
    /** Percent of the parent, above 0 and at most 100 (product-spec section 5). */
    share: numeric('share', { precision: 9, scale: 6 }).notNull(),
    /** The node's place among its siblings, as sent. */
    position: smallint('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('business_shareholdings_company_idx').on(t.companyCustomerId, t.parentId),
    check('business_shareholdings_share_check', sql`${t.share} > 0 and ${t.share} <= 100`),
  ],
)

/**
 * The addresses of a business's representatives. Each is a customer_addresses row of the
 * business (the files that prove it are the business's documents, reviewed with the rest of
 * its KYC), marked here as the representative's, so the business's own addresses leave it out.
 */
export const businessRepresentativeAddresses = pgTable(
  'business_representative_addresses',
  {
    addressId: integer('address_id')
      .primaryKey()
      .references(() => customerAddresses.id),
    representativeId: integer('representative_id')
      .notNull()
      .references(() => businessRepresentatives.id),
  },
  (t) => [index('business_representative_addresses_representative_idx').on(t.representativeId)],
)

/** The statements a business signs (product-spec section 7, Business and other). */
export const declarationKinds = [
  'resolution',
  'studio',
  'streamingPlatform',
  'prohibitedEscort',
] as const
export type DeclarationKind = (typeof declarationKinds)[number]

/** A declared streaming platform (streamingPlatformDeclarationSend). */
export interface DeclaredPlatform {
  name: string
  url?: string
}

/**
 * Every signature of a statement, kept as evidence: the text as it was shown, who signed it
 * and in which position, the user who sent it, from where and when. The newest of a kind is
 * the one in force (product-spec section 7, Business and other).
 */
export const businessDeclarations = pgTable(
  'business_declarations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 140001 }),
    companyCustomerId: integer('company_customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').$type<DeclarationKind>().notNull(),
    text: text('text').notNull(),
    signerName: text('signer_name').notNull(),
    signerPosition: text('signer_position'),
    /** The streaming platforms declared (streamingPlatform only). */
    platforms: jsonb('platforms').$type<DeclaredPlatform[]>(),
    signedByUserId: integer('signed_by_user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_declarations_company_idx').on(t.companyCustomerId, t.kind, t.signedAt),
    check(
      'business_declarations_kind_check',
      sql`${t.kind} in ('resolution', 'studio', 'streamingPlatform', 'prohibitedEscort')`,
    ),
  ],
)
