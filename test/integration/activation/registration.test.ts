// Registration (product-spec sections 1, 3, 4 and 5): a personal and a business account are
// created inactive, activated with the e-mailed code and signed in to; every refusal is a VF
// naming the field (13 for a brand without registration), never a 500; a captcha opens one
// account; and a registration that fails inside its transaction leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  customerAddresses,
  customerEmails,
  customers,
  users,
} from '../../../src/server/db/schema.ts'
import { accountCodes } from '../../../src/server/db/schema-auth.ts'
import { companyUsers } from '../../../src/server/db/schema-security.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { ledgerAccounts } from '../../../src/server/db/schema-ledger.ts'
import { captchaRedemptions } from '../../../src/server/db/schema-captcha.ts'
import {
  businessCompanyDirectors,
  businessProfiles,
  businessRepresentativeAddresses,
  businessRepresentatives,
  businessShareholdings,
  customerRegistrations,
} from '../../../src/server/db/schema-business.ts'
import { captchaToken, hasWork, splitCaptchaToken } from '../../../src/shared/captcha-work.ts'
import {
  databaseTargets,
  failedParameters,
  replyOf,
  startServer,
  testCaptchaDifficulty,
  type Reply,
  type TestServer,
} from '../server-harness.ts'
import {
  businessPayload,
  personalPayload,
  solvedCaptcha,
  type BusinessPayload,
  type PersonalPayload,
} from './registration-payloads.ts'

