// logoCreate: uploads one or more business logos (multipart: data plus file[], product-spec
// section 7). Every file is checked by its bytes before anything is stored (logo-image.ts);
// an SVG is stored as the sanitizer serialised it (logo-svg.ts), so sizeBytes is of that
// form. One refused file refuses the whole upload with VF naming file[].<index>. The first logo
// of a merchant becomes the default, and isDefault moves the default to the first new one.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type FieldError, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantLogos } from '../db/schema-merchant.ts'
import { checkLogoImage, type LogoContentType } from './logo-image.ts'
import { uploadedBytes } from '../uploads/file-signatures.ts'
import { lockMerchant } from './merchant-locks.ts'
import { hasDefaultLogo, makeDefaultLogo, merchantLogoSummary } from './merchant-logos.ts'
import { logoView, type LogoSummary } from './merchant-views.ts'

/** A file part as the dispatcher hands it over (multipart-body.ts), or its JSON form. */
interface FilePart {
  filename: string
  data?: unknown
}

interface CheckedLogo {
  content: Buffer
  contentType: LogoContentType
}

async function checkFiles(
  files: FilePart[],
): Promise<{ logos: CheckedLogo[]; errors: FieldError[] }> {
  const logos: CheckedLogo[] = []
  const errors: FieldError[] = []
  for (const [index, file] of files.entries()) {
    const parameter = `file[].${index}`
    const bytes = uploadedBytes(file.data)
    if (!bytes) {
      errors.push(refusal(parameter, 'refusal.common.noFileContent'))
      continue
    }
    const check = await checkLogoImage(bytes)
    if (check.ok) logos.push({ content: check.content, contentType: check.contentType })
    else {
      const { key, params } = check.problem
      errors.push(refusal(parameter, key, { ...params, file: file.filename }))
    }
  }
  return { logos, errors }
}

/** name for the first logo of an upload, then "name (2)", "name (3)"... */
function logoName(name: string, index: number): string {
  return index === 0 ? name : `${name} (${index + 1})`
}

export const handler: Handler<'logoCreate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const files = input['file[]'] as unknown as FilePart[]
  const { logos, errors } = await checkFiles(files)
  if (errors.length > 0) return validationFailure(errors)
  return context.db.transaction(async (tx) => {
    await lockMerchant(tx, 'logos', customerId)
    const hadDefault = await hasDefaultLogo(tx, customerId)
    const inserted = await tx
      .insert(merchantLogos)
      .values(
        logos.map((logo, index) => ({
          customerId,
          name: logoName(input.data.name, index),
          contentType: logo.contentType,
          sizeBytes: logo.content.length,
          content: logo.content,
        })),
      )
      .returning({ id: merchantLogos.id })
    const [first] = inserted
    if (!first) throw new Error('assertion: at least one logo was inserted')
    if (input.data.isDefault === true || !hadDefault) {
      await makeDefaultLogo(tx, customerId, first.id)
    }
    const rows: LogoSummary[] = []
    for (const { id } of inserted) {
      const row = await merchantLogoSummary(tx, customerId, id)
      if (!row) throw new Error('assertion: a logo inserted in this transaction exists')
      rows.push(row)
    }
    return rpcOk({ logos: rows.map((row) => logoView(row)) })
  })
}
