// The authorization matrix: every operation of the spec against every demo role, with the
// answer its x-access promises (DESIGN.md section 11). `npm run authz:matrix` writes it to
// docs/authorization-matrix.md for review; test/integration/rpc/authorization-matrix.test.ts
// fails when an operation has no row there, when a row disagrees with the spec, and when the
// running server answers a role otherwise. The file is written on request only, never by
// codegen, so that a new operation's rights are a reviewed change of their own.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { bundleSpec } from './bundle-spec.ts'
import { operationTable, type OperationEntry } from './operation-table.ts'

/** How a role reaches the operation: signed out, for its own customer, or for the company. */
export interface DemoRole {
  id: string
  /** Who the role signs in as; none for the anonymous caller. */
  username?: string
  /** 'company': the call names business@nova.example's company as fromCustomerId. */
  acting: 'own' | 'company'
  /** The access right on the acting customer (product-spec section 4); own customer is 2. */
  right: number
  isAdmin?: boolean
}

export const demoCompanyOwner = 'business@nova.example'

export const demoRoles: DemoRole[] = [
  { id: 'anonymous', acting: 'own', right: 0 },
  { id: 'personal', username: 'demo@nova.example', acting: 'own', right: 2 },
  { id: 'owner', username: demoCompanyOwner, acting: 'own', right: 2 },
  { id: 'read-only', username: 'employee@nova.example', acting: 'company', right: 1 },
  { id: 'initiator', username: 'initiator@nova.example', acting: 'company', right: 3 },
  { id: 'approver', username: 'approver@nova.example', acting: 'company', right: 4 },
  { id: 'admin', username: 'admin@nova.example', acting: 'company', right: 2, isAdmin: true },
  // A customer with no right on the company who names it anyway.
  { id: 'stranger', username: 'demo@nova.example', acting: 'company', right: 0 },
]

/**
 * One cell: `ok` (the access check lets the call through), `flag` (through when the acting
 * customer's permission flag is on, else ENOA), or the response code of the refusal: AU
 * (no session), 13 (no right on the customer, or a right the operation does not take) or
 * ENOA (not an administrator, not an internal service).
 */
export type Cell = 'ok' | 'flag' | 'AU' | '13' | 'ENOA'

type AccessOf = Pick<OperationEntry, 'access' | 'rights' | 'permission'>

export function expectedCell(entry: AccessOf, role: DemoRole): Cell {
  const { access } = entry
  if (access === 'public' || access === 'paymentSecret') return 'ok'
  // Neither an internal token nor an API key is a role: every role is refused alike.
  if (access === 'internal') return 'ENOA'
  if (access === 'apiKey') return 'AU'
  if (role.username === undefined) return 'AU'
  if (access === 'user') return 'ok'
  if (access === 'admin') return role.isAdmin ? 'ok' : 'ENOA'
  if (role.right === 0) return '13'
  if (entry.rights && !entry.rights.includes(role.right)) return '13'
  return entry.permission ? 'flag' : 'ok'
}

const title = '# Authorization matrix'

export function authorizationMatrixMarkdown(table: OperationEntry[]): string {
  const header = ['operation', 'x-access', ...demoRoles.map((role) => role.id)]
  const lines = [
    title,
    '',
    'Written by `npm run authz:matrix` from the x-access of each operation in `spec/`; checked',
    'against the running server by `test/integration/rpc/authorization-matrix.test.ts`. A cell',
    'is `ok` (let through), `flag` (let through when the acting customer has the permission',
    'flag), or the refusal code. `read-only`, `initiator`, `approver`, `admin` and `stranger`',
    "act for business@nova.example's company; `personal` and `owner` for their own customer.",
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
  ]
  for (const entry of table) {
    const cells = demoRoles.map((role) => expectedCell(entry, role))
    lines.push(`| ${[entry.operationId, `\`${entry.access}\``, ...cells].join(' | ')} |`)
  }
  return `${lines.join('\n')}\n`
}

/** The rows of the committed matrix: operationId -> role id -> cell. */
export function parseAuthorizationMatrix(text: string): Map<string, Record<string, string>> {
  const rows = new Map<string, Record<string, string>>()
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    // "| op | `access` | cells... |" splits into an empty first and last cell.
    if (cells.length !== demoRoles.length + 4 || cells[1] === 'operation' || cells[1] === '---') {
      continue
    }
    const byRole: Record<string, string> = {}
    demoRoles.forEach((role, index) => (byRole[role.id] = cells[index + 3] ?? ''))
    rows.set(cells[1] ?? '', byRole)
  }
  return rows
}

export const authorizationMatrixPath = join(import.meta.dirname, '../docs/authorization-matrix.md')

export function readAuthorizationMatrix(): string {
  return readFileSync(authorizationMatrixPath, 'utf8')
}

if (process.argv[1] === import.meta.filename) {
  const table = operationTable(bundleSpec(join(import.meta.dirname, '../spec/openapi.yaml')))
  writeFileSync(authorizationMatrixPath, authorizationMatrixMarkdown(table))
  console.log(`authz:matrix: ${table.length} operations x ${demoRoles.length} roles written`)
}
