// The dictionaries that are plain lists (product-spec sections 3 and 7, Dictionaries): each
// answers 00 with its list under the documented key, valid against its response schema,
// with the entries a registration form relies on, and refuses an unknown field with VF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Entry {
  id?: number
  code?: string
  key?: string
  name?: string
  needsSpecification?: boolean
  selectable?: boolean
  toAmount?: string | null
}

/** [operation, { key: the list's field, want: what a client must find in it }] */
const dictionaries: [string, { key: string; want: (list: Entry[]) => void }][] = [
  ['currencies', { key: 'currencies', want: (list) => expect(list).toContainEqual(usd) }],
  [
    'transactionTypes',
    { key: 'transactionTypes', want: (list) => expect(names(list)).toContain('Fees') },
  ],
  [
    'accessRights',
    {
      key: 'accessRights',
      want: (list) => {
        expect(list.map((right) => right.id)).toEqual([0, 1, 2, 3, 4, 5])
        expect(list.filter((right) => right.selectable).map((right) => right.id)).toEqual([
          1, 2, 3, 4,
        ])
      },
    },
  ],
  [
    'occupations',
    { key: 'occupations', want: (list) => expect(names(list)).toContain('Freelancer') },
  ],
  [
    'secondOccupationList',
    {
      key: 'occupations',
      want: (list) => expect(names(list)).toContain('Self-employed or sole trader'),
    },
  ],
  [
    'personalAgreements',
    {
      key: 'personalAgreements',
      want: (list) => {
        expect(list.map((agreement) => agreement.key)).toContain('termsAndConditions')
        expect(list.find((agreement) => agreement.key === 'marketing')).toMatchObject({
          required: false,
        })
      },
    },
  ],
  [
    'estimatedMonthlyDeposits',
    {
      key: 'estimatedMonthlyDeposits',
      want: (list) => {
        expect(list[0]).toMatchObject({ fromAmount: '0.00', currencyCode: 'USD' })
        expect(list.at(-1)?.toAmount).toBeNull()
      },
    },
  ],
  ['sourcesOfFundsPersonal', { key: 'sourcesOfFunds', want: hasSalaryAndOther('Salary or wages') }],
  [
    'sourcesOfFundsPersonalSecond',
    { key: 'sourcesOfFunds', want: hasSalaryAndOther('Employment income') },
  ],
  [
    'sourcesOfFundsEmployee',
    { key: 'sourcesOfFunds', want: hasSalaryAndOther('Salary from the company') },
  ],
  [
    'sourcesOfFundsBusiness',
    {
      key: 'sourcesOfFunds',
      want: hasSalaryAndOther('Revenue from sales of goods or services'),
    },
  ],
  ['purposesPersonal', { key: 'purposes', want: hasSalaryAndOther('Savings') }],
  [
    'purposesBusiness',
    { key: 'purposes', want: hasSalaryAndOther('Receiving payments from customers') },
  ],
]

const usd = { code: 'USD', name: 'US Dollar', symbol: '$', scale: 2 }

function names(list: Entry[]): (string | undefined)[] {
  return list.map((entry) => entry.name)
}

/** The list holds the given choice, and its Other asks for a specification. */
function hasSalaryAndOther(choice: string): (list: Entry[]) => void {
  return (list) => {
    expect(names(list)).toContain(choice)
    expect(list.find((entry) => entry.name === 'Other')).toMatchObject({
      needsSpecification: true,
    })
  }
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    it.each(dictionaries)('%s answers its list to anyone', async (operationId, { key, want }) => {
      const reply = await server.post(`/rpc/${operationId}`, {})
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      const list = reply.body[key] as Entry[]
      expect(list.length).toBeGreaterThan(0)
      const ids = list.map((entry) => entry.id ?? entry.code)
      expect(new Set(ids).size).toBe(ids.length)
      want(list)
    })

    it.each(dictionaries)('%s refuses an unknown field with VF', async (operationId) => {
      const reply = await server.post(`/rpc/${operationId}`, { pageSize: 10 })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['pageSize'])
    })
  })
}
