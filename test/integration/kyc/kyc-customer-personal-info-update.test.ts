// kycCustomerPersonalInfoUpdate: the person's details asked for by profile-update (product-spec
// sections 2 and 5), saved and read back through kycCustomerInfoGet and getCustomerInfo (which
// no longer asks for the update); unknown countries and a birthday to come are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { ok } from './document-upload-support.ts'

const details = {
  firstName: 'Pat',
  lastName: 'Update Jones',
  birthDay: '1985-07-14',
  birthCountryCode: 'IE',
  birthCity: 'Cork',
  citizenshipCountryCodes: ['IE', 'GB'],
  residenceCountryCode: 'GB',
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('profile-update@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    it('saves the details and clears the need for an update', async () => {
      const before = await ok(server.post('/rpc/getCustomerInfo', {}, token))
      expect(before.customer).toMatchObject({ isNeedPersonalInfoUpdate: true })
      const body = await ok(server.post('/rpc/kycCustomerPersonalInfoUpdate', details, token))
      expect(body.kycCustomerInfo).toMatchObject(details)
      const after = await ok(server.post('/rpc/getCustomerInfo', {}, token))
      expect(after.customer).toMatchObject({
        firstName: 'Pat',
        isNeedPersonalInfoUpdate: false,
      })
    })

    const refusals: [string, { given: Record<string, unknown>; named: string[] }][] = [
      [
        'a residence outside the dictionary',
        { given: { residenceCountryCode: 'ZZ' }, named: ['residenceCountryCode'] },
      ],
      [
        'an unknown citizenship',
        { given: { citizenshipCountryCodes: ['GB', 'QQ'] }, named: ['citizenshipCountryCodes.1'] },
      ],
      ['a birthday to come', { given: { birthDay: '2999-01-01' }, named: ['birthDay'] }],
      ['a name with doubled spaces', { given: { firstName: 'Pat  Sam' }, named: ['firstName'] }],
    ]
    it.each(refusals)('refuses %s with VF naming it', async (_n, c) => {
      const reply = await server.post(
        '/rpc/kycCustomerPersonalInfoUpdate',
        { ...details, ...c.given },
        token,
      )
      expect(failedParameters(reply)).toEqual(c.named)
    })
  })
}
