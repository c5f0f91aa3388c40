// The authorization matrix, over real HTTP: every operation of the spec called by every demo
// role (codegen/authorization-matrix.ts), each answer compared with the row of
// docs/authorization-matrix.md, and each row with the operation's x-access. The probe body
// names a field no request schema has, so a call the access check lets through stops at
// validation and changes nothing; what is compared is whether the access check refused it.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { operations } from '../../../src/generated/operations.ts'
import { customers, users } from '../../../src/server/db/schema.ts'
import { accessRefusals } from '../../../src/server/rpc/access.ts'
import {
  demoCompanyOwner,
  demoRoles,
  expectedCell,
  parseAuthorizationMatrix,
  readAuthorizationMatrix,
  type Cell,
  type DemoRole,
} from '../../../codegen/authorization-matrix.ts'
import type { OperationEntry } from '../../../codegen/operation-table.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

const table = operations as unknown as OperationEntry[]
const committed = parseAuthorizationMatrix(readAuthorizationMatrix())

/** Operations whose names do not say so but which only read (or send the caller a copy). */
const readsByOtherNames = new Set([
  'helpDeskUserProvision', // the caller's help-desk contact, made on first read
  'pdfGenerate', // renders the values it is given
  'transactionHistoryExportStart', // a statement of the history the role may read
  'transactionHistoryExportSend',
])
const readName = /(Get|List|Inquiry|Check|Lookup|Stats|Count|Preview|View|Download|Url|Info|Types)$/

function isRead(entry: OperationEntry): boolean {
  return (
    readName.test(entry.operationId) ||
    entry.operationId.startsWith('get') ||
    entry.operationId === 'contractCheckSigner' ||
    readsByOtherNames.has(entry.operationId)
  )
}

describe('the committed matrix', () => {
  test('has a row for every operation, as its x-access says', () => {
    const missing = table.filter((entry) => !committed.has(entry.operationId))
    expect(
      missing.map((entry) => entry.operationId),
      'operations without a row: run `npm run authz:matrix` and review the new rows',
    ).toEqual([])
    const drifted = table.filter((entry) =>
      demoRoles.some(
        (role) => committed.get(entry.operationId)?.[role.id] !== expectedCell(entry, role),
      ),
    )
    expect(
      drifted.map((entry) => entry.operationId),
      'rows that differ from x-access',
    ).toEqual([])
  })

  test('refuses the read-only user every write for the company, the initiator every merchant setting', () => {
    const companyAccess = table.filter((entry) => entry.rights !== undefined)
    const readOnly = demoRoles.find((role) => role.id === 'read-only')!
    const initiator = demoRoles.find((role) => role.id === 'initiator')!
    const writesOpen = companyAccess.filter(
      (entry) => !isRead(entry) && expectedCell(entry, readOnly) !== '13',
    )
    expect(writesOpen.map((entry) => entry.operationId)).toEqual([])
    const merchantWrites = companyAccess.filter(
      (entry) =>
        ['merchant', 'public-api'].includes(entry.area) &&
        !isRead(entry) &&
        expectedCell(entry, initiator) !== '13',
    )
    expect(merchantWrites.map((entry) => entry.operationId)).toEqual([])
  })
})

/** The access refusals by their text: how a client tells them from a handler's answer. */
const refusalByText = new Map<string, Cell>()
for (const refusal of Object.values(accessRefusals)) {
  const body = refusal.body as { responseCode: Cell; responseDescription: string }
  refusalByText.set(body.responseDescription, body.responseCode)
}
refusalByText.set('A valid API key is required in x-api-key.', 'AU')

const noSuchId = '999999999'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(`authorization matrix on ${target.name}`, () => {
    let server: TestServer
    let companyId: number
    const tokens = new Map<string, string>()
    const flagsOf = new Map<number, Record<string, boolean>>()
    const ownCustomerOf = new Map<string, number>()

    beforeAll(async () => {
      server = await startServer(target)
      for (const role of demoRoles) {
        if (role.username === undefined || tokens.has(role.username)) continue
        tokens.set(role.username, (await server.signIn(role.username)).accessToken)
        const [row] = await server.db
          .select({ customerId: users.customerId, permissions: customers.permissions })
          .from(users)
          .innerJoin(customers, eq(customers.id, users.customerId))
          .where(eq(users.username, role.username))
        ownCustomerOf.set(role.username, row!.customerId)
        flagsOf.set(row!.customerId, row!.permissions)
      }
      companyId = ownCustomerOf.get(demoCompanyOwner)!
    })
    afterAll(async () => server?.close())

    async function observed(entry: OperationEntry, role: DemoRole): Promise<Cell> {
      const token = role.username === undefined ? undefined : tokens.get(role.username)
      const headers: Record<string, string> = {}
      if (token !== undefined) headers.authorization = `Bearer ${token}`
      const acting = role.acting === 'company' ? { fromCustomerId: companyId } : {}
      // A path that names its customer names the one the role acts for; other ids name none.
      const actingId =
        role.acting === 'company' ? companyId : ownCustomerOf.get(role.username ?? '')
      let url =
        server.baseUrl +
        entry.path
          .replace('{customerId}', String(actingId ?? noSuchId))
          .replace(/\{[^}]+\}/g, noSuchId)
      let body: string | undefined
      if (entry.kind === 'rpc') {
        body = JSON.stringify({ ...acting, authorizationProbe: true })
      } else {
        if (role.acting === 'company') url += `?fromCustomerId=${companyId}`
        if (!['GET', 'DELETE'].includes(entry.method)) {
          body = JSON.stringify({ authorizationProbe: true })
        }
      }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(url, { method: entry.method, headers, body })
      const text = await response.text()
      expect(response.status, `${entry.operationId} as ${role.id}: ${text}`).toBeLessThan(500)
      let parsed: { responseCode?: string; responseDescription?: string; message?: string } = {}
      try {
        parsed = JSON.parse(text) as typeof parsed
      } catch {
        return 'ok' // a file or an HTML page: nothing refused it
      }
      const refusal = refusalByText.get(parsed.responseDescription ?? parsed.message ?? '')
      if (refusal === undefined) return 'ok'
      if (entry.kind === 'rpc' && parsed.responseCode !== undefined) {
        return parsed.responseCode === refusal ? refusal : 'ok'
      }
      return response.status === 401 || response.status === 403 ? refusal : 'ok'
    }

    function resolved(entry: OperationEntry, role: DemoRole, cell: string): string {
      if (cell !== 'flag') return cell
      const customerId = role.acting === 'company' ? companyId : ownCustomerOf.get(role.username!)!
      return flagsOf.get(customerId)?.[entry.permission!] === true ? 'ok' : 'ENOA'
    }

    test('every operation answers every role as its row says', async () => {
      const mismatches: string[] = []
      const counts = new Map<string, number>()
      for (const entry of table) {
        for (const role of demoRoles) {
          const want = resolved(entry, role, committed.get(entry.operationId)?.[role.id] ?? '')
          const got = await observed(entry, role)
          counts.set(got, (counts.get(got) ?? 0) + 1)
          if (got !== want)
            mismatches.push(`${entry.operationId} as ${role.id}: ${got}, want ${want}`)
        }
      }
      expect(mismatches).toEqual([])
      console.log(
        `authorization matrix on ${target.name}: ${table.length} operations x ${demoRoles.length} ` +
          `roles = ${table.length * demoRoles.length} calls; ` +
          [...counts].map(([cell, n]) => `${cell} ${n}`).join(', '),
      )
    })
  })
}
