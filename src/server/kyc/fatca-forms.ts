// The FATCA/CRS forms the answers call for, as real PDFs (product-spec sections 3 and 4): the
// tax residency self-certification in every case, and the substitute IRS form of the US status:
// W-9 for a US person, W-8BEN for any other individual, W-8BEN-E for any other entity. They are
// substitute forms in the IRS's sense: the official lines, numbered as on the IRS form, with the
// answers and the certification text, made by the bank. A W-form is produced unsigned when the
// answers are saved, and again with the electronic signature when the person signs it
// (wFormUpload).
import type { components } from '../../generated/api.d.ts'
import { country } from '../dictionaries/country-table.ts'
import { taxIdRuleFor } from '../dictionaries/tax-id-rules.ts'
import { renderFormPdf, type FormContent, type FormSection } from '../pdf/form-pdf.ts'
import type { BrandConfig } from '../rpc/request-brand.ts'
import type { BusinessAnswers, PersonAnswers, TaxIdEntry } from './fatca-answers.ts'
import type { AddressFields, FatcaSubject } from './fatca-subjects.ts'

type Questions = components['schemas']['FatcaQuestions']

/** Who declared or signed, when and from where: printed on the form. */
export interface Attestation {
  name: string
  username: string
  at: Date
  ip: string
}

/** What the forms print besides the answers. */
export interface FormParty {
  subject: FatcaSubject
  brand: BrandConfig
  /** The business's addresses the answers name (registered, place of business). */
  registeredAddress?: AddressFields
  placeOfBusiness?: AddressFields
}

export type FormKind = 'selfCertification' | 'w9' | 'w8Ben'

export interface ProducedForm {
  kind: FormKind
  fileName: string
  pdf: Uint8Array
}

const yesNo = (value: boolean | undefined): string =>
  value === undefined ? 'not answered' : value ? 'Yes' : 'No'

export function countryName(code: string): string {
  return `${country(code)?.name ?? code} (${code})`
}

export function addressLine(address: AddressFields | undefined): string {
  if (!address) return 'not on file'
  const place = [address.postalCode, address.city].filter(Boolean).join(' ')
  return [
    address.address1,
    address.address2,
    place,
    address.stateName,
    countryName(address.countryCode),
  ]
    .filter(Boolean)
    .join(', ')
}

const reasonText: Record<NonNullable<TaxIdEntry['tinMissingReason']>, string> = {
  COUNTRY_DOES_NOT_ISSUE: 'the country does not issue tax identification numbers',
  CANNOT_OBTAIN: 'unable to obtain a tax identification number',
  NO_TIN_IS_REQUIRED: "no tax identification number is required under the country's law",
}

/** One tax residency as printed: the country, the id under its local name, or why there is none. */
export function taxResidencyLine(entry: TaxIdEntry, kind: 'personal' | 'business'): string {
  const rule = taxIdRuleFor(entry.countryCode, kind)
  const label = rule[kind]
  const crs = rule.crs ? '; CRS reportable jurisdiction' : ''
  if (entry.taxId !== undefined) {
    return `${countryName(entry.countryCode)}, ${label?.name ?? 'TIN'} (${label?.shortName ?? 'TIN'}) ${entry.taxId}${crs}`
  }
  const reason = entry.tinMissingReason ? reasonText[entry.tinMissingReason] : 'not given'
  const why = entry.tinMissingExplanation ? ` (${entry.tinMissingExplanation})` : ''
  return `${countryName(entry.countryCode)}, no tax id: ${reason}${why}${crs}`
}

function residencyRows(taxIds: readonly TaxIdEntry[], kind: 'personal' | 'business') {
  return taxIds.map(
    (entry, index) => [`Tax residence ${index + 1}`, taxResidencyLine(entry, kind)] as const,
  )
}

function attestationRows(label: string, who: Attestation): (readonly [string, string])[] {
  return [
    [label, `${who.name} (${who.username})`],
    ['Date and time (UTC)', who.at.toISOString().replace('T', ' ').slice(0, 19)],
    ['From address', who.ip],
  ]
}

const positionNames: Record<number, string> = {
  2: 'director',
  6: 'shareholder',
  8: 'ultimate beneficial owner',
  9: 'shareholder',
}

