// authorizedUserCreate: a company administrator adds an authorized user, who gets a login,
// the right, a place among the representatives and the activation link (product-spec sections
// 2, 4 and 5); an e-mail in use is VF naming email, and a refused or failed request leaves
// nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { components } from '../../../src/generated/api.d.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { caller, codeIn, customerIdOf, mailbox, type Representative } from './business-fixtures.ts'

type AuthorizedUser = components['schemas']['AuthorizedUser']

const newUser = (email: string, accessRights = 3) => ({
  email,
  firstName: 'Lena',
  lastName: 'Marsh',
  accessRights,
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

    const create = (body: Record<string, unknown>, username = 'business@nova.example') =>
      as.call(username, 'authorizedUserCreate', body)
    const authorizedUsers = async () =>
      (await as.call('business@nova.example', 'authorizedUserGet')).body
        .authorizedUsers as AuthorizedUser[]

    it('adds the user, mails the activation link, and the user activates and acts for the company', async () => {
      const reply = await create(newUser('Lena.Marsh@Mail.Example'))
      expect(reply.body.responseCode, reply.text).toBe('00')
      const created = reply.body.authorizedUser as AuthorizedUser
      expect(created).toMatchObject({
        email: 'lena.marsh@mail.example',
        firstName: 'Lena',
        lastName: 'Marsh',
        accessRights: 3,
        positionIds: [],
        isActivated: false,
        customerId: await customerIdOf(server, 'business@nova.example'),
      })
      expect(created.activationSentAt).toBeDefined()
      expect((await authorizedUsers()).map((u) => u.email)).toContain('lena.marsh@mail.example')
      const users = (await as.call('business@nova.example', 'businessUserList')).body
        .users as Representative[]
      expect(users.map((u) => [u.firstName, u.accessRights])).toContainEqual(['Lena', 3])

      const [mail] = await mailbox(server, 'lena.marsh@mail.example')
      expect(mail?.body).toContain('action=activationEmployee')
      const activated = await server.post('/rpc/accountActivate', {
        username: 'lena.marsh@mail.example',
        activationCode: codeIn(mail?.body),
      })
      expect(activated.body.responseCode, activated.text).toBe('00')
      const access = await server.post(
        '/rpc/customerAccessListGet',
        {},
        activated.body.tokens ? (activated.body.tokens as { accessToken: string }).accessToken : '',
      )
      expect(access.body.accessInfo).toMatchObject({
        accessList: expect.arrayContaining([
          expect.objectContaining({ businessName: 'Northwind Trading Ltd', accessRights: 3 }),
        ]),
      })
      const after = (await authorizedUsers()).find((u) => u.userId === created.userId)
      expect(after).toMatchObject({ isActivated: true })
      expect(after).not.toHaveProperty('activationSentAt')
    })

    it.each([
      ['a user', 'demo@nova.example'],
      ['a user, in other letter case', 'Employee@Nova.Example'],
    ])('refuses the e-mail of %s with VF naming email, adding nobody', async (_what, email) => {
      const before = await authorizedUsers()
      const reply = await create(newUser(email))
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual(['email'])
      expect(await authorizedUsers()).toEqual(before)
    })

    it('refuses rights 0 and 5, which are not selectable, naming accessRights', async () => {
      for (const accessRights of [0, 5]) {
        const reply = await create(newUser('rights@mail.example', accessRights))
        expect(failedParameters(reply)).toEqual(['accessRights'])
      }
    })

    it('refuses a user with read rights with 13, and a person for itself with ENOA', async () => {
      const before = await authorizedUsers()
      const own = await create(newUser('reader.adds@mail.example'), 'employee@nova.example')
      expect(own.body.responseCode).toBe('ENOA')
      const acting = await as.call('employee@nova.example', 'authorizedUserCreate', {
        ...newUser('reader.adds@mail.example'),
        fromCustomerId: await customerIdOf(server, 'business@nova.example'),
      })
      expect(acting.body.responseCode).toBe('13')
      expect(await authorizedUsers()).toEqual(before)
    })

    it('leaves nothing behind when the login loses an e-mail race', async () => {
      const raced = 'raced.user@mail.example'
      await server.db.execute(
        sql.raw(`
          create function test_refuse_raced_user() returns trigger language plpgsql as $$
          begin
            if new.username = '${raced}' then
              raise exception 'duplicate key value violates unique constraint "users_username_key"'
                using errcode = 'unique_violation';
            end if;
            return new;
          end $$`),
      )
      await server.db.execute(
        sql.raw(`create trigger test_refuse_raced_user before insert on users
          for each row execute function test_refuse_raced_user()`),
      )
      const customers = async () =>
        (await server.db.execute(
          sql.raw('select count(*)::int as n from customers'),
        )) as unknown as {
          rows: { n: number }[]
        }
      const before = [(await customers()).rows[0]?.n, await authorizedUsers()]
      const reply = await create(newUser(raced))
      await server.db.execute(sql.raw('drop trigger test_refuse_raced_user on users'))
      await server.db.execute(sql.raw('drop function test_refuse_raced_user()'))
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual(['email'])
      expect([(await customers()).rows[0]?.n, await authorizedUsers()]).toEqual(before)
      expect(await mailbox(server, raced)).toEqual([])
    })
  })
}
