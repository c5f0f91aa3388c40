// Shapes a business's records into CompanyInfo (product-spec section 3, Company info): the
// company as registered, its own addresses and documents with their review, the answers of the
// registration's forms, and who still owes source-of-wealth documents (sections 5 and 9).
import type { components } from '../../generated/api.d.ts'
import { CustomerInfoCustomerType, DocumentCategory } from '../../generated/constants.ts'
import { clearsSourceOfFunds } from '../../shared/registration-rules.ts'
import { documentGroupStatus } from '../../shared/company-review.ts'
import { categoryOf, type CustomerRecords, type UploadRow } from '../kyc/customer-records.ts'
import { addressView, phoneView, uploadedDocumentView } from '../kyc/record-views.ts'
import industryData from '../dictionaries/data/industries.json' with { type: 'json' }
import type { CompanyRecords } from './company-records.ts'
import { ownershipOf } from './representative-views.ts'

type Schemas = components['schemas']
export type CompanyInfo = Schemas['CompanyInfo']

const corporateCategories = [
  DocumentCategory.BusinessRegistration,
  DocumentCategory.ControlDocument,
]
const additionalCategories = [DocumentCategory.BusinessAdditionalDocument]
const sourceOfWealthCategories = [DocumentCategory.SourceOfWealth]

/** The industries of the financial group: their companies are financial institutions. */
const financialIndustries = new Set(
  industryData.industries.filter((entry) => entry.group === 'financial').map((entry) => entry.id),
)

function filesOf(records: CustomerRecords, categories: readonly number[]): UploadRow[] {
  return records.uploads.filter((upload) => {
    const category = categoryOf(records, upload)
    return category !== undefined && categories.includes(category)
  })
}

/** Each document's current status in the categories: its newest main file's, else its own. */
function groupStatus(records: CustomerRecords, categories: readonly number[]) {
  const statuses = records.documents
    .filter((document) => categories.includes(document.categoryId))
    .map((document) => {
      const newest = records.uploads.find(
        (upload) => upload.documentId === document.id && !upload.isSubDocument,
      )
      return newest?.statusId ?? document.statusId
    })
  return documentGroupStatus(statuses)
}

function documentsPart(records: CustomerRecords) {
  const view = (uploads: UploadRow[]) =>
    uploads.map((upload) => uploadedDocumentView(records, upload))
  const corporateStatus = groupStatus(records, corporateCategories)
  const additionalStatus = groupStatus(records, additionalCategories)
  return {
    corporateDocuments: view(filesOf(records, corporateCategories)),
    ...(corporateStatus !== undefined ? { corporateDocumentsStatus: corporateStatus } : {}),
    additionalDocuments: view(filesOf(records, additionalCategories)),
    ...(additionalStatus !== undefined ? { additionalDocumentsStatus: additionalStatus } : {}),
    sourceOfWealthDocuments: view(filesOf(records, sourceOfWealthCategories)),
  }
}

/**
 * Every person holding more than 25 % through every level owes a source-of-wealth document
 * per chosen source when the brand enables source of wealth (at exactly 25 % the details are
 * cleared: docs/decisions.md, "Registration (issue 13)").
 */
function sourceOfWealthRequirements(
  company: CompanyRecords,
): CompanyInfo['sourceOfWealthRequirements'] {
  const { effectiveByRepresentative } = ownershipOf(company)
  return company.representatives.flatMap((row) => {
    const effectiveShare = effectiveByRepresentative.get(row.id)
    if (row.type !== 1 || effectiveShare === undefined || clearsSourceOfFunds(effectiveShare)) {
      return []
    }
    return row.sourcesOfFunds.map((source) => ({
      representativeId: row.id,
      ...(row.firstName ? { firstName: row.firstName } : {}),
      ...(row.lastName ? { lastName: row.lastName } : {}),
      effectiveShare,
      sourceId: source.sourceId,
    }))
  })
}

function registrationPart(company: CompanyRecords) {
  const { profile } = company
  if (!profile) return {}
  const financialDetail = profile.financialDetail as Schemas['FinancialDetail']
  return {
    ...(profile.tradingName ? { tradingName: profile.tradingName } : {}),
    registrationNumber: profile.registrationNumber,
    ...(profile.registrationDate ? { registrationDate: profile.registrationDate } : {}),
    ...(profile.website ? { website: profile.website } : {}),
    ...(profile.description ? { description: profile.description } : {}),
    dueDiligenceQuestionnaire: profile.dueDiligence as Schemas['DueDiligenceAnswers'],
    financialDetail,
    financialInstitution: financialIndustries.has(financialDetail.industry),
    additionalQuestionAnswers:
      profile.additionalQuestionAnswers as Schemas['AdditionalQuestionAnswer'][],
  }
}

/**
 * The company as businessInfoGet answers it; undefined when no registration country is known
 * (an old business without a profile, a residence country or an address).
 */
export function companyInfoView(
  company: CompanyRecords,
  options: { sourceOfWealthEnable: boolean },
): CompanyInfo | undefined {
  const { records, profile } = company
  const { customer } = records
  const registrationCountryCode =
    profile?.registrationCountryCode ??
    customer.residenceCountryCode ??
    records.addresses[0]?.countryCode
  if (!registrationCountryCode) return undefined
  const [phone] = records.phones
  const requirements = options.sourceOfWealthEnable ? sourceOfWealthRequirements(company) : []
  return {
    name: customer.businessName ?? '',
    registrationCountryCode,
    email: customer.email,
    ...(customer.taxId ? { businessTaxId: customer.taxId } : {}),
    verified: customer.verified,
    limited: customer.limited,
    addresses: records.addresses.map((address) => addressView(records, address)),
    ...documentsPart(records),
    isConverted: customer.customerType === CustomerInfoCustomerType.Business,
    ...(phone ? { phone: phoneView(phone) } : {}),
    ...registrationPart(company),
    ...(requirements && requirements.length > 0
      ? { sourceOfWealthRequirements: requirements }
      : {}),
  }
}
