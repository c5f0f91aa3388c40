import { describe, expect, it } from 'vitest'
import { formatFileSize } from '../../../src/shared/file-size.ts'

describe('formatFileSize', () => {
  it('counts in thousands with one decimal, bytes whole', () => {
    expect(formatFileSize(0)).toBe('0 B')
    expect(formatFileSize(999)).toBe('999 B')
    expect(formatFileSize(1000)).toBe('1.0 kB')
    expect(formatFileSize(482_113)).toBe('482.1 kB')
    expect(formatFileSize(1_250_000)).toBe('1.3 MB')
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.5 MB')
    expect(formatFileSize(3_000_000_000)).toBe('3.0 GB')
  })

  it("writes the number in the reader's format", () => {
    expect(formatFileSize(482_113, 'ru')).toBe('482,1 kB')
    expect(formatFileSize(1_250_000, 'es')).toBe('1,3 MB')
  })
})
