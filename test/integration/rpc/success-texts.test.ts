// Success texts and REST messages in the reader's language (issue 16, docs/decisions.md
// "Success texts in the reader's language (issue 16)"): a success's responseDescription reads
// in the language of the call's envelope, a retry of the same key in the retry's own, and a
// REST message in the first language of Accept-Language; a caller that names none reads
// English, as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeChallengeS256, createCodeVerifier } from '../../../src/shared/pkce.ts'
import { historyCsvPathPrefix } from '../../../src/server/history/history-csv-link.ts'
import { databaseTargets, replyOf, startServer, type TestServer } from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const call = (operationId: string, body: Record<string, unknown>) =>
      server.post(`/rpc/${operationId}`, body, token)

    /** A REST call as a browser in that language makes it. */
    const rest = async (method: string, path: string, lang: string, body?: unknown) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        'accept-language': `${lang};q=1, en;q=0.5`,
      }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const json = body === undefined ? undefined : JSON.stringify(body)
      return replyOf(await fetch(new URL(path, server.baseUrl), { method, headers, body: json }))
    }

    it('reads a transfer submit in the envelope language, and a retry in its own', async () => {
      const accounts = (await call('balanceInquiry', {})).body.accounts ?? []
      const idOf = (code: string) => accounts.find((a) => a.currencyCode === code)!.accountId
      const transfer = {
        toAmount: '10.00',
        fromAccount: idOf('USD'),
        toAccount: idOf('EUR'),
        idempotencyKey: 'success-texts-1',
      }
      const spanish = await call('betweenAccountsTransferSubmit', { ...transfer, lang: 'es' })
      expect(spanish.body).toMatchObject({
        responseCode: '00',
        responseDescription: 'Enviado correctamente',
      })
      const russian = await call('betweenAccountsTransferSubmit', { ...transfer, lang: 'ru' })
      expect(russian.body).toEqual({ ...spanish.body, responseDescription: 'Успешно отправлено' })
      const english = await call('betweenAccountsTransferSubmit', transfer)
      expect(english.body).toEqual({
        ...spanish.body,
        responseDescription: 'Successfully submitted',
      })
    })

    it('reads the blacklist text with its e-mail in Russian and in Spanish', async () => {
      const russian = await call('blacklistAdd', {
        email: 'Lista@Mail.Example',
        blockType: 1,
        lang: 'ru',
      })
      expect(russian.body).toEqual({
        responseCode: '00',
        responseDescription: 'Пользователь с e-mail lista@mail.example добавлен в чёрный список',
        user: { email: 'lista@mail.example', blockType: 1 },
      })
      const spanish = await call('blacklistAdd', {
        email: 'otra@mail.example',
        blockType: 1,
        lang: 'es',
      })
      expect(spanish.body.responseDescription).toBe(
        'El usuario con el correo otra@mail.example se ha añadido a la lista negra',
      )
    })

    it('reads the OAuth client refusal and the expired download links in the reader language', async () => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: 'nobody',
        redirect_uri: 'http://localhost:4000/callback',
        code_challenge: await codeChallengeS256(createCodeVerifier()),
        code_challenge_method: 'S256',
      })
      const client = await rest('GET', `/auth/sei/authorize?${query.toString()}`, 'ru')
      expect(client.status).toBe(404)
      expect(client.body).toEqual({
        message: 'Неизвестный клиент или адрес перенаправления, который клиент не регистрировал.',
      })
      const csv = await rest('GET', `${historyCsvPathPrefix}${'x'.repeat(60)}`, 'es')
      expect(csv.status).toBe(404)
      expect(csv.body).toEqual({
        message: 'No existe ese archivo o su enlace ha caducado; solicite un enlace nuevo.',
      })
      const pdf = await rest('GET', `/pdf/api/files/${'y'.repeat(40)}`, 'ru')
      expect(pdf.status).toBe(404)
      expect(pdf.body.message).toBe(
        'Такого файла нет, или срок действия ссылки истёк; запросите новую ссылку.',
      )
      const logo = await rest('GET', '/merchant-logos/999999', 'es')
      expect(logo.status).toBe(404)
      expect(logo.body).toEqual({ message: 'Ningún logotipo tiene este identificador.' })
    })

    it('reads the PDF generator and identity check refusals in the reader language', async () => {
      const unknown = await rest('POST', '/pdf/api/generator_pdf/noSuchLetter', 'ru', { data: {} })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual({ message: 'Шаблона «noSuchLetter» нет.' })
      const foreign = await rest('POST', '/pdf/api/generator_pdf/accountConfirmation', 'es', {
        data: { accountId: 999_999 },
      })
      expect(foreign.status).toBe(422)
      expect(foreign.body).toEqual({ message: 'accountId no es una de sus cuentas.' })
      const verified = await rest('POST', '/identity-verification', 'ru', {})
      expect(verified.status).toBe(422)
      expect(verified.body).toEqual({
        message: 'Клиент уже проверен; проверка личности не нужна.',
      })
      const english = await server.post('/identity-verification', {}, token)
      expect(english.body.message).toBe(
        'The customer is already verified; no identity check is needed.',
      )
    })
  })
}
