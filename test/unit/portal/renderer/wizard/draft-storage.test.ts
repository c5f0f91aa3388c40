// The wizard's draft in the browser (product-spec section 4): one key per brand and wizard,
// reloaded only when its version is the wizard's (3.54 for the business wizard), and a full
// storage never stops the wizard.
import { describe, expect, it } from 'vitest'
import {
  draftKey,
  readDraft,
  removeDraft,
  writeDraft,
} from '../../../../../src/portal/renderer/wizard/draft-storage.ts'

/** A Storage over a Map, with an optional quota in characters. */
function memoryStorage(quota = Infinity): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (value.length > quota) throw new DOMException('full', 'QuotaExceededError')
      items.set(key, value)
    },
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  }
}

const key = draftKey('portal.registrationDraft', 'main', 'registerBusiness')

describe('draft storage', () => {
  it('keys the draft by brand and wizard under the prefix logout clears', () => {
    expect(key).toBe('portal.registrationDraft.main.registerBusiness')
    expect(draftKey('portal.registrationDraft', 'bank', 'registerBusiness')).not.toBe(key)
  })

  it('reloads a draft of the same version with its payload and section', () => {
    const storage = memoryStorage()
    const draft = { version: '3.54', payload: { directors: [1] }, section: 4 }
    expect(writeDraft(storage, key, draft)).toBe(true)
    expect(readDraft(storage, key, '3.54')).toEqual(draft)
  })

  it.each([
    ['another version', JSON.stringify({ version: '3.53', payload: {}, section: 0 })],
    ['no version', JSON.stringify({ payload: {}, section: 0 })],
    ['a payload that is a list', JSON.stringify({ version: '3.54', payload: [], section: 0 })],
    ['text that is not JSON', '{"version":'],
  ])('does not reload %s', (_name, stored) => {
    const storage = memoryStorage()
    storage.setItem(key, stored)
    expect(readDraft(storage, key, '3.54')).toBeUndefined()
  })

  it('starts on the first section when the stored one is not a section index', () => {
    const storage = memoryStorage()
    storage.setItem(key, JSON.stringify({ version: '3.54', payload: {}, section: -2 }))
    expect(readDraft(storage, key, '3.54')?.section).toBe(0)
  })

  it('answers false instead of failing when the storage is full', () => {
    const storage = memoryStorage(10)
    expect(writeDraft(storage, key, { version: '3.54', payload: { a: 'long' }, section: 0 })).toBe(
      false,
    )
    expect(readDraft(storage, key, '3.54')).toBeUndefined()
  })

  it('forgets the draft when cleared', () => {
    const storage = memoryStorage()
    writeDraft(storage, key, { version: '3.54', payload: { a: 1 }, section: 1 })
    removeDraft(storage, key)
    expect(readDraft(storage, key, '3.54')).toBeUndefined()
  })
})
