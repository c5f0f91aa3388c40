// The group commit of single transfers: inputs arriving while a batch is written go together
// in the next one, two inputs with one key never share a batch, and a batch that fails as a
// whole is retried input by input so that only the one at fault fails.
import { describe, expect, it } from 'vitest'
import { GroupCommit } from '../../../../src/server/ledger/group-commit.ts'

interface Input {
  key: string
  bad?: boolean
}

function recorder(options: { maxBatch?: number } = {}) {
  const batches: string[][] = []
  const singles: string[] = []
  let release: () => void = () => undefined
  let gate = new Promise<void>((resolve) => (release = resolve))
  const group = new GroupCommit<Input, string>({
    single: async (input) => {
      singles.push(input.key)
      if (input.bad) throw new Error(`bad ${input.key}`)
      return `single:${input.key}`
    },
    batch: async (inputs) => {
      batches.push(inputs.map((i) => i.key))
      await gate
      if (inputs.some((i) => i.bad)) throw new Error('the batch failed')
      return inputs.map((i) => `batch:${i.key}`)
    },
    keyOf: (input) => input.key,
    maxBatch: options.maxBatch ?? 10,
  })
  return {
    group,
    batches,
    singles,
    open: () => {
      release()
      gate = Promise.resolve()
    },
  }
}

describe('GroupCommit', () => {
  it('writes the first input alone, then everything that arrived meanwhile as one batch', async () => {
    const r = recorder()
    const first = r.group.submit({ key: 'a' })
    const rest = ['b', 'c', 'd'].map((key) => r.group.submit({ key }))
    expect(await first).toBe('single:a')
    r.open()
    expect(await Promise.all(rest)).toEqual(['batch:b', 'batch:c', 'batch:d'])
    expect(r.batches).toEqual([['b', 'c', 'd']])
  })

  it('never puts two inputs with one key in one batch', async () => {
    const r = recorder()
    const first = r.group.submit({ key: 'x' })
    const later = ['k', 'k', 'm', 'k'].map((key) => r.group.submit({ key }))
    await first
    r.open()
    await Promise.all(later)
    for (const batch of r.batches) expect(new Set(batch).size).toBe(batch.length)
    expect(
      r.batches
        .flat()
        .concat(r.singles)
        .filter((k) => k === 'k'),
    ).toHaveLength(3)
  })

  it('keeps batches within the maximum', async () => {
    const r = recorder({ maxBatch: 2 })
    const first = r.group.submit({ key: 'a' })
    const later = ['b', 'c', 'd', 'e', 'f'].map((key) => r.group.submit({ key }))
    await first
    r.open()
    await Promise.all(later)
    expect(r.batches.every((batch) => batch.length <= 2)).toBe(true)
    expect(r.batches.flat().sort()).toEqual(['b', 'c', 'd', 'e'])
  })

  it('retries a failed batch input by input: only the bad one fails', async () => {
    const r = recorder()
    const first = r.group.submit({ key: 'a' })
    const good = r.group.submit({ key: 'g' })
    const bad = r.group.submit({ key: 'b', bad: true })
    await first
    r.open()
    expect(await good).toBe('single:g')
    await expect(bad).rejects.toThrow('bad b')
  })
})
