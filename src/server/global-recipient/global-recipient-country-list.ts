// globalRecipientCountryList: the countries the recipient may be paid in (product-spec
// section 5, "choose country").
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { country } from '../dictionaries/country-table.ts'
import { allowedCountriesOf, withPayment } from './recipient-payment.ts'

export const handler: Handler<'globalRecipientCountryList'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, async ({ payment, order }) => {
    const codes = allowedCountriesOf(payment, order.toCurrencyCode)
    const countries = codes.map((code) => ({
      countryCode: code,
      name: country(code)?.name ?? code,
    }))
    return rpcOk({ countries })
  })
