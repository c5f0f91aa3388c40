// Instant payment keys (product-spec section 3, "Instant payment details: instantInfo from
// taxId, instantKey and instantKeyType"). The scheme keyed this way is Brazil's PIX: a key is
// a tax id (CPF or CNPJ), an e-mail, a phone number or a random key the scheme issued.
// Pure: checks a key's form; the key directory and the banks come from the bank directory.
import type { RefusalKey } from '../../rpc/outcome.ts'

export const instantKeyTypes = ['taxId', 'email', 'phone', 'randomKey'] as const
export type InstantKeyType = (typeof instantKeyTypes)[number]

/** The countries with an instant scheme, and its name. */
export const instantSchemeOf: Readonly<Record<string, string>> = { BR: 'PIX' }

export function isInstantKeyType(type: string): type is InstantKeyType {
  return (instantKeyTypes as readonly string[]).includes(type)
}

/** The check digits of a CPF (11 digits) or CNPJ (14 digits) are right. */
export function brazilTaxIdValid(digits: string): boolean {
  if (!/^(\d{11}|\d{14})$/.test(digits) || /^(\d)\1+$/.test(digits)) return false
  const body = digits.slice(0, -2)
  const weightsOf = (length: number): number[] =>
    digits.length === 11
      ? Array.from({ length }, (_, i) => length + 1 - i)
      : Array.from({ length }, (_, i) => ((length - 1 - i) % 8) + 2)
  const digitOf = (part: string): number => {
    const weights = weightsOf(part.length)
    const sum = [...part].reduce((total, d, i) => total + Number(d) * (weights[i] ?? 0), 0)
    const rest = sum % 11
    return rest < 2 ? 0 : 11 - rest
  }
  const first = digitOf(body)
  const second = digitOf(body + String(first))
  return digits.endsWith(`${first}${second}`)
}

export interface InstantKeyCheck {
  valid: boolean
  /** The key as the scheme stores it: tax id digits only, e-mail in lower case, phone +55... */
  key: string
  /** Why it is not valid (a refusal of the catalogue); absent when valid. */
  reason?: RefusalKey
}

/** Whether a key has the form its type needs, and the key in the scheme's stored form. */
export function instantKeyCheck(type: InstantKeyType, text: string): InstantKeyCheck {
  const trimmed = text.trim()
  switch (type) {
    case 'taxId': {
      const key = trimmed.replace(/[.\-/\s]/g, '')
      return brazilTaxIdValid(key)
        ? { valid: true, key }
        : { valid: false, key, reason: 'refusal.transfers.instantKey.cpf' }
    }
    case 'email': {
      const key = trimmed.toLowerCase()
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key) && key.length <= 77
        ? { valid: true, key }
        : { valid: false, key, reason: 'refusal.common.notAnEmail' }
    }
    case 'phone': {
      const digits = trimmed.replace(/[\s()+-]/g, '')
      const key = `+${digits.startsWith('55') ? digits : `55${digits}`}`
      // +55, a two-digit area code, then 8 (landline) or 9 (mobile) digits.
      return /^\+55[1-9][0-9]9?[0-9]{8}$/.test(key)
        ? { valid: true, key }
        : { valid: false, key, reason: 'refusal.transfers.instantKey.phone' }
    }
    case 'randomKey': {
      const key = trimmed.toLowerCase()
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key)
        ? { valid: true, key }
        : { valid: false, key, reason: 'refusal.transfers.instantKey.random' }
    }
  }
}

/**
 * A tax id as the instant scheme shows it to a payer: a CPF keeps its middle six digits
 * (***.982.247-**), a CNPJ (a company's, public) is shown whole.
 */
export function maskTaxId(digits: string): string {
  if (digits.length !== 11) return digits
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`
}
