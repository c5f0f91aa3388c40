// The target checks of the external fee calls (product-spec section 5: a fee is asked for only
// once the amount and the target are set): the country and currency must be ones the method
// pays out to, a card's BIN must not be blocked.
// (A crypto currency and its network are checked by external-destinations.ts's cryptoNetworkOf.)
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { externalCards } from '../db/schema-payees.ts'
import type { FieldError } from '../rpc/outcome.ts'
import { isBinBlocked } from './directory/bin.ts'
import { methodOffered } from './directory/methods.ts'
import type { ExternalTransferType } from '../../shared/transfer-types.ts'

export function countryTargetError(
  kind: ExternalTransferType,
  countryCode: string,
  currencyCode: string,
): FieldError | undefined {
  if (methodOffered(kind, countryCode, currencyCode)) return undefined
  return methodOffered(kind, countryCode)
    ? {
        parameter: 'currencyCode',
        text: { key: 'refusal.transfers.notPaidOutByMethodIn', params: { country: countryCode } },
      }
    : { parameter: 'countryCode', text: { key: 'refusal.transfers.notCountryOfMethod' } }
}

export async function cardTargetError(
  db: Db,
  customerId: number,
  input: { binNumber?: string; externalCardId?: number },
): Promise<FieldError | undefined> {
  if (input.externalCardId !== undefined) {
    const [card] = await db
      .select({ binNumber: externalCards.binNumber })
      .from(externalCards)
      .where(
        and(eq(externalCards.id, input.externalCardId), eq(externalCards.customerId, customerId)),
      )
    if (!card)
      return { parameter: 'externalCardId', text: { key: 'refusal.transfers.notYourSavedCard' } }
    if (isBinBlocked(card.binNumber)) {
      return { parameter: 'externalCardId', text: { key: 'refusal.transfers.blockedBin' } }
    }
    return undefined
  }
  if (input.binNumber !== undefined && isBinBlocked(input.binNumber)) {
    return { parameter: 'binNumber', text: { key: 'refusal.transfers.blockedBinShort' } }
  }
  return undefined
}
