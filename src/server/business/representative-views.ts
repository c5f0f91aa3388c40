// Shapes a business's representatives into BusinessRepresentative (product-spec section 3,
// Registration payload and Representative role types): the shareholder tree with each node's
// share and effective share, the directors, the ultimate beneficial owners and the users. The
// shares come from the registration rules of src/shared/registration-rules.ts, so a reader
// shows exactly what the registration checked.
import type { components } from '../../generated/api.d.ts'
import { RepresentativeRole, ShareholderType } from '../../generated/constants.ts'
import {
  effectivePercent,
  effectiveShares,
  isUltimateOwnerShare,
  walkEffectiveShares,
  type ShareholderNode,
} from '../../shared/registration-rules.ts'
import { representativeAddressStatus } from '../../shared/company-review.ts'
import { addressView } from '../kyc/record-views.ts'
import type { CompanyRecords, RepresentativeRow, ShareholdingRow } from './company-records.ts'

type Schemas = components['schemas']
export type RepresentativeView = Schemas['BusinessRepresentative']

/** One representative with everything the business knows of them; extra adds list fields. */
export function representativeView(
  company: CompanyRecords,
  representative: RepresentativeRow,
  extra: Partial<RepresentativeView> = {},
): RepresentativeView {
  const addresses = company.representativeAddresses.get(representative.id) ?? []
  const login =
    representative.userId === null ? undefined : company.logins.get(representative.userId)
  const ownCustomer =
    representative.userId === null
      ? undefined
      : company.representativeCustomers.get(representative.userId)
  const sourceIds = representative.sourcesOfFunds.map((source) => source.sourceId)
  return {
    id: representative.id,
    type: representative.type as ShareholderType,
    // The business's own sign-in belongs to the business: that is no customer of their own.
    ...(ownCustomer !== undefined && ownCustomer !== company.records.customer.id
      ? { customerId: ownCustomer }
      : {}),
    ...(representative.firstName ? { firstName: representative.firstName } : {}),
    ...(representative.lastName ? { lastName: representative.lastName } : {}),
    ...(representative.companyName ? { companyName: representative.companyName } : {}),
    ...(representative.birthday ? { birthday: representative.birthday } : {}),
    ...(representative.email ? { email: representative.email } : {}),
    addresses: addresses.map((address) => addressView(company.records, address)),
    ...(representative.taxId ? { taxId: representative.taxId } : {}),
    positionIds: representative.positionIds,
    isUser: login !== undefined,
    ...(login ? { accessRights: login.accessRight as Schemas['AccessRight'] } : {}),
    ...(sourceIds.length > 0 ? { sourceIds } : {}),
    addressDocumentStatus: representativeAddressStatus(addresses.map((address) => address.status)),
    ...extra,
  }
}

interface TreeNode {
  row: ShareholdingRow
  node: ShareholderNode
  children: TreeNode[]
}

/** The tree as stored, each level in the order it was sent, as the rules' ShareholderNode. */
function shareholderTree(company: CompanyRecords): TreeNode[] {
  const types = new Map(company.representatives.map((row) => [row.id, row.type]))
  const build = (parentId: number | null): TreeNode[] =>
    company.shareholdings
      .filter((row) => row.parentId === parentId)
      .map((row) => {
        const children = build(row.id)
        const isPerson = types.get(row.representativeId) === ShareholderType.Person
        const node: ShareholderNode = {
          type: isPerson ? ShareholderType.Person : ShareholderType.Company,
          share: Number(row.share),
          ...(isPerson
            ? { personId: row.representativeId }
            : { companyId: row.representativeId, shareholders: children.map((c) => c.node) }),
        }
        return { row, node, children }
      })
  return build(null)
}

export interface Ownership {
  /** The first level of the tree with every company's own shareholders below it. */
  shareholders: RepresentativeView[]
  /** representative id -> percent of the business held through every level. */
  effectiveByRepresentative: Map<number, number>
  /** A company representative's own shareholders, where it first appears in the tree. */
  ownersOfCompany: Map<number, RepresentativeView[]>
}

