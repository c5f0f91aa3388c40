// logoList, logoCreate, logoGet, logoUpdate, logoDelete: the business logos of the merchant
// tools (product-spec section 3, Merchant: Logo). Uploads travel as real multipart requests
// (data JSON plus file[]), and what a client sees is checked: the files accepted by content,
// exactly one default logo, and the default moving on update and delete. SVGs that could run
// script or reach outside themselves are refused; a passive one is stored cleaned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type JsonBody,
  type Reply,
  type TestServer,
} from '../server-harness.ts'

interface Logo {
  id: number
  name: string
  isDefault: boolean
  contentType?: string
  sizeBytes?: number
  file?: string
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])
const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')
/** The form the server stores that SVG in: the prolog goes, the drawing stays. */
const storedSvg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')
const svgNs = 'xmlns="http://www.w3.org/2000/svg"'

/** The SVGs of the issue 11 security test and of the filter before it, each with its reason. */
const hostileSvgs: [string, string, string][] = [
  [
    'set.svg',
    `<svg ${svgNs}><set attributeName="onload" to="alert(1)"/></svg>`,
    'contains animation',
  ],
  [
    'animate.svg',
    `<svg ${svgNs}><a href="#a"><animate attributeName="href" to="javascript:alert(1)"/></a></svg>`,
    'contains animation',
  ],
  [
    'entity.svg',
    `<svg ${svgNs}><a href="&#106;avascript:alert(1)"><rect/></a></svg>`,
    'links to javascript: URLs',
  ],
  [
    'image.svg',
    `<svg ${svgNs}><image href="https://tracker.example/p.png"/></svg>`,
    'refers to content outside itself',
  ],
  [
    'use.svg',
    `<svg ${svgNs}><use href="https://evil.example/s.svg#x"/></svg>`,
    'refers to content outside itself',
  ],
  [
    'import.svg',
    `<svg ${svgNs}><style>@import url(https://evil.example/x.css);</style></svg>`,
    'has a style sheet that imports others',
  ],
  [
    'stylesheet.svg',
    `<?xml-stylesheet type="text/css" href="https://evil.example/x.css"?><svg ${svgNs}/>`,
    'contains processing instructions',
  ],
  ['script.svg', `<svg ${svgNs}><script>alert(1)</script></svg>`, 'contains a script'],
  [
    'foreign.svg',
    `<svg ${svgNs}><foreignObject><div>x</div></foreignObject></svg>`,
    'embeds foreign content',
  ],
  ['onload.svg', `<svg ${svgNs} onload="alert(1)"/>`, 'has event handler attributes'],
]

