// The help desk in use: the built-in one until a deployment writes an adapter for a hosted
// help desk (README.md in this folder).
import { builtInHelpDesk } from './built-in-help-desk.ts'
import type { HelpDeskAdapter } from './help-desk-adapter.ts'

const defaultHelpDesk = builtInHelpDesk()

export function helpDesk(): HelpDeskAdapter {
  return defaultHelpDesk
}