function personIdentification(party: FormParty, answers: PersonAnswers): FormSection {
  const { subject } = party
  const rows: (readonly [string, string])[] = [
    ['Name', subject.name],
    ['Date of birth', answers.dateOfBirth],
    ['Place of birth', `${answers.birthCity}, ${countryName(answers.birthCountryCode)}`],
    ['Citizenship', answers.citizenship.map(countryName).join('; ')],
    [
      'Permanent residence address',
      addressLine(subject.kind === 'business' ? undefined : subject.residenceAddress),
    ],
  ]
  if (subject.kind === 'representative') {
    const positions = [
      ...new Set(subject.representative.positionIds.map((id) => positionNames[id])),
    ]
    rows.push(
      [
        'Representative of',
        `${subject.company.businessName ?? subject.company.email} (customer ${subject.customerId})`,
      ],
      ['Positions', positions.filter(Boolean).join(', ') || 'authorised user'],
    )
  } else {
    rows.splice(1, 0, ['Customer number', String(subject.customerId)])
  }
  return { heading: 'Part 1 - Identification', rows }
}

function declarations(brand: BrandConfig, entity: boolean): FormSection {
  const holder = entity ? 'the entity' : 'me'
  return {
    heading: 'Part 4 - Declarations',
    paragraphs: [
      'I declare that the information in this form is, to the best of my knowledge and belief, accurate and complete.',
      `I undertake to inform ${brand.accountConfirmation.name} within 30 days of any change in circumstances that makes this information incorrect, and to provide an updated self-certification.`,
      `I acknowledge that the information in this form and about the account held by ${holder} may be reported to the tax authorities of the country in which the account is maintained and exchanged with the tax authorities of another country or countries in which ${entity ? 'the entity is' : 'I am'} tax resident, under intergovernmental agreements to exchange financial account information (FATCA and the OECD Common Reporting Standard).`,
    ],
  }
}

function meta(
  party: FormParty,
  title: string,
  subtitle: string,
  sections: FormSection[],
  at: Date,
): FormContent {
  const issuer = party.brand.accountConfirmation
  return {
    title,
    subtitle,
    letterhead: [issuer.name, issuer.address],
    sections,
    footer: [
      `Produced by ${issuer.name} for customer ${party.subject.customerId}. A substitute form: the lines follow the official form.`,
    ],
    author: issuer.name,
    subject: `${title} of ${party.subject.name}`,
    keywords: ['FATCA', 'CRS', title],
    createdAt: at,
  }
}

function selfCertificationOfPerson(
  party: FormParty,
  answers: PersonAnswers,
  declared: Attestation,
): FormContent {
  const lossRequired = !answers.isUSTaxPayer && answers.birthCountryCode === 'US'
  return meta(
    party,
    'Tax Residency Self-Certification - Individual',
    'FATCA and CRS self-certification of an individual account holder or controlling person',
    [
      personIdentification(party, answers),
      {
        heading: 'Part 2 - Countries of tax residence and tax identification numbers',
        rows: residencyRows(answers.taxIds, 'personal'),
      },
      {
        heading: 'Part 3 - United States tax status',
        rows: [
          ['US citizen or resident for US tax purposes (US person)', yesNo(answers.isUSTaxPayer)],
          ['US indicia', yesNo(answers.hasUSIndicia)],
          ['Certificate of loss of US nationality', lossRequired ? 'required' : 'not required'],
          ['US tax form', answers.isUSTaxPayer ? 'Form W-9' : 'Form W-8BEN'],
        ],
      },
      declarations(party.brand, false),
      {
        heading: 'Part 5 - Declaration made',
        rows: attestationRows('Declared electronically by', declared),
      },
    ],
    declared.at,
  )
}

/** The entity's FATCA status (chapter 4 of the Internal Revenue Code), from the questionnaire. */
export function entityFatcaStatus(answers: BusinessAnswers): string {
  const q: Questions = answers.questions
  if (q.isFinancialInstitution) {
    return q.giin
      ? `Financial institution, GIIN ${q.giin}`
      : `Financial institution without a GIIN: ${q.giinMissingReason ?? 'no reason given'}`
  }
  if (q.isPubliclyTraded) return 'Publicly traded NFFE'
  if (q.isOwnPubliclyTradedCompany) return 'NFFE affiliate of a publicly traded corporation'
  if (q.isEarnPassiveIncome) return 'Passive NFFE'
  return 'Active NFFE'
}

