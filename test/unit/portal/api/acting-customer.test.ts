// The acting customer travels with every RPC call: in a JSON body, and as a form part of an
// upload (product-spec section 6: fromCustomerId is carried on support, history, export and
// merchant calls, uploads among them).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  setActingCustomer,
  withActingCustomer,
  withActingPart,
} from '../../../../src/portal/api/acting-customer.ts'

class MemoryStorage {
  private values = new Map<string, string>()
  getItem(key: string): string | null {
    return this.values.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value)
  }
  removeItem(key: string): void {
    this.values.delete(key)
  }
}

describe('the acting customer on requests', () => {
  beforeEach(() => {
    Object.assign(globalThis, { sessionStorage: new MemoryStorage() })
  })
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage')
  })

  it('adds fromCustomerId to a JSON RPC body', async () => {
    setActingCustomer(4242)
    const request = await withActingCustomer(
      new Request('http://portal.test/rpc/balanceInquiry', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ a: 1 }),
      }),
    )
    expect(await request.json()).toEqual({ a: 1, fromCustomerId: 4242 })
  })

  it('adds it as a part of a multipart upload, keeping the file', async () => {
    setActingCustomer(4242)
    const form = new FormData()
    form.append('data', JSON.stringify({ name: 'x' }))
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'a.txt')
    const request = await withActingCustomer(
      new Request('http://portal.test/rpc/logoCreate', { method: 'POST', body: form }),
    )
    const sent = await request.formData()
    expect(sent.get('fromCustomerId')).toBe('4242')
    expect(await (sent.get('file') as File).text()).toBe('hello')
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
  })

  it('leaves requests alone without a chosen customer', async () => {
    const form = new FormData()
    expect(withActingPart(form)).toBe(false)
    expect(form.has('fromCustomerId')).toBe(false)
  })

  it('never overrides a customer the form names itself', () => {
    setActingCustomer(4242)
    const form = new FormData()
    form.append('fromCustomerId', '7')
    expect(withActingPart(form)).toBe(false)
    expect(form.getAll('fromCustomerId')).toEqual(['7'])
  })
})
