// p2pMassTransferPreview: the summary of a P2P mass transfer's lines (a file's text or a pasted
// list) with the fee of each line as it will be charged, without storing or sending anything
// (product-spec section 7, "summary-only preview"); see mass-p2p.ts.
import type { Handler } from '../rpc/handler-context.ts'
import { actingUser } from './acting-user.ts'
import { previewP2pMass } from './mass-p2p.ts'

export const handler: Handler<'p2pMassTransferPreview'> = async (context, input) =>
  previewP2pMass(context.db, {
    acting: await actingUser(context),
    accountId: input.accountId,
    text: input.text,
    ...(context.refusalLang ? { lang: context.refusalLang } : {}),
  })