const entityTypeNames: Record<BusinessAnswers['entityType'], string> = {
  'financial-institution': 'Financial institution',
  investment: 'Investment entity',
  general: 'Non-financial entity',
}

function classificationRows(answers: BusinessAnswers): (readonly [string, string])[] {
  const q = answers.questions
  const rows: (readonly [string, string])[] = [
    ['Entity type', entityTypeNames[answers.entityType]],
    ['Financial institution', yesNo(q.isFinancialInstitution)],
    ['Uses client funds', yesNo(q.isUsingClientFunds)],
    ['Managed by a financial institution', yesNo(q.isManagedByFinancialInstitution)],
    ['Publicly traded', yesNo(q.isPubliclyTraded)],
    ['Owned by a publicly traded company', yesNo(q.isOwnPubliclyTradedCompany)],
    ['Earns mainly passive income', yesNo(q.isEarnPassiveIncome)],
    ['FATCA status', entityFatcaStatus(answers)],
    ['US person for US tax purposes', yesNo(answers.isUSTaxPayer)],
    ['Disregarded entity', yesNo(answers.isDisregardedEntity)],
  ]
  if (q.isPubliclyTraded) {
    rows.push(['Securities market and ticker', `${q.companySecurityMarket}, ${q.companyTicket}`])
  }
  if (q.isOwnPubliclyTradedCompany) {
    rows.push([
      'Publicly traded owner',
      `${q.companyOwnedByYouName}, ${q.companyOwnedByYouSecurityMarket}, ${q.companyOwnedByYouTicket}`,
    ])
  }
  return rows
}

function controllingPersonRows(answers: BusinessAnswers): (readonly [string, string])[] {
  if (answers.controllingPersons.length === 0) return [['Controlling persons', 'none listed']]
  return answers.controllingPersons.map((person, index) => {
    const born = [
      person.dateOfBirth,
      person.birthCity,
      person.birthCountryCode && countryName(person.birthCountryCode),
    ]
      .filter(Boolean)
      .join(', ')
    const residences = person.taxIds.map((entry) => taxResidencyLine(entry, 'personal')).join('; ')
    return [
      `Controlling person ${index + 1}`,
      `${person.firstName} ${person.lastName}, born ${born}; citizenship ${person.citizenship.map(countryName).join(', ')}; tax residence ${residences}; US person: ${yesNo(person.isUSTaxPayer)}`,
    ] as const
  })
}

function selfCertificationOfEntity(
  party: FormParty,
  answers: BusinessAnswers,
  declared: Attestation,
): FormContent {
  return meta(
    party,
    'Tax Residency Self-Certification - Entity',
    'FATCA and CRS self-certification of an entity account holder',
    [
      {
        heading: 'Part 1 - Identification of the entity',
        rows: [
          ['Legal name', party.subject.name],
          ['Customer number', String(party.subject.customerId)],
          [
            'Country of incorporation or organisation',
            countryName(answers.registrationCountryCode),
          ],
          ['Registered address', addressLine(party.registeredAddress)],
          ['Principal place of business', addressLine(party.placeOfBusiness)],
        ],
      },
      { heading: 'Part 2 - Entity classification', rows: classificationRows(answers) },
      {
        heading: 'Part 3 - Countries of tax residence and tax identification numbers',
        rows: residencyRows(answers.taxIds, 'business'),
      },
      { heading: 'Part 3a - Controlling persons', rows: controllingPersonRows(answers) },
      declarations(party.brand, true),
      {
        heading: 'Part 5 - Declaration made',
        rows: attestationRows('Declared electronically by', declared),
      },
    ],
    declared.at,
  )
}

