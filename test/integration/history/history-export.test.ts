// History export (issue 16 items 2-3): the history list's exportCsv link gives the same
// filtered history as CSV in the requester's language, a fee its own line, its lines summing
// to the balance, a formula cell neutralised, and a link altered or expired refused; monthly
// statements are started, built by a job, listed 12 a page and e-mailed only to the
// customer's own confirmed addresses.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from '../transfers/transfer-test-kit.ts'
import { download, drawnText } from '../kyc/fatca-support.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import {
  historyCsvKey,
  historyCsvPathPrefix,
  signHistoryCsvToken,
} from '../../../src/server/history/history-csv-link.ts'

/** RFC 4180 lines of a CSV text, fields unquoted. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (c === '"') {
      quoted = !quoted
    } else if (!quoted && c === ',') {
      row.push(field)
      field = ''
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else {
      field += c
    }
  }
  return rows
}

/** "-1,234.56" (en) in minor units. */
const minorOf = (amount: string) => BigInt(amount.replace(/[,.]/g, ''))

const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let demo: string
    let business: string
    let usd: number
    beforeAll(async () => {
      server = await startServer(target)
      demo = (await server.signIn('demo@nova.example')).accessToken
      business = (await server.signIn('business@nova.example')).accessToken
      usd = (await balancesOf(server, demo)).ids.USD as number
      const p2p = await server.post(
        '/rpc/p2pTransferSubmit',
        {
          accountId: usd,
          amount: '123.45',
          currency: 'USD',
          toEmail: 'business@nova.example',
          note: '=HYPERLINK("http://evil.example","click")',
          idempotencyKey: 'history-export-p2p-1',
        },
        demo,
      )
      expect(p2p.body.responseCode, p2p.text).toBe('00')
    })
    afterAll(async () => {
      await server?.close()
    })

    const csvOf = async (filter: Record<string, unknown>, lang = 'en') => {
      const list = await server.post('/rpc/transactionHistoryList', { ...filter, lang }, demo)
      expect(list.body.responseCode, list.text).toBe('00')
      const link = String(list.body.exportCsv)
      expect(link.startsWith(historyCsvPathPrefix)).toBe(true)
      const response = await fetch(new URL(link, server.baseUrl))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
      const bytes = Buffer.from(await response.arrayBuffer())
      return { bytes, rows: parseCsv(bytes.subarray(3).toString('utf8')), link, list }
    }

    it('writes the history as CSV in Russian: BOM, Cyrillic headers, ru numbers and dates', async () => {
      const { bytes, rows } = await csvOf({ accountId: usd }, 'ru')
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(bytes.toString('utf8')).toContain('\r\n')
      expect(rows[0]).toEqual([
        'Дата',
        '№',
        'Тип',
        'Описание',
        'Контрагент',
        'Назначение',
        'Статус',
        'Сумма',
        'Валюта',
        'Остаток после',
      ])
      // The demo's opening balance of 1250.75, grouped as Russian writes it.
      expect(rows.some((row) => row[7] === '1\u00a0250,75')).toBe(true)
      const sent = rows.find((row) => row[7] === '-123,45')
      expect(sent, JSON.stringify(rows.slice(0, 4))).toBeDefined()
      expect(sent!.slice(2, 4)).toEqual([
        'Перевод другому лицу',
        'P2P-перевод для business@nova.example',
      ])
      expect(sent![6]).toBe('Выполнена')
      expect(sent![0]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)
      // The fee is a line of its own, right above its transfer (newest first).
      const index = rows.indexOf(sent!)
      expect(rows[index - 1]![2]).toBe('Комиссии')
    })

    it('neutralises a cell a spreadsheet would run as a formula', async () => {
      const { rows, bytes } = await csvOf({ accountId: usd, keyword: 'hyperlink' })
      const sent = rows.find((row) => row[2] === 'Peer-to-peer transfer')
      expect(sent?.[5]).toBe(`'=HYPERLINK("http://evil.example","click")`)
      expect(bytes.toString('utf8')).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    })

    it("sums to the balance: the account's completed lines, fees included", async () => {
      const { rows } = await csvOf({ accountId: usd })
      const lines = rows.slice(1).filter((row) => row[6] === 'Completed')
      expect(lines.some((row) => row[2] === 'Fees')).toBe(true)
      const total = lines.reduce((sum, row) => sum + minorOf(row[7]!), 0n)
      const balance = (await balancesOf(server, demo)).balance.USD as string
      expect(total).toBe(minorOf(Number(balance).toFixed(2)))
      // The newest line's balance after is the balance.
      expect(minorOf(lines[0]![9]!)).toBe(minorOf(Number(balance).toFixed(2)))
    })

    it('refuses a link altered, pointing at another customer, or expired', async () => {
      const { link } = await csvOf({ accountId: usd })
      const token = link.slice(historyCsvPathPrefix.length)
      const altered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`
      const key = await historyCsvKey(server.db)
      const businessAccount = (await balancesOf(server, business)).ids.USD as number
      const foreign = signHistoryCsvToken(
        Buffer.alloc(32, 7),
        { customerId: 1, lang: 'en', filter: { accountId: businessAccount } },
        Date.now(),
      )
      const expired = signHistoryCsvToken(
        key,
        { customerId: 1, lang: 'en', filter: {} },
        Date.now() - 16 * 60_000,
      )
      for (const bad of [altered, foreign, expired, 'x'.repeat(60)]) {
        const response = await fetch(new URL(`${historyCsvPathPrefix}${bad}`, server.baseUrl))
        expect(response.status, bad).toBe(404)
      }
    })

    const start = (body: Record<string, unknown>, token = demo) =>
      server.post('/rpc/transactionHistoryExportStart', { lang: 'en', ...body }, token)
    const status = (exportId: string, token = demo) =>
      server.post('/rpc/transactionHistoryExportStatusGet', { exportId }, token)

    it('builds a statement: processing, then ready with a PDF that reconciles', async () => {
      const started = await start({ accountId: usd, dateFrom: thisMonth() })
      expect(started.body.responseCode, started.text).toBe('00')
      const exportId = String(started.body.exportId)
      expect((await status(exportId)).body).toMatchObject({ exportId, status: 'processing' })
      await runDueJobs(server.db)
      const ready = await status(exportId)
      expect(ready.body).toMatchObject({ exportId, status: 'ready' })
      const file = await download(server, String(ready.body.url))
      expect(file.contentType).toBe('application/pdf')
      const text = drawnText(file.bytes).replace(/\s+/g, ' ')
      const balance = (await balancesOf(server, demo)).balance.USD as string
      const closing = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(
        Number(balance),
      )
      expect(text).toContain('Account statement')
      expect(text).toContain(`Account: ${usd}`)
      expect(text).toContain('Opening balance on')
      expect(text).toMatch(new RegExp(`Closing balance on [^:]+: \\${closing}`))
      expect(text).toContain('-$123.45')
      expect(text).toContain('Fee for the P2P transfer to business@nova.example')
    })

    it('refuses a statement naming the field: not your account, a future or too early month', async () => {
      const businessUsd = (await balancesOf(server, business)).ids.USD as number
      const next = new Date()
      next.setUTCMonth(next.getUTCMonth() + 1, 1)
      const cases: [Record<string, unknown>, string][] = [
        [{ accountId: businessUsd, dateFrom: thisMonth() }, 'accountId'],
        [{ accountId: 99999999, dateFrom: thisMonth() }, 'accountId'],
        [{ accountId: usd, dateFrom: next.toISOString().slice(0, 10) }, 'dateFrom'],
        [{ accountId: usd, dateFrom: '2001-01-01' }, 'dateFrom'],
        [{ accountId: usd, dateFrom: `${thisMonth().slice(0, 8)}15` }, 'dateFrom'],
      ]
      for (const [body, field] of cases) {
        const reply = await start(body)
        expect(reply.body.responseCode, JSON.stringify(body)).toBe('VF')
        expect(failedParameters(reply)).toEqual([field])
      }
      const theirs = await start({ accountId: businessUsd, dateFrom: thisMonth() }, business)
      expect(failedParameters(await status(String(theirs.body.exportId)))).toEqual(['exportId'])
    })

    it('lists the statements 12 a page, newest first', async () => {
      for (let i = 0; i < 13; i++) await start({ accountId: usd, dateFrom: thisMonth() })
      const list = (pageNumber: number) =>
        server.post('/rpc/transactionHistoryExportList', { accountId: usd, pageNumber }, demo)
      const first = await list(1)
      const second = await list(2)
      const total = first.body.total as number
      expect(total).toBeGreaterThanOrEqual(14)
      const exports = first.body.exports as { exportId: string; dateFrom: string; dateTo: string }[]
      expect(exports).toHaveLength(12)
      expect((second.body.exports as unknown[]).length).toBe(total - 12)
      const ids = exports.map((item) => Number(item.exportId))
      expect([...ids].sort((a, b) => b - a)).toEqual(ids)
      expect(exports[0]).toMatchObject({ accountId: usd, source: 'monthly', dateFrom: thisMonth() })
      expect(exports[0]!.dateTo.slice(0, 7)).toBe(thisMonth().slice(0, 7))
    })

    it("e-mails a ready statement to the customer's own confirmed address only", async () => {
      const started = await start({ accountId: usd, dateFrom: thisMonth() })
      const exportId = String(started.body.exportId)
      const send = (email: string) =>
        server.post('/rpc/transactionHistoryExportSend', { exportId, email, lang: 'en' }, demo)
      expect(failedParameters(await send('demo@nova.example'))).toEqual(['exportId'])
      await runDueJobs(server.db)
      expect(failedParameters(await send('stranger@mail.example'))).toEqual(['email'])
      // demo@'s second address still waits for its confirmation.
      expect(failedParameters(await send('alex.morgan@mail.example'))).toEqual(['email'])
      const sent = await send('Demo@nova.example')
      expect(sent.body.responseCode, sent.text).toBe('00')
      const [mail] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'demo@nova.example'))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      const month = new Intl.DateTimeFormat('en', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date())
      expect(mail?.subject).toBe(`Your statement for ${month}`)
      expect(mail?.body).toContain(`account ${usd}`)
      expect(mail?.body).toContain('/statements')
    })
  })
}
