// A multipart body that cannot be read (src/server/rpc/multipart-body.ts, issue 11) is the
// client's mistake: VF naming body, HTTP 200 on RPC and 400 on REST, on every route - a
// truncated body, a missing or wrong boundary, too many files, a file over the limit. Before,
// busboy's plain Error carried no status and the error handler answered 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  replyOf,
  startServer,
  type TestServer,
} from '../server-harness.ts'

const boundary = 'hostile-boundary'
const onePart = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello`

const brokenBodies: [string, { contentType: string; body: string }][] = [
  ['a truncated body', { contentType: `multipart/form-data; boundary=${boundary}`, body: onePart }],
  [
    'a body cut inside a part header',
    {
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: `--${boundary}\r\nContent-Disposition: form-da`,
    },
  ],
  ['no boundary', { contentType: 'multipart/form-data', body: `${onePart}\r\n--${boundary}--` }],
  [
    'another boundary than the body uses',
    {
      contentType: 'multipart/form-data; boundary=other',
      body: `${onePart}\r\n--${boundary}--\r\n`,
    },
  ],
]

const routes: [string, { path: string; status: number }][] = [
  ['RPC /rpc/ping', { path: '/rpc/ping', status: 200 }],
  ['RPC /rpc/logoCreate', { path: '/rpc/logoCreate', status: 200 }],
  ['the legacy form', { path: '/api?method=ping', status: 200 }],
  ['REST /auth/login', { path: '/auth/login', status: 400 }],
]

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('business@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const post = async (path: string, body: BodyInit, contentType?: string) =>
      replyOf(
        await fetch(`${server.baseUrl}${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            ...(contentType ? { 'content-type': contentType } : {}),
          },
          body,
        }),
      )

    for (const [route, { path, status }] of routes) {
      it.each(brokenBodies)(`answers %s on ${route} with VF naming body`, async (_name, given) => {
        const reply = await post(path, given.body, given.contentType)
        expect(reply.status, reply.text).toBe(status)
        expect(reply.body.responseCode).toBe('VF')
        expect(failedParameters(reply)).toEqual(['body'])
      })
    }

    it('answers more files than allowed with VF naming body', async () => {
      const form = new FormData()
      form.append('data', JSON.stringify({ name: 'Too many' }))
      for (let i = 0; i < 11; i++) form.append('file[]', new Blob(['x']), `logo-${i}.png`)
      const reply = await post('/rpc/logoCreate', form)
      expect(reply.status).toBe(200)
      expect(reply.body.errors).toEqual([{ parameter: 'body', description: 'has too many files' }])
    })

    it('answers a file over the size limit with VF naming body', async () => {
      const form = new FormData()
      form.append('data', JSON.stringify({ name: 'Too big' }))
      form.append('file[]', new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), 'big.png')
      const reply = await post('/rpc/logoCreate', form)
      expect(reply.status).toBe(200)
      expect(reply.body.errors).toEqual([
        { parameter: 'body', description: 'holds a file larger than allowed' },
      ])
    })

    it('still reads a complete multipart body', async () => {
      const reply = await post(
        '/rpc/ping',
        `${onePart}\r\n--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
      )
      expect(reply.status).toBe(200)
      // ping takes no fields: the part reached validation, which names it.
      expect(failedParameters(reply)).toEqual(['note'])
    })
  })
}
