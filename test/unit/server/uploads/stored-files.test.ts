import { describe, expect, it } from 'vitest'
import {
  checkUploadedFile,
  maxStoredFileBytes,
} from '../../../../src/server/uploads/stored-files.ts'
import { wireFieldErrors, type FieldError } from '../../../../src/server/rpc/outcome.ts'

/** A refused upload with its refusal as the wire carries it, in English. */
function wire<T extends { ok: boolean }>(check: T | { ok: false; error: FieldError }) {
  return 'error' in check ? { ok: false, error: wireFieldErrors('en', [check.error])[0] } : check
}

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1')
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR', 'latin1'),
  Buffer.alloc(16),
])
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])

describe('checkUploadedFile', () => {
  it('takes PDF, PNG and JPEG by their bytes, whatever the name says', () => {
    const cases = [
      [pdf, 'application/pdf'],
      [png, 'image/png'],
      [jpeg, 'image/jpeg'],
    ] as const
    for (const [data, type] of cases) {
      const checked = checkUploadedFile({ filename: 'scan.txt', data }, 'mainDocument')
      expect(checked).toMatchObject({ ok: true, file: { contentType: type, fileName: 'scan.txt' } })
    }
  })

  it('refuses a file that only claims to be a PDF, naming the field', () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    expect(wire(checkUploadedFile({ filename: 'passport.pdf', data: html }, 'backPage'))).toEqual({
      ok: false,
      error: { parameter: 'backPage', description: 'is not a PDF, JPEG or PNG file' },
    })
  })

  it('refuses a PDF header without its end, an empty part and an oversize one', () => {
    const cut = pdf.subarray(0, 20)
    expect(checkUploadedFile({ data: cut }, 'mainDocument').ok).toBe(false)
    expect(wire(checkUploadedFile({ data: Buffer.alloc(0) }, 'mainDocument'))).toMatchObject({
      ok: false,
      error: { description: 'carries no file content' },
    })
    const big = Buffer.concat([pdf, Buffer.alloc(maxStoredFileBytes)])
    expect(wire(checkUploadedFile({ data: big }, 'mainDocument'))).toMatchObject({
      ok: false,
      error: { description: 'is larger than 10 MB' },
    })
  })

  it('keeps only the base name of the file, without control characters', () => {
    const checked = checkUploadedFile({ filename: '../../etc/pa"ss\u0007.pdf', data: pdf }, 'f')
    expect(checked).toMatchObject({ ok: true, file: { fileName: 'pass.pdf' } })
    const unnamed = checkUploadedFile({ data: pdf.toString('base64') }, 'f')
    expect(unnamed).toMatchObject({ ok: true, file: { fileName: 'document' } })
  })
})
