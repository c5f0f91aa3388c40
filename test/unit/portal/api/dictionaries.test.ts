// Dictionaries load on first use, are kept in session storage, and a failed reply is not kept
// (product-spec sections 8 and 9), against a real local HTTP server.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createDictionaryLoader } from '../../../../src/portal/api/dictionaries.ts'

class MemoryStorage implements Storage {
  private data = new Map<string, string>()
  get length() {
    return this.data.size
  }
  clear() {
    this.data.clear()
  }
  getItem(key: string) {
    return this.data.get(key) ?? null
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.data.delete(key)
  }
  setItem(key: string, value: string) {
    this.data.set(key, value)
  }
}

let server: Server
let origin: string
let answers: unknown[]
const hits: string[] = []

beforeEach(async () => {
  hits.length = 0
  server = createServer((req, res) => {
    hits.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers.shift()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve))
})

test('the first use asks the server; later uses read session storage', async () => {
  answers = [{ responseCode: '00', countries: [{ code: 'GB' }] }]
  const storage = new MemoryStorage()
  const loader = createDictionaryLoader((r) => fetch(r), storage, origin)
  const first = await loader.load('countries')
  const second = await loader.load('countries')
  expect(second).toEqual(first)
  expect(hits).toEqual(['/rpc/countries'])
  expect(storage.length).toBe(1)
  // A new loader over the same storage (a reload of the tab) still asks nobody.
  await createDictionaryLoader((r) => fetch(r), storage, origin).load('countries')
  expect(hits).toHaveLength(1)
})

test('different parameters are different entries', async () => {
  answers = [
    { responseCode: '00', states: ['Ontario'] },
    { responseCode: '00', states: ['Texas'] },
  ]
  const loader = createDictionaryLoader((r) => fetch(r), new MemoryStorage(), origin)
  expect((await loader.load('states', { countryCode: 'CA' })).states).toEqual(['Ontario'])
  expect((await loader.load('states', { countryCode: 'US' })).states).toEqual(['Texas'])
})

test('a reply other than 00 is returned but not stored, so the next use asks again', async () => {
  answers = [
    { responseCode: 'UE', responseDescription: 'try later' },
    { responseCode: '00', currencies: [] },
  ]
  const storage = new MemoryStorage()
  const loader = createDictionaryLoader((r) => fetch(r), storage, origin)
  expect((await loader.load('currencies')).responseCode).toBe('UE')
  expect(storage.length).toBe(0)
  expect((await loader.load('currencies')).responseCode).toBe('00')
  expect(hits).toHaveLength(2)
})

test('concurrent uses share one request', async () => {
  answers = [{ responseCode: '00', dialects: [] }]
  const loader = createDictionaryLoader((r) => fetch(r), new MemoryStorage(), origin)
  await Promise.all([loader.load('dialects'), loader.load('dialects'), loader.load('dialects')])
  expect(hits).toHaveLength(1)
})