function signatureSection(signed: Attestation | undefined, until: boolean): FormSection {
  if (!signed) {
    return {
      heading: 'Sign here',
      paragraphs: [
        'Not signed yet: the form becomes valid once you sign it electronically in the portal.',
      ],
    }
  }
  const rows = attestationRows('Signed electronically by', signed)
  if (until) {
    rows.push([
      'In effect until',
      `31 December ${signed.at.getUTCFullYear() + 3}, unless a change in circumstances makes any information on this form incorrect`,
    ])
  }
  return { heading: 'Sign here', rows }
}

function usTaxId(taxIds: readonly TaxIdEntry[]): string {
  return taxIds.find((entry) => entry.countryCode === 'US')?.taxId ?? 'none'
}

function w9(
  party: FormParty,
  answers: PersonAnswers | BusinessAnswers,
  signed: Attestation | undefined,
  at: Date,
): FormContent {
  const entity = 'entityType' in answers
  const address = entity
    ? party.registeredAddress
    : party.subject.kind === 'business'
      ? undefined
      : party.subject.residenceAddress
  return meta(
    party,
    'Substitute Form W-9',
    'Request for Taxpayer Identification Number and Certification',
    [
      {
        heading: 'Part I - Identification and taxpayer identification number',
        rows: [
          ['1 Name (as shown on your income tax return)', party.subject.name],
          [
            '3 Federal tax classification',
            entity ? 'Entity (business customer)' : 'Individual/sole proprietor',
          ],
          [
            '5 Address',
            address
              ? [address.address1, address.address2].filter(Boolean).join(', ')
              : 'not on file',
          ],
          [
            '6 City, state, and ZIP code',
            address
              ? [address.city, address.stateName ?? address.stateCode, address.postalCode]
                  .filter(Boolean)
                  .join(', ')
              : 'not on file',
          ],
          [
            entity ? 'Employer identification number' : 'Social security number or ITIN',
            usTaxId(answers.taxIds),
          ],
        ],
      },
      {
        heading: 'Part II - Certification',
        paragraphs: [
          'Under penalties of perjury, I certify that:',
          '1. The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me); and',
          '2. I am not subject to backup withholding because (a) I am exempt from backup withholding, or (b) I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no longer subject to backup withholding; and',
          '3. I am a U.S. citizen or other U.S. person; and',
          '4. The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.',
        ],
      },
      signatureSection(signed, false),
    ],
    at,
  )
}

function w8Ben(
  party: FormParty,
  answers: PersonAnswers,
  signed: Attestation | undefined,
  at: Date,
): FormContent {
  const foreign = answers.taxIds.filter((entry) => entry.countryCode !== 'US')
  const notRequired = foreign.some(
    (entry) => entry.tinMissingReason && entry.tinMissingReason !== 'CANNOT_OBTAIN',
  )
  return meta(
    party,
    'Substitute Form W-8BEN',
    'Certificate of Foreign Status of Beneficial Owner for United States Tax Withholding and Reporting (Individuals)',
    [
      {
        heading: 'Part I - Identification of Beneficial Owner',
        rows: [
          ['1 Name of individual who is the beneficial owner', party.subject.name],
          ['2 Country of citizenship', answers.citizenship.map(countryName).join('; ')],
          [
            '3 Permanent residence address',
            addressLine(
              party.subject.kind === 'business' ? undefined : party.subject.residenceAddress,
            ),
          ],
          ['5 U.S. taxpayer identification number', usTaxId(answers.taxIds)],
          [
            '6a Foreign tax identifying number',
            foreign.map((entry) => taxResidencyLine(entry, 'personal')).join('; '),
          ],
          ['6b FTIN not legally required', notRequired ? 'checked' : 'not checked'],
          ['8 Date of birth', answers.dateOfBirth],
        ],
      },
      {
        heading: 'Part II - Claim of Tax Treaty Benefits',
        paragraphs: ['No treaty benefits are claimed on this form.'],
      },
      {
        heading: 'Part III - Certification',
        paragraphs: [
          'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I further certify under penalties of perjury that:',
          'I am the individual that is the beneficial owner of all the income or proceeds to which this form relates, or am using this form to document myself for chapter 4 purposes;',
          'The person named on line 1 of this form is not a U.S. person;',
          'The income to which this form relates is not effectively connected with the conduct of a trade or business in the United States, or is effectively connected but is not subject to tax under an applicable income tax treaty;',
          'For broker transactions or barter exchanges, the beneficial owner is an exempt foreign person as defined in the instructions.',
          'I agree that I will submit a new form within 30 days if any certification made on this form becomes incorrect.',
        ],
      },
      signatureSection(signed, true),
    ],
    at,
  )
}

