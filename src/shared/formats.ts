// String formats used by the schemas. The validators precompiled by codegen import this
// module instead of ajv-formats so the browser bundle carries no ajv compiler and the CSP
// needs no 'unsafe-eval' (DESIGN.md section 11).

const daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const max = month === 2 && !leap ? 28 : (daysInMonth[month - 1] ?? 0)
  return day <= max
}

function isDateTime(value: string): boolean {
  const [date = '', time] = value.split(/[Tt ]/, 2)
  return (
    isDate(date) &&
    time !== undefined &&
    /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/.test(time)
  )
}

/** An e-mail address as people type it: one @, a dotted domain, no spaces. */
const email =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

const hostname =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i

function isUri(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value) || /\s/.test(value)) return false
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

/** A URL or a reference relative to the page's origin (a link the server hands out, /pdf/...). */
function isUriReference(value: string): boolean {
  if (value === '' || /\s/.test(value)) return false
  try {
    new URL(value, 'https://origin.invalid/')
    return true
  } catch {
    return false
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A file chosen in a form, read as a data URL (rjsf's file fields): data:<type>;name=<n>;base64,... */
const dataUrl = /^data:[a-z0-9.+-]+\/[a-z0-9.+-]+(;[a-z]+=[^;,]*)*;base64,[A-Za-z0-9+/=]*$/i

export const formats = {
  email,
  hostname,
  uuid,
  date: isDate,
  'date-time': isDateTime,
  uri: isUri,
  'uri-reference': isUriReference,
  'data-url': dataUrl,
}
