// The cards area as a customer's client sees it (issue 17; product-spec sections 3, 4, 5 and
// 7): the demo cards and their flags, applying for a card and confirming it with the fee taken
// through the ledger, the issuer moving it to shipped, activation with the PIN once, PIN change,
// show and get behind the approval, pause and unpause, load (once per key), rename, reissue,
// shipping upgrade, block with its notice, the issuer driving fraud and expiry, and every rule
// of section 4 refused with the field and the reason.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerAddresses, customers, users } from '../../../src/server/db/schema.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { cardIssuer } from '../../../src/server/adapters/card-issuer/card-issuers.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { lastCodeSentTo, setApprovalMode } from '../transfers/transfer-test-kit.ts'
import {
  balanceOf,
  caller,
  cardsOf,
  flushDemoJobs,
  nextIssuerStep,
  ok,
  refusal,
  type Card,
} from './card-test-kit.ts'

const S = { submitted: 0, active: 2, canceled: 4, fraud: 18, printing: 19, printed: 20 }
const shipped = 21
const processing = 41

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let call: ReturnType<typeof caller>
    let director: ReturnType<typeof caller>
    let usd: number
    let eur: number
    let demoCards: Card[]
    const find = (pred: (card: Card) => boolean) => demoCards.find(pred)!
    const cardNamed = async (accountId: number) =>
      (await cardsOf(call)).find((card) => card.accountId === accountId)!

    beforeAll(async () => {
      server = await startServer(target)
      call = caller(server, (await server.signIn('demo@nova.example')).accessToken)
      director = caller(server, (await server.signIn('director@nova.example')).accessToken)
      await flushDemoJobs(server)
      const accounts = ok(await call('balanceInquiry')).accounts ?? []
      usd = accounts.find((a) => a.currencyCode === 'USD')!.accountId
      eur = accounts.find((a) => a.currencyCode === 'EUR')!.accountId
      demoCards = await cardsOf(call)
    }, 60_000)
    afterAll(async () => {
      await server?.close()
    })

    it("lists demo@'s three cards with their flags, and balanceInquiry keeps its two accounts", async () => {
      expect(ok(await call('balanceInquiry')).accounts).toHaveLength(2)
      expect(demoCards).toHaveLength(3)
      const virtual = find((c) => c.cardIsVirtual)
      expect(virtual).toMatchObject({ type: 2006, accountStatusId: S.active, balance: '150.00' })
      expect(virtual.flags).toMatchObject({ isVirtual: true, canLoad: true, canShowPin: false })
      const debit = find((c) => c.type === 2020)
      expect(debit).toMatchObject({ subType: 'DEBIT', settlementAccountId: usd, balance: '200.00' })
      expect(debit.flags).toMatchObject({ canShowPin: true, canPause: true, canActivate: false })
      expect(debit.maskedCardNumber).toMatch(/^\d{4} \d{2}\*\* \*{4} \d{4}$/)
      const onItsWay = find((c) => c.accountStatusId === shipped)
      expect(onItsWay.flags).toMatchObject({
        canActivate: true,
        canLoad: false,
        statusText: 'Shipped',
      })
      expect(ok(await call('cardList', { cardIsVirtual: true })).cards).toHaveLength(1)
    })

    it('quotes fees and products; a country the issuer does not serve yields zeros', async () => {
      const info = ok(await call('applyForCardInfo', { type: 2020 }))
      expect(info.fees).toMatchObject({ issue: '10.00', annual: '12.00', currency: 'USD' })
      expect((info.fees as { shipping: unknown[] }).shipping).toHaveLength(2)
      expect((info.products as unknown[]).length).toBeGreaterThan(3)
      const none = ok(await call('applyForCardInfo', { countryCode: 'RU' }))
      expect(none).toMatchObject({
        fees: { annual: '0', issue: '0', monthly: '0', currency: '', shipping: [] },
        products: [],
      })
      expect(refusal(await call('applyForCardInfo', { type: 2099 })).parameter).toBe('type')
    })

    const application = (key: string, extra: Record<string, unknown> = {}) => ({
      type: 2010,
      cardIsVirtual: false,
      shippingId: 1,
      settlementAccountId: usd,
      feeAccountId: usd,
      idempotencyKey: key,
      ...extra,
    })

    it('refuses an application that does not fit its product', async () => {
      const field = async (extra: Record<string, unknown>) =>
        refusal(await call('cardApply', application('apply-bad-1', extra))).parameter
      expect(await field({ shippingId: undefined })).toBe('shippingId')
      expect(await field({ shippingId: 9 })).toBe('shippingId')
      expect(await field({ cardIsVirtual: true })).toBe('cardIsVirtual')
      expect(await field({ feeAccountId: eur })).toBe('feeAccountId')
      expect(await field({ settlementAccountId: 10000005 })).toBe('settlementAccountId')
      const virtual = { type: 2006, cardIsVirtual: true, shippingId: 1 }
      expect(await field(virtual)).toBe('shippingId')
    })

    let fresh: Card
    it('applies, confirms once with the fee through the ledger, and ships the card', async () => {
      const before = await balanceOf(call, usd)
      const applied = ok(await call('cardApply', application('apply-card-01')))
      expect(applied.fee).toEqual({ fee: '10.00', feeCurrencyCode: 'USD' })
      fresh = applied.card as Card
      expect(fresh).toMatchObject({ accountStatusId: S.submitted, accountId: applied.cardId })
      const again = ok(await call('cardApply', application('apply-card-01')))
      expect(again.cardId).toBe(applied.cardId)
      const twice = await Promise.all(
        [1, 2].map(() => call('cardApply', application('apply-twice'))),
      )
      expect(ok(twice[0]!).cardId).toBe(ok(twice[1]!).cardId)
      expect(await balanceOf(call, usd)).toBe(before)

      const confirm = { cardId: fresh.accountId, idempotencyKey: 'confirm-card-01' }
      const confirmed = ok(await call('cardApplicationConfirm', confirm))
      expect((confirmed.card as Card).accountStatusId).toBe(processing)
      const after = await balanceOf(call, usd)
      expect(Number(before) - Number(after)).toBeCloseTo(10, 2)
      ok(await call('cardApplicationConfirm', confirm))
      expect(await balanceOf(call, usd)).toBe(after)
      const other = await call('cardApplicationConfirm', {
        ...confirm,
        idempotencyKey: 'confirm-x-01',
      })
      expect(refusal(other).parameter).toBe('cardId')

      for (const status of [S.printing, S.printed, shipped]) {
        await nextIssuerStep(server)
        expect((await cardNamed(fresh.accountId)).accountStatusId).toBe(status)
      }
      await nextIssuerStep(server)
      expect((await cardNamed(fresh.accountId)).accountStatusId).toBe(shipped)
    })

    it('activates with the last four digits, returns the PIN once and takes the fee', async () => {
      const data = ok(await call('cardActivationDataGet', { accountId: fresh.accountId }))
      expect(data).toMatchObject({ fees: { issue: '3.00' }, feeCurrency: 'USD' })
      expect((data.extraParams as { name: string }[])[0]?.name).toBe('lastFourDigits')
      const digits = (await cardNamed(fresh.accountId)).maskedCardNumber!.slice(-4)
      const activate = (key: string, lastFourDigits: string) =>
        call('cardActivate', {
          accountId: fresh.accountId,
          idempotencyKey: key,
          extraParams: { lastFourDigits },
        })
      const wrong = digits === '0000' ? '1111' : '0000'
      expect(refusal(await activate('activate-01', wrong)).parameter).toBe(
        'extraParams.lastFourDigits',
      )
      const before = await balanceOf(call, usd)
      const activated = ok(await activate('activate-01', digits))
      expect(activated.pinCode).toMatch(/^\d{4}$/)
      expect((activated.card as Card).accountStatusId).toBe(S.active)
      expect(ok(await activate('activate-01', digits)).pinCode).toBe(activated.pinCode)
      expect(Number(before) - Number(await balanceOf(call, usd))).toBeCloseTo(3, 2)
      expect(refusal(await activate('activate-02', digits)).parameter).toBe('accountId')
    })

    it('changes the PIN and shows it only after the approval bound to the card', async () => {
      const accountId = fresh.accountId
      const change = { accountId, confirm: true, pin: '4821', pinRepeat: '4821' }
      expect(refusal(await call('cardPinChange', { ...change, pinRepeat: '4822' })).parameter).toBe(
        'pinRepeat',
      )
      ok(await call('cardPinChange', change))
      expect(ok(await call('cardPinShow', { accountId }))).toMatchObject({
        approveType: 0,
        pinCode: '4821',
      })

      await setApprovalMode(server, 'demo@nova.example', 'approvalCode')
      const shown = ok(await call('cardPinShow', { accountId }))
      expect(shown).toMatchObject({ approveType: 4 })
      expect(shown.pinCode).toBeUndefined()
      const operationId = shown.operationId as string
      const code = await lastCodeSentTo(server, 'demo@nova.example')
      expect(refusal(await call('cardPinGet', { accountId })).parameter).toBe('operationId')
      const wrongCode = code === '000000' ? '111111' : '000000'
      const get = (body: Record<string, unknown>) =>
        call('cardPinGet', { accountId, operationId, ...body })
      expect(refusal(await get({ approvalCode: wrongCode })).parameter).toBe('approvalCode')
      const debit = find((c) => c.type === 2020).accountId
      const elsewhere = await call('cardPinGet', {
        accountId: debit,
        operationId,
        approvalCode: code,
      })
      expect(refusal(elsewhere).parameter).toBe('operationId')
      expect(ok(await get({ approvalCode: code })).pinCode).toBe('4821')
      expect(refusal(await get({ approvalCode: code })).parameter).toBe('approvalCode')
      await setApprovalMode(server, 'demo@nova.example', 'simple')
    })

    it('loads an active card once per key and refuses the others', async () => {
      const virtual = find((c) => c.cardIsVirtual).accountId
      const load = (key: string, body: Record<string, unknown> = {}) =>
        call('cardLoad', {
          accountId: virtual,
          fromAccountId: usd,
          amount: '20.00',
          idempotencyKey: key,
          ...body,
        })
      const before = await balanceOf(call, usd)
      const first = ok(await load('load-card-01'))
      expect((first.card as Card).balance).toBe('170.00')
      const second = ok(await load('load-card-01'))
      expect(second.transactionId).toBe(first.transactionId)
      expect(await balanceOf(call, virtual)).toBe('170.00')
      expect(Number(before) - Number(await balanceOf(call, usd))).toBeCloseTo(20, 2)
      const together = await Promise.all(Array.from({ length: 5 }, () => load('load-card-05')))
      expect(new Set(together.map((reply) => ok(reply).transactionId)).size).toBe(1)
      expect(await balanceOf(call, virtual)).toBe('190.00')
      expect(refusal(await load('load-card-02', { amount: '0' })).parameter).toBe('amount')
      expect(refusal(await load('load-card-03', { fromAccountId: eur })).parameter).toBe(
        'fromAccountId',
      )
      expect(refusal(await load('load-card-01', { amount: '21.00' })).parameter).toBe(
        'idempotencyKey',
      )
      const onItsWay = find((c) => c.accountStatusId === shipped).accountId
      const refused = refusal(
        await load('load-card-04', { accountId: onItsWay, fromAccountId: eur }),
      )
      expect(refused).toMatchObject({
        parameter: 'accountId',
        description: expect.stringContaining('active'),
      })
    })

    it('pauses and unpauses by the rules, and renames', async () => {
      const debit = find((c) => c.type === 2020).accountId
      const paused = ok(await call('cardPause', { accountId: debit })).card as Card
      expect(paused.flags).toMatchObject({ canUnpause: true, canPause: false, canLoad: false })
      expect(refusal(await call('cardPause', { accountId: debit })).description).toContain(
        'active or expired',
      )
      ok(await call('cardUnpause', { accountId: debit }))
      expect(refusal(await call('cardUnpause', { accountId: debit })).description).toContain(
        'paused',
      )
      const renamed = ok(
        await call('cardAliasNameSet', { accountId: debit, cardAliasName: '  Daily   card ' }),
      )
      expect((renamed.card as Card).cardAliasName).toBe('Daily card')
      expect(refusal(await call('cardPause', { accountId: 999999 })).parameter).toBe('accountId')
    })

    it("refuses every section 4 rule on director@'s fraud card, and unpauses the paused one", async () => {
      const cards = await cardsOf(director)
      const fraud = cards.find((c) => c.accountStatusId === S.fraud)!
      expect(fraud.flags).toMatchObject({ canPause: false, canShowPin: false, canLoad: false })
      const accountId = fraud.accountId
      expect(refusal(await director('cardPause', { accountId })).description).toContain('fraud')
      expect(refusal(await director('cardPinShow', { accountId })).description).toContain('fraud')
      const pin = { accountId, confirm: true, pin: '1357', pinRepeat: '1357' }
      expect(refusal(await director('cardPinChange', pin)).description).toContain('fraud')
      const usdOfDirector = ok(await director('balanceInquiry')).accounts![0]!.accountId
      const load = {
        accountId,
        fromAccountId: usdOfDirector,
        amount: '1.00',
        idempotencyKey: 'load-fraud-1',
      }
      expect(refusal(await director('cardLoad', load)).description).toContain('fraud')
      const history = await director('transactionHistoryList', { accountId })
      expect(refusal(history).parameter).toBe('accountId')
      expect(refusal(await call('cardPause', { accountId })).description).toBe(
        'is not one of your cards',
      )
      const paused = cards.find((c) => c.accountStatusId === 71)!
      ok(await director('transactionHistoryList', { accountId: paused.accountId }))
      ok(await director('cardUnpause', { accountId: paused.accountId }))
    })

    it('reissues with express shipping once per key and upgrades standard shipping', async () => {
      const before = await balanceOf(call, usd)
      const reissue = {
        accountId: fresh.accountId,
        isExpressShipping: true,
        idempotencyKey: 'reissue-01',
      }
      const first = ok(await call('cardReissue', reissue))
      expect(first.fee).toEqual({ fee: '35.00', feeCurrencyCode: 'USD' })
      expect((first.card as Card).cardReissuedStatusId).toBe(processing)
      ok(await call('cardReissue', reissue))
      expect(Number(before) - Number(await balanceOf(call, usd))).toBeCloseTo(35, 2)
      expect(
        refusal(await call('cardReissue', { ...reissue, idempotencyKey: 'reissue-02' })).parameter,
      ).toBe('accountId')
      const upgrade = { accountId: fresh.accountId, idempotencyKey: 'upgrade-01' }
      expect(refusal(await call('cardShippingUpgrade', upgrade)).parameter).toBe('accountId')
      for (let step = 0; step < 3; step++) await nextIssuerStep(server)
      const replaced = await cardNamed(fresh.accountId)
      expect(replaced).toMatchObject({ accountStatusId: shipped, cardReissuedStatusId: shipped })

      const applied = ok(await call('cardApply', application('apply-card-02')))
      const cardId = applied.cardId as number
      ok(await call('cardApplicationConfirm', { cardId, idempotencyKey: 'confirm-card-02' }))
      const beforeUpgrade = await balanceOf(call, usd)
      const upgraded = ok(
        await call('cardShippingUpgrade', { accountId: cardId, idempotencyKey: 'upgrade-02' }),
      )
      expect(upgraded.fee).toEqual({ fee: '25.00', feeCurrencyCode: 'USD' })
      expect((upgraded.card as Card).flags.canUpgradeShipping).toBe(false)
      ok(await call('cardShippingUpgrade', { accountId: cardId, idempotencyKey: 'upgrade-02' }))
      expect(Number(beforeUpgrade) - Number(await balanceOf(call, usd))).toBeCloseTo(25, 2)
      const again = await call('cardShippingUpgrade', {
        accountId: cardId,
        idempotencyKey: 'upgrade-03',
      })
      expect(refusal(again).parameter).toBe('accountId')
    })

    const lastNotice = async () => {
      const [message] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'demo@nova.example'))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      return message?.subject
    }

    it('blocks a card for good with a cardClosed notice; nothing but reading it is left', async () => {
      const onItsWay = find((c) => c.accountStatusId === shipped).accountId
      const blocked = ok(await call('cardBlock', { accountId: onItsWay })).card as Card
      expect(blocked.accountStatusId).toBe(S.canceled)
      const { flags } = blocked
      expect(
        Object.entries(flags).filter(([key, value]) => key.startsWith('can') && value),
      ).toEqual([])
      expect(await lastNotice()).toBe('Card blocked')
      expect(refusal(await call('cardPause', { accountId: onItsWay })).code).toBe('CA')
      expect(refusal(await call('cardBlock', { accountId: onItsWay })).code).toBe('CA')
    })

    it('follows the issuer to fraud, limited and expired; expiry tells the customer', async () => {
      const virtual = find((c) => c.cardIsVirtual).accountId
      const drive = async (statusId: number) => {
        await server.db.transaction((tx) =>
          cardIssuer().report(tx as never, { accountId: virtual, statusId }),
        )
        await nextIssuerStep(server)
        return cardNamed(virtual)
      }
      expect((await drive(27)).flags).toMatchObject({ canLoad: false, historyAvailable: true })
      const expired = await drive(38)
      expect(expired.flags).toMatchObject({ isExpired: true, canPause: true })
      expect(await lastNotice()).toBe('Card expired')
      expect((await drive(S.fraud)).flags).toMatchObject({ canPause: false, canBlock: true })
    })

    it('waits in pending document when the customer is not verified', async () => {
      const [user] = await server.db
        .select()
        .from(users)
        .where(eq(users.username, 'demo@nova.example'))
      await server.db
        .update(customers)
        .set({ verified: false })
        .where(eq(customers.id, user!.customerId))
      const applied = ok(await call('cardApply', application('apply-card-03', { type: 2020 })))
      const cardId = applied.cardId as number
      ok(await call('cardApplicationConfirm', { cardId, idempotencyKey: 'confirm-card-03' }))
      const requirements = ok(await call('crossPlatformRequirementsGet', { accountId: cardId }))
      expect(requirements.requirements).toContain('identityVerification')
      await nextIssuerStep(server)
      expect((await cardNamed(cardId)).accountStatusId).toBe(65)
      await server.db
        .update(customers)
        .set({ verified: true })
        .where(eq(customers.id, user!.customerId))
      expect(
        refusal(await call('crossPlatformRequirementsGet', { accountId: 999999 })).parameter,
      ).toBe('accountId')
    })

    it('lists debit card authorisations of a settlement account only, and current account holds', async () => {
      const debit = ok(await call('debitCardAuthorizationList', { accountId: usd }))
      const merchants = (debit.authorizations as { merchantName?: string; amount: string }[]).map(
        (a) => a.amount,
      )
      expect(merchants).toEqual(expect.arrayContaining(['25.00', '4.50']))
      expect(debit.total).toBe(2)
      expect(refusal(await call('debitCardAuthorizationList', { accountId: eur })).parameter).toBe(
        'accountId',
      )
      const current = ok(await call('currentAccountAuthorizationList', { accountId: usd }))
      expect(current.authorizations).toEqual([
        expect.objectContaining({ amount: '25.00', currencyCode: 'USD' }),
      ])
      expect(ok(await call('currentAccountAuthorizationList', { accountId: eur })).total).toBe(0)
    })

    it('tells which cards an address in another country cancels or ships to the old one', async () => {
      const [user] = await server.db
        .select()
        .from(users)
        .where(eq(users.username, 'demo@nova.example'))
      const [address] = await server.db
        .select()
        .from(customerAddresses)
        .where(and(eq(customerAddresses.customerId, user!.customerId)))
      const check = (countryCode: string, oldAddressId = address!.id) =>
        call('addressReplacementCompatibilityCheck', { countryCode, oldAddressId })
      const moving = ok(await check('DE'))
      expect((moving.cardsToCancel as Card[]).length).toBe(0)
      expect((moving.cardsToShipToOldAddress as Card[]).length).toBeGreaterThan(0)
      const away = ok(await check('RU'))
      expect((away.cardsToCancel as Card[]).every((card) => !card.cardIsVirtual)).toBe(true)
      expect((away.cardsToCancel as Card[]).length).toBeGreaterThan(0)
      expect(refusal(await check('DE', 999999)).parameter).toBe('oldAddressId')
    })
  })
}
