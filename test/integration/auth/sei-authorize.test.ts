// The sei OAuth authorization (product-spec sections 2, 7 and 8): the request is checked
// against the registered client, the user grants it, and the client exchanges the code of
// redirect_uri with its PKCE verifier for tokens of the user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeChallengeS256, createCodeVerifier } from '../../../src/shared/pkce.ts'
import { databaseTargets, failedParameters } from '../server-harness.ts'
import { startAuthServer, type AuthServer } from './auth-server.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: AuthServer
    let token: string
    beforeAll(async () => {
      server = await startAuthServer(target)
      const { verifier, reply } = await server.login('demo@nova.example')
      const tokens = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      token = String(tokens.body.accessToken)
    })
    afterAll(async () => {
      await server?.close()
    })

    async function authorize(
      overrides: Record<string, string> = {},
      verifier = createCodeVerifier(),
    ) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: 'sei-demo',
        redirect_uri: 'http://localhost:4000/callback',
        state: 'xyz-123',
        code_challenge: await codeChallengeS256(verifier),
        code_challenge_method: 'S256',
        ...overrides,
      })
      return server.call('GET', `/auth/sei/authorize?${query.toString()}`, undefined, { token })
    }

    it('grants an authorization whose code the client exchanges once with its verifier', async () => {
      const verifier = createCodeVerifier()
      const asked = await authorize({}, verifier)
      expect(asked.status, asked.text).toBe(200)
      const authorizationId = String(asked.body.authorizeUrl).split('/').pop()
      expect(String(asked.body.authorizeUrl)).toMatch(/^\/oauth\/authorize\/[A-Za-z0-9_-]+$/)
      const granted = await server.call(
        'POST',
        `/auth/sei/authorize/${authorizationId}`,
        undefined,
        { token },
      )
      expect(granted.status, granted.text).toBe(200)
      const redirect = new URL(String(granted.body.redirect_uri))
      expect(redirect.origin + redirect.pathname).toBe('http://localhost:4000/callback')
      expect(redirect.searchParams.get('state')).toBe('xyz-123')
      const code = redirect.searchParams.get('code')
      const wrong = await server.call('POST', '/auth/token', {
        code,
        codeVerifier: createCodeVerifier(),
      })
      expect(wrong.status).toBe(403)
      const tokens = await server.call('POST', '/auth/token', { code, codeVerifier: verifier })
      expect(tokens.status, tokens.text).toBe(200)
      const again = await server.call('POST', `/auth/sei/authorize/${authorizationId}`, undefined, {
        token,
      })
      expect(again.status).toBe(404)
    })

    it('answers 404 for an unknown client or an unregistered redirect URI', async () => {
      expect((await authorize({ client_id: 'nobody' })).status).toBe(404)
      const other = await authorize({ redirect_uri: 'https://evil.example/callback' })
      expect(other.status).toBe(404)
      expect(other.body.message).toMatch(/redirect URI/)
    })

    it('refuses the plain method and a missing challenge, naming them', async () => {
      const plain = await authorize({ code_challenge_method: 'plain' })
      expect(plain.status).toBe(400)
      expect(failedParameters(plain)).toEqual(['code_challenge_method'])
      const short = await authorize({ code_challenge: 'abc' })
      expect(failedParameters(short)).toEqual(['code_challenge'])
    })

    it("does not let another user grant someone's authorization", async () => {
      const asked = await authorize()
      const authorizationId = String(asked.body.authorizeUrl).split('/').pop()
      const { verifier, reply } = await server.login('devices@nova.example')
      const other = await server.call('POST', '/auth/token', {
        code: reply.body.code,
        codeVerifier: verifier,
      })
      const reply2 = await server.call(
        'POST',
        `/auth/sei/authorize/${authorizationId}`,
        undefined,
        {
          token: String(other.body.accessToken),
        },
      )
      expect(reply2.status).toBe(404)
    })
  })
}
