// shareholderList: the shareholder tree as registration stored it, each node with its share of
// its parent and its effective share of the business (product-spec sections 3 and 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import {
  caller,
  customerIdOf,
  ownerPassword,
  registerBusiness,
  type Representative,
} from './business-fixtures.ts'

/** A node as the tree screen shows it: name, share, effective share, its own owners. */
type Node = [string, number | undefined, number | undefined, Node[]?]
const shape = (nodes: Representative[]): Node[] =>
  nodes.map((node) => {
    const name = node.companyName ?? `${node.firstName} ${node.lastName}`
    const row: Node = [name, node.share, node.effectiveShare]
    if (node.shareholders) row.push(shape(node.shareholders))
    return row
  })

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let as: ReturnType<typeof caller>
    beforeAll(async () => {
      server = await startServer(target)
      as = caller(server)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('shows the tree a registration stored, with effective shares down each path', async () => {
      const emails: [string, string] = ['olivia@tree.example', 'rosa@tree.example']
      await registerBusiness(server, emails)
      await as.tokenOf(emails[0], ownerPassword)
      const reply = await as.call(emails[0], 'shareholderList')
      expect(reply.body.responseCode, reply.text).toBe('00')
      const shareholders = reply.body.shareholders as Representative[]
      expect(shape(shareholders)).toEqual([
        ['Olivia Owner', 60, 60],
        [
          'Holding Ltd',
          40,
          40,
          [
            ['Hugo Holder', 70, 28],
            ['Rosa Reader', 30, 12],
          ],
        ],
      ])
      // A company node is a company, a person node a person, with the positions registration gave.
      expect(shareholders.map((node) => [node.type, node.positionIds])).toEqual([
        [1, [2, 6, 8]],
        [2, [6]],
      ])
    })

    it("shows the demo business's tree", async () => {
      const reply = await as.call('business@nova.example', 'shareholderList')
      expect(shape(reply.body.shareholders as Representative[])).toEqual([
        ['Sam Taylor', 55, 55],
        [
          'Baltic Holdings UAB',
          45,
          45,
          [
            ['Jordan Lee', 60, 27],
            ['Mia Novak', 40, 18],
          ],
        ],
      ])
    })

    it('lets every right read it: an employee with read access acting for the company', async () => {
      const reply = await as.call('employee@nova.example', 'shareholderList', {
        fromCustomerId: await customerIdOf(server, 'business@nova.example'),
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(shape(reply.body.shareholders as Representative[]).map(([name]) => name)).toEqual([
        'Sam Taylor',
        'Baltic Holdings UAB',
      ])
    })

    it('answers an empty tree for a business that registered none, and ENOA for a person', async () => {
      const empty = await as.call('retail@nova.example', 'shareholderList')
      expect(empty.body).toMatchObject({ responseCode: '00', shareholders: [] })
      const personal = await as.call('demo@nova.example', 'shareholderList')
      expect(personal.body.responseCode).toBe('ENOA')
    })
  })
}
