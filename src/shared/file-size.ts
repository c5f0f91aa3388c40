// File sizes as product-spec section 9 shows them: 1000-based units with one decimal
// ("482.1 kB", "1.2 MB"), in the reader's number format.

const units = ['B', 'kB', 'MB', 'GB'] as const

export function formatFileSize(bytes: number, locale = 'en'): string {
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: unit === 0 ? 0 : 1,
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value)
  return `${number} ${units[unit]}`
}