interface UploadFile {
  name: string
  type: string
  bytes: Buffer
}

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

    const upload = async (
      data: Record<string, unknown>,
      files: UploadFile[],
      bearer: string | null = token,
    ): Promise<Reply> => {
      const form = new FormData()
      form.append('data', JSON.stringify(data))
      for (const file of files) {
        form.append(
          'file[]',
          new Blob([new Uint8Array(file.bytes)], { type: file.type }),
          file.name,
        )
      }
      const headers: Record<string, string> = {}
      if (bearer) headers.authorization = `Bearer ${bearer}`
      const response = await fetch(`${server.baseUrl}/rpc/logoCreate`, {
        method: 'POST',
        headers,
        body: form,
      })
      const text = await response.text()
      return {
        status: response.status,
        headers: response.headers,
        text,
        body: JSON.parse(text) as JsonBody,
      }
    }

    const list = async (as = token, body: Record<string, unknown> = {}) => {
      const reply = await server.post('/rpc/logoList', body, as)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return { logos: reply.body.logos as Logo[], total: reply.body.total as number }
    }

    const defaults = (logos: Logo[]) => logos.filter((logo) => logo.isDefault).map((l) => l.name)

    it('lists the demo logos, the default first, without the images', async () => {
      const { logos, total } = await list()
      expect(total).toBe(2)
      expect(logos.map((logo) => [logo.name, logo.isDefault, logo.contentType])).toEqual([
        ['Northwind mark', true, 'image/png'],
        ['Northwind wordmark', false, 'image/svg+xml'],
      ])
      expect(logos.every((logo) => logo.file === undefined)).toBe(true)
    })

    it('uploads PNG, JPEG and SVG files, typed by their bytes, and answers them in logoGet', async () => {
      const reply = await upload({ name: 'Spring campaign' }, [
        { name: 'a.png', type: 'image/png', bytes: png },
        // The client's claimed type is ignored: these bytes are a JPEG.
        { name: 'b.bin', type: 'application/octet-stream', bytes: jpeg },
        { name: 'c.svg', type: 'image/svg+xml', bytes: svg },
      ])
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const created = reply.body.logos as Logo[]
      expect(created.map((logo) => [logo.name, logo.contentType, logo.sizeBytes])).toEqual([
        ['Spring campaign', 'image/png', png.length],
        ['Spring campaign (2)', 'image/jpeg', jpeg.length],
        ['Spring campaign (3)', 'image/svg+xml', storedSvg.length],
      ])
      expect(created.every((logo) => !logo.isDefault)).toBe(true)

      const got = await server.post('/rpc/logoGet', { id: created[0]?.id }, token)
      expect((got.body.logo as Logo).file).toBe(`data:image/png;base64,${png.toString('base64')}`)
      expect((await list()).total).toBe(5)
    })

    it('refuses a file that is not an image with VF naming the file part, storing nothing', async () => {
      const before = (await list()).total
      const reply = await upload({ name: 'Bad' }, [
        { name: 'ok.png', type: 'image/png', bytes: png },
        { name: 'notes.png', type: 'image/png', bytes: Buffer.from('just some text') },
      ])
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['file[].1'])
      expect(reply.body.errors?.[0]?.description).toContain('notes.png')
      expect((await list()).total).toBe(before)
    })

    it('refuses an SVG with a script and a file over 2 MB', async () => {
      const scripted = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      )
      const large = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])
      const reply = await upload({ name: 'Bad' }, [
        { name: 'evil.svg', type: 'image/svg+xml', bytes: scripted },
        { name: 'huge.png', type: 'image/png', bytes: large },
      ])
      expect(reply.body.responseCode).toBe('VF')
      expect(reply.body.errors).toEqual([
        { parameter: 'file[].0', description: 'evil.svg is an SVG that contains a script' },
        { parameter: 'file[].1', description: 'huge.png is larger than 2 MB' },
      ])
    })

    it('refuses each SVG that could run script or reach outside itself, naming file and reason', async () => {
      const before = (await list()).total
      const reply = await upload(
        { name: 'Hostile' },
        hostileSvgs.map(([name, text]) => ({
          name,
          type: 'image/svg+xml',
          bytes: Buffer.from(text),
        })),
      )
      expect(reply.body.responseCode).toBe('VF')
      expect(reply.body.errors).toEqual(
        hostileSvgs.map(([name, , reason], index) => ({
          parameter: `file[].${index}`,
          description: `${name} is an SVG that ${reason}`,
        })),
      )
      expect((await list()).total).toBe(before)
    })

    it('stores an SVG in its cleaned form, which logoGet answers with nosniff', async () => {
      const uploaded =
        '<?xml version="1.0"?>\n<!-- Created with Inkscape -->\n' +
        `<svg ${svgNs} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" ` +
        'inkscape:version="1.3" viewBox="0 0 40 10"><metadata><x:y xmlns:x="urn:x"/></metadata>' +
        '<linearGradient id="g"><stop offset="0" stop-color="#0b5fff"/></linearGradient>' +
        '<rect width="40" height="10" fill="url(#g)"/><text x="2" y="8">Nova &amp; Co</text></svg>'
      const stored =
        `<svg ${svgNs} viewBox="0 0 40 10"><metadata/>` +
        '<linearGradient id="g"><stop offset="0" stop-color="#0b5fff"/></linearGradient>' +
        '<rect width="40" height="10" fill="url(#g)"/><text x="2" y="8">Nova &amp; Co</text></svg>'
      const reply = await upload({ name: 'Inkscape export' }, [
        { name: 'logo.svg', type: 'image/svg+xml', bytes: Buffer.from(uploaded) },
      ])
      expect(reply.body.responseCode, reply.text).toBe('00')
      const [created] = reply.body.logos as Logo[]
      expect(created).toMatchObject({ contentType: 'image/svg+xml', sizeBytes: stored.length })

      const got = await server.post('/rpc/logoGet', { id: created?.id }, token)
      expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(got.headers.get('x-content-type-options')).toBe('nosniff')
      const file = (got.body.logo as Logo).file ?? ''
      const prefix = 'data:image/svg+xml;base64,'
      expect(file.startsWith(prefix)).toBe(true)
      expect(Buffer.from(file.slice(prefix.length), 'base64').toString('utf8')).toBe(stored)

      // The image itself, as a payment page loads it: no sign-in, its own type, sandboxed.
      const image = await fetch(`${server.baseUrl}/merchant-logos/${created?.id}`)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/svg+xml')
      expect(image.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/)
      expect(image.headers.get('x-content-type-options')).toBe('nosniff')
      expect(image.headers.get('content-disposition')).toBe(
        'inline; filename="Inkscape_export.svg"',
      )
      expect(await image.text()).toBe(stored)
    })

    it('answers 404 for a logo nobody has and VF naming logoId for what is no id', async () => {
      const missing = await fetch(`${server.baseUrl}/merchant-logos/2147483647`)
      expect(missing.status).toBe(404)
      expect(await missing.json()).toEqual({ message: 'No logo has this id.' })
      const bad = await fetch(`${server.baseUrl}/merchant-logos/2147483648`)
      expect(bad.status).toBe(400)
      expect((await bad.json()).errors).toEqual([
        { parameter: 'logoId', description: 'must be an id' },
      ])
    })

    it('refuses an upload without files or a name with VF naming the part', async () => {
      const noFile = await upload({ name: 'Nothing' }, [])
      expect(noFile.body.responseCode).toBe('VF')
      expect(failedParameters(noFile)).toEqual(['file[]'])
      const noName = await upload({}, [{ name: 'a.png', type: 'image/png', bytes: png }])
      expect(noName.body.responseCode).toBe('VF')
      expect(failedParameters(noName)).toEqual(['data.name'])
    })

    it('moves the default on upload, on update, and to the newest logo when it is deleted', async () => {
      const created = await upload({ name: 'New default', isDefault: true }, [
        { name: 'd.png', type: 'image/png', bytes: png },
      ])
      const newDefault = (created.body.logos as Logo[])[0]!
      expect(newDefault.isDefault).toBe(true)
      expect(defaults((await list()).logos)).toEqual(['New default'])

      const mark = (await list()).logos.find((logo) => logo.name === 'Northwind mark')!
      const updated = await server.post('/rpc/logoUpdate', { id: mark.id, isDefault: true }, token)
      expect(updated.body.logo).toMatchObject({ id: mark.id, isDefault: true })
      expect(defaults((await list()).logos)).toEqual(['Northwind mark'])

      const deleted = await server.post('/rpc/logoDelete', { id: mark.id }, token)
      expect(deleted.body.responseCode).toBe('00')
      const after = await list()
      expect(after.logos.some((logo) => logo.id === mark.id)).toBe(false)
      expect(defaults(after.logos)).toEqual(['New default'])
    })

    it('renames a logo, and refuses to unset the default without naming another', async () => {
      const current = (await list()).logos.find((logo) => logo.isDefault)!
      const renamed = await server.post('/rpc/logoUpdate', { id: current.id, name: 'Main' }, token)
      expect(renamed.body.logo).toMatchObject({ id: current.id, name: 'Main', isDefault: true })
      const unset = await server.post(
        '/rpc/logoUpdate',
        { id: current.id, isDefault: false },
        token,
      )
      expect(unset.body.responseCode).toBe('VF')
      expect(failedParameters(unset)).toEqual(['isDefault'])
      const onlyId = await server.post('/rpc/logoUpdate', { id: current.id }, token)
      expect(onlyId.body.responseCode).toBe('VF')
    })

    it('makes a merchant’s first logo the default, and keeps merchants apart', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      expect((await list(demo)).total).toBe(0)
      const reply = await upload(
        { name: 'Mine' },
        [{ name: 'a.svg', type: 'image/svg+xml', bytes: svg }],
        demo,
      )
      expect((reply.body.logos as Logo[])[0]?.isDefault).toBe(true)
      const theirs = (await list()).logos[0]!
      for (const path of ['/rpc/logoGet', '/rpc/logoDelete']) {
        const denied = await server.post(path, { id: theirs.id }, demo)
        expect(denied.body.responseCode).toBe('VF')
        expect(failedParameters(denied)).toEqual(['id'])
      }
      expect((await list()).logos.map((logo) => logo.id)).toContain(theirs.id)
    })

    it('pages the list', async () => {
      const { total } = await list()
      const second = await list(token, { pageNumber: 2, pageSize: 2 })
      expect(second.total).toBe(total)
      expect(second.logos).toHaveLength(Math.min(2, total - 2))
      expect((await list(token, { pageNumber: 1_000_000_000, pageSize: 1000 })).logos).toEqual([])
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/logoList', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
      const uploaded = await upload(
        { name: 'x' },
        [{ name: 'a.png', type: 'image/png', bytes: png }],
        null,
      )
      expect(uploaded.status).toBe(401)
      expect(uploaded.body.responseCode).toBe('AU')
    })
  })
}
