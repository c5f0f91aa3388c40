// logoImageGet: a business logo's own bytes for payment pages, public. The headers come from
// logoImageReply (logo-reply.ts), so an SVG opened on its own is a sandboxed document that
// runs nothing and fetches nothing, whatever a sanitizer missed.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, restMessage, validationFailure } from '../rpc/outcome.ts'
import { merchantLogos } from '../db/schema-merchant.ts'
import type { LogoContentType } from './logo-image.ts'
import { logoImageReply } from './logo-reply.ts'

const maxId32 = 2 ** 31 - 1

export const handler: Handler<'logoImageGet'> = async (context) => {
  const raw = context.params.logoId ?? ''
  const logoId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0
  if (logoId < 1 || logoId > maxId32) {
    return validationFailure([refusal('logoId', 'refusal.request.notAnId')], 400)
  }
  const [logo] = await context.db
    .select({
      name: merchantLogos.name,
      contentType: merchantLogos.contentType,
      content: merchantLogos.content,
    })
    .from(merchantLogos)
    .where(eq(merchantLogos.id, logoId))
  if (!logo) return restMessage(404, 'answer.merchant.noSuchLogo')
  const image = logoImageReply({ ...logo, contentType: logo.contentType as LogoContentType })
  // Logos change only by a new upload under a new id; a payment page may keep one a day.
  return { ...image, headers: { ...image.headers, 'cache-control': 'public, max-age=86400' } }
}
