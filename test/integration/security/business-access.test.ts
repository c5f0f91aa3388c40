// Company access (businessAccessRightsList, businessAccessRightsUpdate,
// businessAccessPotentialUsersList, businessAccessRepresentativeAdd,
// businessAccessRepresentativeDelete): who may act for a business and with which right
// (product-spec sections 4-6), and how those rights open or close the company to its users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadedDocuments } from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface AccessUser {
  id: number
  email?: string
  accessRights: number
  positionIds?: number[]
  isRepresentative?: boolean
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let business: string
    let employee: string
    let admin: string
    let companyId: number
    let ownerId: number
    let employeeId: number
    let directorId: number
    beforeAll(async () => {
      server = await startServer(target)
      business = (await server.signIn('business@nova.example')).accessToken
      employee = (await server.signIn('employee@nova.example')).accessToken
      admin = (await server.signIn('admin@nova.example')).accessToken
      const info = await server.post('/rpc/getCustomerInfo', {}, business)
      companyId = info.body.customer?.customerId ?? 0
    })
    afterAll(async () => {
      await server?.close()
    })

    const usersOf = async (token = business, extra: object = {}): Promise<AccessUser[]> => {
      const reply = await server.post('/rpc/businessAccessRightsList', extra, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.users as AccessUser[]
    }
    const potentialOf = async () => {
      const reply = await server.post('/rpc/businessAccessPotentialUsersList', {}, business)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.users as { id: number; email?: string; firstName?: string }[]
    }

    it("lists the company's own sign-in with full access, then its employee", async () => {
      // The transfer demo's initiator (right 3) and approver (right 4) also work for it.
      const others = ['initiator@nova.example', 'approver@nova.example']
      const users = (await usersOf()).filter((user) => !others.includes(user.email ?? ''))
      expect(users).toEqual([
        expect.objectContaining({
          email: 'business@nova.example',
          customerId: companyId,
          accessRights: 2,
          isRepresentative: false,
        }),
        expect.objectContaining({
          email: 'employee@nova.example',
          firstName: 'Casey',
          lastName: 'Park',
          accessRights: 1,
          positionIds: [],
          isRepresentative: false,
        }),
      ])
      ownerId = users[0]!.id
      employeeId = users[1]!.id
    })

    it('lists the director the company could add', async () => {
      const potential = await potentialOf()
      expect(potential).toEqual([
        {
          id: expect.any(Number),
          firstName: 'Jordan',
          lastName: 'Lee',
          email: 'director@nova.example',
        },
      ])
      directorId = potential[0]!.id
    })

    it('lets a read-only employee read for the company but not manage it', async () => {
      const read = await server.post('/rpc/ipAccessList', { fromCustomerId: companyId }, employee)
      expect(read.body.responseCode).toBe('00')
      const manage = await server.post(
        '/rpc/businessAccessRightsList',
        { fromCustomerId: companyId },
        employee,
      )
      expect(manage.body.responseCode).toBe('13')
      expect(manage.body).not.toHaveProperty('users')
      const write = await server.post(
        '/rpc/ipAccessAdd',
        { fromCustomerId: companyId, ip: '192.0.2.7' },
        employee,
      )
      expect(write.body.responseCode).toBe('13')
    })

    it('raises the employee to full access, which opens the company-access screen to them', async () => {
      const reply = await server.post(
        '/rpc/businessAccessRightsUpdate',
        { id: employeeId, accessRights: 2 },
        business,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.user).toMatchObject({ id: employeeId, accessRights: 2 })
      const asEmployee = await usersOf(employee, { fromCustomerId: companyId })
      expect(asEmployee.map((user) => user.email)).toContain('employee@nova.example')
    })

    const refusals: [string, { body: () => object; field: string }][] = [
      ['rights 5', { body: () => ({ id: employeeId, accessRights: 5 }), field: 'accessRights' }],
      [
        'a right above 5',
        { body: () => ({ id: employeeId, accessRights: 6 }), field: 'accessRights' },
      ],
      [
        "the company's own sign-in",
        { body: () => ({ id: ownerId, accessRights: 1 }), field: 'id' },
      ],
      ['a user of no company', { body: () => ({ id: directorId, accessRights: 1 }), field: 'id' }],
      ['an id that is no id', { body: () => ({ id: 0, accessRights: 1 }), field: 'id' }],
    ]
    it.each(refusals)('refuses to update %s with VF naming the field', async (_name, given) => {
      const reply = await server.post('/rpc/businessAccessRightsUpdate', given.body(), business)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual([given.field])
      expect((await usersOf()).find((user) => user.id === employeeId)?.accessRights).toBe(2)
    })

    it('refuses a user changing their own right', async () => {
      const reply = await server.post(
        '/rpc/businessAccessRightsUpdate',
        { fromCustomerId: companyId, id: employeeId, accessRights: 4 },
        employee,
      )
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['id'])
    })

    it('refuses rights 5 and 0 when adding a representative, naming accessRights', async () => {
      for (const accessRights of [5, 0]) {
        const reply = await server.post(
          '/rpc/businessAccessRepresentativeAdd',
          { id: directorId, accessRights },
          business,
        )
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['accessRights'])
      }
      expect(await potentialOf()).toHaveLength(1)
    })

    it('refuses to add someone who is not a potential user', async () => {
      const reply = await server.post(
        '/rpc/businessAccessRepresentativeAdd',
        { id: employeeId, accessRights: 1 },
        business,
      )
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['id'])
    })

    it('adds the director as a representative with the chosen right', async () => {
      const reply = await server.post(
        '/rpc/businessAccessRepresentativeAdd',
        { id: directorId, accessRights: 4 },
        business,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.user).toMatchObject({
        id: directorId,
        email: 'director@nova.example',
        accessRights: 4,
        positionIds: [2],
        isRepresentative: true,
      })
      expect(await potentialOf()).toEqual([])
      expect((await usersOf()).map((user) => user.email)).toEqual([
        'business@nova.example',
        'employee@nova.example',
        'initiator@nova.example',
        'approver@nova.example',
        'director@nova.example',
      ])
    })

    it('refuses a force delete by a non-administrator, and removes nobody', async () => {
      const reply = await server.post(
        '/rpc/businessAccessRepresentativeDelete',
        { id: directorId, force: true },
        business,
      )
      expect(reply.body.responseCode).toBe('ENOA')
      expect(reply.body.responseDescription).toBe(
        'Only administrators may force-delete a representative.',
      )
      expect((await usersOf()).map((user) => user.id)).toContain(directorId)
    })

    it('keeps a representative whose uploads depend on them, unless an administrator forces', async () => {
      await server.db.insert(uploadedDocuments).values({
        customerId: companyId,
        documentTypeId: 31,
        createdUsername: 'director@nova.example',
        fileName: 'board-resolution.pdf',
      })
      const plain = await server.post(
        '/rpc/businessAccessRepresentativeDelete',
        { id: directorId },
        business,
      )
      expect(plain.body.responseCode).toBe('VF')
      expect(failedParameters(plain)).toEqual(['force'])

      const forced = await server.post(
        '/rpc/businessAccessRepresentativeDelete',
        { fromCustomerId: companyId, id: directorId, force: true },
        admin,
      )
      expect(forced.body.responseCode, forced.text).toBe('00')
      expect((await usersOf()).map((user) => user.id)).not.toContain(directorId)
      // Still a director of the company, so a potential user again.
      expect((await potentialOf()).map((user) => user.id)).toEqual([directorId])
    })

    it('removes the employee, who can no longer act for the company', async () => {
      const reply = await server.post(
        '/rpc/businessAccessRepresentativeDelete',
        { id: employeeId },
        business,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(
        (await usersOf())
          .map((user) => user.email)
          .filter((e) => !['initiator@nova.example', 'approver@nova.example'].includes(e ?? '')),
      ).toEqual(['business@nova.example'])
      const read = await server.post('/rpc/ipAccessList', { fromCustomerId: companyId }, employee)
      expect(read.body.responseCode).toBe('13')
      // Not a representative: not offered again as a potential user.
      expect((await potentialOf()).map((user) => user.id)).toEqual([directorId])
    })

    it("refuses to delete the company's own sign-in or a stranger, naming id", async () => {
      for (const id of [ownerId, employeeId]) {
        const reply = await server.post('/rpc/businessAccessRepresentativeDelete', { id }, business)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['id'])
      }
    })

    it('gives nobody, not even an administrator, rights on an id beyond 32 bits', async () => {
      for (const token of [admin, employee]) {
        const reply = await server.post('/rpc/ipAccessList', { fromCustomerId: 2 ** 31 }, token)
        expect(reply.body.responseCode).toBe('13')
        expect(reply.body).not.toHaveProperty('items')
      }
    })

    it('is for business customers only', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const reply = await server.post('/rpc/businessAccessRightsList', {}, accessToken)
      expect(reply.body.responseCode).toBe('ENOA')
      expect(reply.body).not.toHaveProperty('users')
    })

    it.each([
      'businessAccessRightsList',
      'businessAccessRightsUpdate',
      'businessAccessPotentialUsersList',
      'businessAccessRepresentativeAdd',
      'businessAccessRepresentativeDelete',
    ])('answers %s without a token with 401 AU', async (operation) => {
      const reply = await server.post(`/rpc/${operation}`, { id: directorId, accessRights: 1 })
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
