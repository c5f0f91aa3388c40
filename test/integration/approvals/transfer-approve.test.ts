// Approval of a transfer by code (product-spec section 4; DESIGN.md section 11): with the sms
// mode a submit holds the money and sends a code; the right code posts the hold, once; a wrong
// code is refused and counts; a re-sent code replaces the old one; a code stops working when
// the transfer it was issued for changes; and the approvalCode mode sends a code only on request.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transferOrders } from '../../../src/server/db/schema-transfers.ts'
import { users } from '../../../src/server/db/schema.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { authFactors } from '../../../src/server/db/schema-auth.ts'
import { sealTotpSecret } from '../../../src/server/auth/factors.ts'
import { totpAt } from '../../../src/server/auth/totp.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf, lastCodeSentTo, setApprovalMode } from '../transfers/transfer-test-kit.ts'

const phone = '+447700900123'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let ids: Record<string, number>
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      ids = (await balancesOf(server, token)).ids as Record<string, number>
      await setApprovalMode(server, 'demo@nova.example', 'sms')
    })
    afterAll(async () => {
      await server?.close()
    })
    const submit = async (key: string, amount = '50.00') => {
      const reply = await server.post(
        '/rpc/betweenAccountsTransferSubmit',
        { toAmount: amount, fromAccount: ids.USD, toAccount: ids.EUR, idempotencyKey: key },
        token,
      )
      return reply
    }
    const approve = (trxid: unknown, approvalCode: string, idempotencyKey: string) =>
      server.post('/rpc/transferApprove', { trxid, approvalCode, idempotencyKey }, token)

    it('holds the money, sends an SMS code, and posts the hold on the right code once', async () => {
      const reply = await submit('sms-approve-1')
      expect(reply.body).toMatchObject({
        responseCode: '00',
        approveType: 2,
        approvalSentTo: '+44*******123',
        operationId: String(reply.body.transactionId),
      })
      const held = await balancesOf(server, token)
      expect(held.balance.USD).toBe('1250.75')
      expect(held.pending.USD).toBe('-75.00')
      const code = await lastCodeSentTo(server, phone)
      const wrong = await approve(
        reply.body.transactionId,
        code === '000000' ? '111111' : '000000',
        'approve-wrong',
      )
      expect(failedParameters(wrong)).toEqual(['approvalCode'])
      const first = await approve(reply.body.transactionId, code, 'approve-1')
      expect(first.body).toMatchObject({
        responseCode: '00',
        transactionId: reply.body.transactionId,
      })
      const again = await approve(reply.body.transactionId, code, 'approve-1')
      expect(again.body).toEqual(first.body)
      const done = await balancesOf(server, token)
      expect(done.balance.USD).toBe('1200.75')
      expect(done.pending.USD).toBe('-25.00')
      const other = await approve(reply.body.transactionId, code, 'approve-other-key')
      expect(failedParameters(other)).toEqual(['trxid'])
    })

    it('refuses the old code after a re-send, and takes the new one', async () => {
      const reply = await submit('sms-resend-1', '10.00')
      const oldCode = await lastCodeSentTo(server, phone)
      const resent = await server.post(
        '/rpc/transferApprovalResend',
        { trxid: reply.body.transactionId },
        token,
      )
      expect(resent.body).toMatchObject({ responseCode: '00', approvalSentTo: '+44*******123' })
      const newCode = await lastCodeSentTo(server, phone)
      if (oldCode !== newCode) {
        const old = await approve(reply.body.transactionId, oldCode, 'resend-old')
        expect(failedParameters(old)).toEqual(['approvalCode'])
      }
      const ok = await approve(reply.body.transactionId, newCode, 'resend-new')
      expect(ok.body.responseCode).toBe('00')
    })

    it('refuses a code once the transfer it was issued for has changed (dynamic linking)', async () => {
      const reply = await submit('sms-changed-1', '5.00')
      const code = await lastCodeSentTo(server, phone)
      await server.db
        .update(transferOrders)
        .set({ toAmountMinor: 1n })
        .where(eq(transferOrders.id, reply.body.transactionId as number))
      const refused = await approve(reply.body.transactionId, code, 'changed-1')
      expect(failedParameters(refused)).toEqual(['approvalCode'])
      expect((await balancesOf(server, token)).pending.USD).toBe('-30.00')
    })

    it('cancels the code after five wrong tries', async () => {
      const reply = await submit('sms-locked-1', '1.00')
      const code = await lastCodeSentTo(server, phone)
      const wrongCode = code === '000000' ? '111111' : '000000'
      for (let attempt = 1; attempt <= 5; attempt++) {
        await approve(reply.body.transactionId, wrongCode, `locked-wrong-${attempt}`)
      }
      const late = await approve(reply.body.transactionId, code, 'locked-right')
      expect(failedParameters(late)).toEqual(['approvalCode'])
      expect(late.body.responseDescription).toContain('Confirmation canceled')
    })

    it('sends no code in the approvalCode mode until the customer asks for one', async () => {
      await setApprovalMode(server, 'demo@nova.example', 'approvalCode')
      const reply = await submit('code-mode-1', '2.00')
      expect(reply.body).toMatchObject({ responseCode: '00', approveType: 4 })
      expect(reply.body.approvalSentTo).toBeUndefined()
      const early = await approve(reply.body.transactionId, '123456', 'code-mode-early')
      expect(failedParameters(early)).toEqual(['approvalCode'])
      const requested = await server.post('/rpc/approvalCodeRequest', {}, token)
      expect(requested.body).toMatchObject({
        responseCode: '00',
        approvalSentTo: 'd****@nova.example',
      })
      const first = await lastCodeSentTo(server, 'demo@nova.example')
      const generated = await server.post('/rpc/approvalCodeGenerate', {}, token)
      expect(generated.body.responseCode).toBe('00')
      const second = await lastCodeSentTo(server, 'demo@nova.example')
      if (first !== second) {
        expect(
          failedParameters(await approve(reply.body.transactionId, first, 'code-mode-first')),
        ).toEqual(['approvalCode'])
      }
      const ok = await approve(reply.body.transactionId, second, 'code-mode-second')
      expect(ok.body.responseCode).toBe('00')
      const business = (await server.signIn('admin@nova.example')).accessToken
      const none = await server.post('/rpc/approvalCodeRequest', {}, business)
      expect(none.body.responseCode).toBe('TA1')
      await setApprovalMode(server, 'demo@nova.example', 'sms')
    })

    it('takes the authenticator app code in the otp mode, sends nothing, and binds the orders', async () => {
      const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
      const [user] = await server.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, 'demo@nova.example'))
      const totpSecretSealed = await sealTotpSecret(server.db, user!.id, secret)
      await server.db
        .insert(authFactors)
        .values({ userId: user!.id, totpSecretSealed })
        .onConflictDoUpdate({ target: authFactors.userId, set: { totpSecretSealed } })
      await setApprovalMode(server, 'demo@nova.example', 'otp')
      try {
        const sentToDemo = async () =>
          (
            await server.db
              .select({ id: outboxMessages.id })
              .from(outboxMessages)
              .where(eq(outboxMessages.recipient, 'demo@nova.example'))
          ).length
        const mailBefore = await sentToDemo()
        const reply = await submit('otp-mode-1', '3.00')
        expect(reply.body).toMatchObject({ responseCode: '00', approveType: 3 })
        expect(reply.body.approvalSentTo).toBeUndefined()
        expect(await sentToDemo()).toBe(mailBefore)
        const now = totpAt(secret, Date.now())
        const wrong = await approve(
          reply.body.transactionId,
          now === '000000' ? '111111' : '000000',
          'otp-wrong',
        )
        expect(failedParameters(wrong)).toEqual(['approvalCode'])
        const ok = await approve(
          reply.body.transactionId,
          totpAt(secret, Date.now()),
          'otp-approve-ok',
        )
        expect(ok.body.responseCode).toBe('00')
        // A changed order is refused even with the app's right code.
        const second = await submit('otp-mode-2', '4.00')
        await server.db
          .update(transferOrders)
          .set({ toAmountMinor: 1n })
          .where(eq(transferOrders.id, second.body.transactionId as number))
        const changed = await approve(
          second.body.transactionId,
          totpAt(secret, Date.now()),
          'otp-changed',
        )
        expect(failedParameters(changed)).toEqual(['approvalCode'])
      } finally {
        await server.db.delete(authFactors).where(eq(authFactors.userId, user!.id))
        await setApprovalMode(server, 'demo@nova.example', 'sms')
      }
    })
  })
}