/** The shareholder tree with shares and effective shares, from the stored tree. */
export function ownershipOf(company: CompanyRecords): Ownership {
  const roots = shareholderTree(company)
  const nodePercent = new Map<ShareholderNode, number>()
  walkEffectiveShares(
    roots.map((root) => root.node),
    (node, percent) => nodePercent.set(node, percent),
  )
  // A person's total is the rule's own sum; a company's adds up its places the same way.
  const effectiveByRepresentative = new Map<number, number>(
    effectiveShares(roots.map((root) => root.node)),
  )
  const companyTotals = new Map<number, number>()
  for (const [node, percent] of nodePercent) {
    if (node.companyId === undefined) continue
    companyTotals.set(node.companyId, (companyTotals.get(node.companyId) ?? 0) + percent)
  }
  for (const [id, total] of companyTotals)
    effectiveByRepresentative.set(id, effectivePercent(total))

  const byId = new Map(company.representatives.map((row) => [row.id, row]))
  const ownersOfCompany = new Map<number, RepresentativeView[]>()
  const views = (nodes: TreeNode[]): RepresentativeView[] =>
    nodes.flatMap(({ row, node, children }) => {
      const representative = byId.get(row.representativeId)
      if (!representative) throw new Error('assertion: a shareholding names a representative')
      const owners = node.type === ShareholderType.Company ? views(children) : undefined
      if (owners && !ownersOfCompany.has(representative.id)) {
        ownersOfCompany.set(representative.id, owners)
      }
      return [
        representativeView(company, representative, {
          share: node.share,
          effectiveShare: effectivePercent(nodePercent.get(node) ?? 0),
          ...(owners ? { shareholders: owners } : {}),
        }),
      ]
    })
  return { shareholders: views(roots), effectiveByRepresentative, ownersOfCompany }
}

const holds = (row: RepresentativeRow, role: number) => row.positionIds.includes(role)

/** The business's directors (position 2), oldest first. */
export function directorViews(company: CompanyRecords): RepresentativeView[] {
  return company.representatives
    .filter((row) => holds(row, RepresentativeRole.Director))
    .map((row) => representativeView(company, row))
}

/**
 * The ultimate beneficial owners: the persons registered as such (position 8) and every person
 * holding more than 25 % through every level, listed or not, with their effective share
 * (docs/decisions.md, "Company operations"). The latter hold position 8 by their share.
 */
export function ultimateOwnerViews(company: CompanyRecords): RepresentativeView[] {
  const { effectiveByRepresentative } = ownershipOf(company)
  return company.representatives.flatMap((row) => {
    if (row.type !== ShareholderType.Person) return []
    const effective = effectiveByRepresentative.get(row.id)
    const listed = holds(row, RepresentativeRole.UltimateBeneficialOwner)
    const byShare = effective !== undefined && isUltimateOwnerShare(effective)
    if (!listed && !byShare) return []
    const positionIds = listed
      ? row.positionIds
      : [...row.positionIds, RepresentativeRole.UltimateBeneficialOwner]
    return [
      representativeView(company, row, {
        positionIds,
        ...(effective !== undefined ? { effectiveShare: effective } : {}),
      }),
    ]
  })
}

/** The representatives who sign in for the business, with their rights, oldest first. */
export function userViews(company: CompanyRecords): RepresentativeView[] {
  return company.representatives
    .filter((row) => row.userId !== null && company.logins.has(row.userId))
    .map((row) => representativeView(company, row))
}

/** One representative with their place in the ownership, as businessRepresentativeInfoGet shows it. */
export function representativeInfoView(
  company: CompanyRecords,
  representative: RepresentativeRow,
): RepresentativeView {
  const ownership = ownershipOf(company)
  const effective = ownership.effectiveByRepresentative.get(representative.id)
  const owners = ownership.ownersOfCompany.get(representative.id)
  return representativeView(company, representative, {
    ...(effective !== undefined ? { effectiveShare: effective } : {}),
    ...(owners ? { shareholders: owners } : {}),
  })
}
