// serviceCheckUrls (product-spec section 7): a verdict per URL, in the order sent, by the URL's
// form and the block list of url-verdict.ts; nothing is fetched. Public, for the business
// registration form, and limited per client (x-rate-limit in spec/services.yaml).
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { urlVerdict } from './url-verdict.ts'

export const handler: Handler<'serviceCheckUrls'> = async (context, input) => {
  const blocked = context.config.blockedUrlDomains
  const lang = context.refusalLang
  return reply(200, { results: input.urls.map((url) => urlVerdict(url, blocked, lang)) })
}