const codeOf = (body: string | undefined) => /code is ([A-Z0-9]{8})/.exec(body ?? '')?.[1] ?? ''

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    /** POSTs as the portal of a brand would (x-brand in demo mode on localhost). */
    const send = async (operation: string, body: unknown, brand?: string): Promise<Reply> =>
      replyOf(
        await fetch(`${server.baseUrl}/rpc/${operation}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(brand ? { 'x-brand': brand } : {}) },
          body: JSON.stringify(body),
        }),
      )
    const captcha = () => solvedCaptcha(server.baseUrl)
    const mails = async (recipient: string) =>
      server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(sql`${outboxMessages.id} desc`)
    const rows = async (table: PgTable) =>
      (await server.db.select({ n: count() }).from(table))[0]!.n

    describe('personal', () => {
      it('creates an inactive account that the e-mailed code activates, then signs in', async () => {
        const email = 'rita.newman@mail.example'
        const payload = {
          ...personalPayload(email, await captcha()),
          registrationType: 'webcamModels' as const,
        }
        const created = await send('personalAccountCreate', payload)
        expect(created.body.responseCode, created.text).toBe('00')
        const customerId = created.body.customerId as number
        expect((await server.beginSignIn(email, payload.password)).reply.status).toBe(403)

        const [mail] = await mails(email)
        expect(mail?.body).toContain('/activate?action=activation&user=rita.newman%40mail.example')
        const activated = await send('accountActivate', {
          username: email,
          activationCode: codeOf(mail?.body),
        })
        expect(activated.body.responseCode, activated.text).toBe('00')
        const tokens = await server.signIn(email, payload.password)
        const balances = await server.post('/rpc/balanceInquiry', {}, tokens.accessToken)
        expect(balances.body.accounts?.map((a) => [a.type, a.balance])).toEqual([[1001, '0.00']])

        const [customer] = await server.db
          .select()
          .from(customers)
          .where(eq(customers.id, customerId))
        expect(customer).toMatchObject({
          customerType: 0,
          firstName: 'Rita',
          residenceCountryCode: 'ES',
        })
        const [registration] = await server.db
          .select()
          .from(customerRegistrations)
          .where(eq(customerRegistrations.customerId, customerId))
        expect(registration).toMatchObject({ kind: 'personal', registrationType: 'webcamModels' })
        const [address] = await server.db
          .select()
          .from(customerEmails)
          .where(eq(customerEmails.customerId, customerId))
        expect(address).toMatchObject({ emailAddress: email, isPrimary: true })
        expect(address?.confirmedAt, 'the activation code confirmed the address').not.toBeNull()
      })

      it.each<[string, (p: PersonalPayload) => void, string[]]>([
        ['an e-mail that has an account', (p) => (p.email = 'demo@nova.example'), ['email']],
        ['a country code of no country', (p) => (p.countryCode = 'XX'), ['countryCode']],
        [
          'no tax id where the country table requires one',
          (p) => {
            p.countryCode = 'US'
            delete p.taxId
          },
          ['taxId'],
        ],
        ['an occupation of no dictionary', (p) => (p.occupationId = 999), ['occupationId']],
      ])('refuses %s with VF naming the field', async (_name, change, want) => {
        const payload = personalPayload('someone.new@mail.example', await captcha())
        change(payload)
        const reply = await send('personalAccountCreate', payload)
        expect(reply.body.responseCode, reply.text).toBe('VF')
        expect(failedParameters(reply)).toEqual(want)
      })

      it('refuses the brand without registration (payments) with 13', async () => {
        const payload = personalPayload(
          'someone.new@mail.example',
          await solvedCaptcha(server.baseUrl, 'payments'),
        )
        const reply = await send('personalAccountCreate', payload, 'payments')
        expect(reply.body.responseCode, reply.text).toBe('13')
      })

      it('refuses webcam models off the main brand', async () => {
        const payload = {
          ...personalPayload('cam@mail.example', await captcha()),
          registrationType: 'webcamModels' as const,
        }
        const reply = await send('personalAccountCreate', payload, 'bank')
        expect(failedParameters(reply)).toEqual(['registrationType'])
      })
    })

    describe('captcha', () => {
      it('refuses a malformed, forged, unsolved or replayed captcha, naming captcha', async () => {
        const token = await captcha()
        const { challenge } = splitCaptchaToken(token)!
        const forged = captchaToken(challenge.replace(/:[^:]+$/, ':AAAA'), '0')
        let nonce = 0
        while (await hasWork(challenge, String(nonce), testCaptchaDifficulty)) nonce++
        const unsolved = captchaToken(challenge, String(nonce))
        for (const bad of ['not-a-token', forged, unsolved]) {
          const reply = await send(
            'personalAccountCreate',
            personalPayload('bot@mail.example', bad),
          )
          expect(failedParameters(reply), bad).toEqual(['captcha'])
        }
        const first = await send(
          'personalAccountCreate',
          personalPayload('first@mail.example', token),
        )
        expect(first.body.responseCode, first.text).toBe('00')
        const replay = await send(
          'personalAccountCreate',
          personalPayload('second@mail.example', token),
        )
        expect(failedParameters(replay)).toEqual(['captcha'])
        expect(
          await server.db.select().from(users).where(eq(users.username, 'second@mail.example')),
        ).toEqual([])
      })
    })

    describe('business', () => {
      const emails: [string, string] = ['olivia@acme.example', 'rosa@acme.example']

      it('stores the company, its representatives and tree; activation mails the users', async () => {
        const created = await send(
          'businessAccountCreate',
          businessPayload(emails, await captcha()),
        )
        expect(created.body.responseCode, created.text).toBe('00')
        const customerId = created.body.customerId as number
        const [company] = await server.db
          .select()
          .from(customers)
          .where(eq(customers.id, customerId))
        expect(company).toMatchObject({
          customerType: 2,
          businessName: 'Acme Trading Ltd',
          email: emails[0],
        })
        const representatives = await server.db
          .select()
          .from(businessRepresentatives)
          .where(eq(businessRepresentatives.companyCustomerId, customerId))
          .orderBy(businessRepresentatives.id)
        expect(
          representatives.map((r) => [r.type, r.firstName ?? r.companyName, r.positionIds]),
        ).toEqual([
          [1, 'Olivia', [2, 6, 8]],
          [1, 'Hugo', []],
          [1, 'Rosa', []],
          [2, 'Holding Ltd', [6]],
        ])
        const tree = await server.db
          .select()
          .from(businessShareholdings)
          .where(eq(businessShareholdings.companyCustomerId, customerId))
          .orderBy(businessShareholdings.id)
        const byId = new Map(representatives.map((r) => [r.id, r.firstName ?? r.companyName]))
        const parentOf = new Map(tree.map((node) => [node.id, byId.get(node.representativeId)]))
        expect(
          tree.map((n) => [
            byId.get(n.representativeId),
            Number(n.share),
            n.parentId && parentOf.get(n.parentId),
          ]),
        ).toEqual([
          ['Olivia', 60, null],
          ['Holding Ltd', 40, null],
          ['Hugo', 70, 'Holding Ltd'],
          ['Rosa', 30, 'Holding Ltd'],
        ])
        expect(await rows(businessCompanyDirectors)).toBeGreaterThan(0)
        const [profile] = await server.db
          .select()
          .from(businessProfiles)
          .where(eq(businessProfiles.customerId, customerId))
        expect(profile?.financialDetail).toMatchObject({ industry: 20, sourceIds: [61] })

        // The reader waits for the company's activation, then gets a link of their own.
        const [rosa] = await server.db.select().from(users).where(eq(users.username, emails[1]))
        const [access] = await server.db
          .select()
          .from(companyUsers)
          .where(eq(companyUsers.userId, rosa!.id))
        expect(access).toMatchObject({ companyCustomerId: customerId, accessRight: 1 })
        expect(await mails(emails[1])).toEqual([])
        const [mail] = await mails(emails[0])
        expect(mail?.body).toContain('action=activationBusiness')
        const activated = await send('businessActivate', {
          email: emails[0],
          activationCode: codeOf(mail?.body),
        })
        expect(activated.body.responseCode, activated.text).toBe('00')
        const [link] = await mails(emails[1])
        expect(link?.body).toContain('action=activationEmployee')
        await server.signIn(emails[0], 'Business-2026!')
      })

      it.each<[string, (p: BusinessPayload) => void, string[]]>([
        [
          'shares of a level that sum past 100',
          (p) => (p.shareholders[1]!.shareholders![0]!.share = 80),
          ['shareholders.1.shareholders'],
        ],
        ['a share of 0', (p) => (p.shareholders[0]!.share = 0), ['shareholders.0.share']],
        [
          'a shareholder company without a director',
          (p) => (p.companyList![0]!.directors = []),
          ['companyList.0.directors'],
        ],
        [
          'a shareholder who is not in personList',
          (p) => (p.shareholders[0]!.personId = 77),
          ['shareholders.0.personId'],
        ],
        [
          'no user with full rights',
          (p) => {
            p.users[0]!.accessRights = 3
            p.personList[0]!.accessRights = 3
          },
          // The schema's "contains" names the list and each item that is not 2.
          ['users', 'users.0.accessRights', 'users.1.accessRights'],
        ],
        [
          'rights 5',
          (p) => {
            p.users[1]!.accessRights = 5 as 1
            p.personList[2]!.accessRights = 5 as 1
          },
          ['users.1.accessRights', 'personList.2.accessRights'],
        ],
        [
          'a user e-mail that has an account',
          (p) => (p.personList[2]!.email = 'demo@nova.example'),
          ['personList.2.email'],
        ],
        [
          'a country code of no country',
          (p) => (p.company.registrationCountryCode = 'XX'),
          ['company.registrationCountryCode'],
        ],
        [
          'no tax id where the country table requires one',
          (p) => {
            p.company.registrationCountryCode = 'US'
            delete p.company.businessTaxId
          },
          ['company.businessTaxId'],
        ],
      ])('refuses %s with VF naming the field', async (_name, change, want) => {
        const payload = businessPayload(
          ['new.owner@acme.example', 'new.reader@acme.example'],
          await captcha(),
        )
        change(payload)
        const reply = await send('businessAccountCreate', payload)
        expect(reply.body.responseCode, reply.text).toBe('VF')
        expect(failedParameters(reply).sort()).toEqual([...want].sort())
      })

      it.each<[string, string, (p: BusinessPayload) => void, string[]]>([
        [
          'webcam studios off the main brand',
          'bank',
          (p) => (p.registrationType = 'registrationWebcamStudios'),
          ['registrationType'],
        ],
        [
          'live-streaming networks on the UK brand',
          'uk',
          (p) => (p.registrationType = 'registrationLiveStreamingNetworks'),
          ['registrationType'],
        ],
        [
          'an adult industry on the UK brand',
          'uk',
          (p) => (p.financialDetail.industry = 1),
          ['financialDetail.industry'],
        ],
      ])('refuses %s', async (_name, brand, change, want) => {
        const payload = businessPayload(
          ['new.owner@acme.example', 'new.reader@acme.example'],
          await captcha(),
        )
        change(payload)
        const reply = await send('businessAccountCreate', payload, brand)
        expect(failedParameters(reply)).toEqual(want)
      })
    })

    it('leaves nothing behind when the last login loses an e-mail race', async () => {
      const raced = 'raced.reader@acme.example'
      // The race: the unique username index refuses the last login of the transaction.
      await server.db.execute(
        sql.raw(`
          create function test_refuse_raced_login() returns trigger language plpgsql as $$
          begin
            if new.username = '${raced}' then
              raise exception 'duplicate key value violates unique constraint "users_username_key"'
                using errcode = 'unique_violation';
            end if;
            return new;
          end $$`),
      )
      await server.db.execute(
        sql.raw(`create trigger test_refuse_raced_login before insert on users
          for each row execute function test_refuse_raced_login()`),
      )
      const tables = [
        customers,
        users,
        customerEmails,
        customerAddresses,
        accountCodes,
        companyUsers,
        outboxMessages,
        ledgerAccounts,
        captchaRedemptions,
        customerRegistrations,
        businessProfiles,
        businessRepresentatives,
        businessRepresentativeAddresses,
        businessCompanyDirectors,
        businessShareholdings,
      ]
      const counts = async () => Promise.all(tables.map(rows))
      const before = await counts()
      const token = await captcha()
      const reply = await send(
        'businessAccountCreate',
        businessPayload(['raced.owner@acme.example', raced], token),
      )
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual(['personList.2.email'])
      expect(await counts()).toEqual(before)

      // The captcha was not used up: the registration goes through once the e-mail is free.
      await server.db.execute(sql.raw('drop trigger test_refuse_raced_login on users'))
      await server.db.execute(sql.raw('drop function test_refuse_raced_login()'))
      const again = await send(
        'businessAccountCreate',
        businessPayload(['raced.owner@acme.example', raced], token),
      )
      expect(again.body.responseCode, again.text).toBe('00')
      const made = await server.db
        .select()
        .from(users)
        .where(and(eq(users.username, raced)))
      expect(made).toHaveLength(1)
    })
  })
}
