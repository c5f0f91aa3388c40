// businessInfoGet: the acting business's company information with its addresses, documents
// and the answers of its registration (product-spec section 3, Company info).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { customerBrandOf } from './company-brand.ts'
import { isFailure, loadCompanyRecords } from './company-records.ts'
import { companyInfoView } from './company-info-view.ts'

export const handler: Handler<'businessInfoGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  const brand = await customerBrandOf(context.db, customerId)
  const companyInfo = companyInfoView(company, {
    sourceOfWealthEnable: brand.sourceOfWealthEnable,
  })
  if (!companyInfo) return rpcRefuse('UE', 'answer.business.noRegistrationCountry')
  return rpcOk({ companyInfo })
}
