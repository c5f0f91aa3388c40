// The browser and the operating system a sign-in came from, in words a customer recognises
// ("Chrome 150", "Linux") rather than the raw User-Agent header (issue 16 item 2), read by a
// maintained parser (ua-parser-js 1.x, MIT). What the parser does not recognise is left out,
// and the portal shows the cell empty.
import { UAParser } from 'ua-parser-js'

export interface UserAgentWords {
  browser?: string
  system?: string
}

export function describeUserAgent(userAgent: string): UserAgentWords {
  if (userAgent.trim() === '') return {}
  const parsed = new UAParser(userAgent).getResult()
  const browser = [parsed.browser.name, parsed.browser.major].filter(Boolean).join(' ')
  const system = [parsed.os.name, parsed.os.version].filter(Boolean).join(' ')
  return {
    ...(browser !== '' && { browser }),
    ...(system !== '' && { system }),
  }
}
