import { describe, expect, it } from 'vitest'
import { documentContentType } from '../../../src/shared/file-signatures.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('documentContentType', () => {
  it('knows a PDF by both of its ends, given whole or as head and tail', () => {
    const pdf = bytes(`%PDF-1.7\n${'x'.repeat(5000)}\n%%EOF\n`)
    expect(documentContentType(pdf)).toBe('application/pdf')
    expect(documentContentType(pdf.subarray(0, 1024), pdf.subarray(pdf.length - 1024))).toBe(
      'application/pdf',
    )
    // A cut download keeps its header and loses its end.
    expect(documentContentType(pdf.subarray(0, 3000))).toBeUndefined()
  })

  it('knows JPEG and PNG by their signatures, and nothing else', () => {
    expect(documentContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0]))).toBe('image/jpeg')
    const png = new Uint8Array(24)
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    expect(documentContentType(png)).toBe('image/png')
    expect(documentContentType(bytes('GIF89a'))).toBeUndefined()
    expect(documentContentType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
  })
})
