// Which adapter pays out each external kind. Every kind uses the built-in rail until a
// deployment configures a real one (README.md in this folder).
import type { ExternalTransferType } from '../../../shared/transfer-types.ts'
import { builtInRail } from './built-in-rail.ts'
import type { RailAdapter } from './rail-adapter.ts'

const defaultRail = builtInRail()

export function railFor(_kind: ExternalTransferType): RailAdapter {
  return defaultRail
}