function w8BenE(
  party: FormParty,
  answers: BusinessAnswers,
  signed: Attestation | undefined,
  at: Date,
): FormContent {
  const usOwners = answers.controllingPersons.filter((person) => person.isUSTaxPayer)
  const sections: FormSection[] = [
    {
      heading: 'Part I - Identification of Beneficial Owner',
      rows: [
        ['1 Name of organization that is the beneficial owner', party.subject.name],
        [
          '2 Country of incorporation or organization',
          countryName(answers.registrationCountryCode),
        ],
        [
          '3 Disregarded entity receiving the payment',
          answers.isDisregardedEntity ? 'Yes' : 'None',
        ],
        ['5 Chapter 4 status (FATCA status)', entityFatcaStatus(answers)],
        ['6 Permanent residence address', addressLine(party.registeredAddress)],
        ['7 Mailing address', addressLine(party.placeOfBusiness)],
        ['9a GIIN', answers.questions.giin ?? 'none'],
        [
          '9b Foreign TIN',
          answers.taxIds.map((entry) => taxResidencyLine(entry, 'business')).join('; '),
        ],
      ],
    },
  ]
  if (answers.questions.isEarnPassiveIncome) {
    sections.push({
      heading: 'Part XXIX - Substantial U.S. Owners of Passive NFFE',
      rows:
        usOwners.length === 0
          ? [['Substantial U.S. owners', 'none']]
          : usOwners.map(
              (person, index) =>
                [
                  `U.S. owner ${index + 1}`,
                  `${person.firstName} ${person.lastName}, TIN ${usTaxId(person.taxIds)}`,
                ] as const,
            ),
    })
  }
  sections.push(
    {
      heading: 'Part XXX - Certification',
      paragraphs: [
        'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I further certify under penalties of perjury that the entity identified on line 1 of this form is the beneficial owner of all the income or proceeds to which this form relates, or is using this form to document itself for chapter 4 purposes, and that the entity identified on line 1 of this form is not a U.S. person.',
        'I certify that I have the capacity to sign for the entity identified on line 1 of this form.',
        'I agree that I will submit a new form within 30 days if any certification on this form becomes incorrect.',
      ],
    },
    signatureSection(signed, true),
  )
  return meta(
    party,
    'Substitute Form W-8BEN-E',
    'Certificate of Status of Beneficial Owner for United States Tax Withholding and Reporting (Entities)',
    sections,
    at,
  )
}

/** The self-certification of saved answers, declared by `declared`. */
export async function selfCertificationPdf(
  party: FormParty,
  answers: PersonAnswers | BusinessAnswers,
  declared: Attestation,
): Promise<ProducedForm> {
  const content =
    'entityType' in answers
      ? selfCertificationOfEntity(party, answers, declared)
      : selfCertificationOfPerson(party, answers, declared)
  return {
    kind: 'selfCertification',
    fileName: 'tax-residency-self-certification.pdf',
    pdf: await renderFormPdf(content),
  }
}

/** The W-form of the US status: W-9, W-8BEN or W-8BEN-E; signed when `signed` is given. */
export async function wFormPdf(
  party: FormParty,
  answers: PersonAnswers | BusinessAnswers,
  kind: 'w9' | 'w8Ben',
  signed: Attestation | undefined,
  at: Date,
): Promise<ProducedForm> {
  const entity = 'entityType' in answers
  const content =
    kind === 'w9'
      ? w9(party, answers, signed, at)
      : entity
        ? w8BenE(party, answers, signed, at)
        : w8Ben(party, answers, signed, at)
  const base = kind === 'w9' ? 'w-9' : entity ? 'w-8ben-e' : 'w-8ben'
  return {
    kind,
    fileName: `${base}${signed ? '-signed' : ''}.pdf`,
    pdf: await renderFormPdf(content),
  }
}
