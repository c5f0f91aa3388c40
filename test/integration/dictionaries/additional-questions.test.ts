// additionalQuestions: the business registration's additional questions, transformed by id as
// product-spec section 3 says (the transform itself: test/unit/server/dictionaries/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import type { components } from '../../../src/generated/api.d.ts'

type Question = components['schemas']['AdditionalQuestion']

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let questions: Question[]
    beforeAll(async () => {
      server = await startServer(target)
      const reply = await server.post('/rpc/additionalQuestions', {})
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      questions = reply.body.additionalQuestions as Question[]
    })
    afterAll(async () => {
      await server?.close()
    })

    const byId = (id: string) => questions.find((question) => question.id === id)

    it.each(['anotherAccount', 'businessAnotherAccount'])(
      'renders %s as a yes/no radio whose yes asks for details',
      (id) => {
        const question = byId(id)
        expect(question?.type).toBe('radio')
        expect(question?.options?.map((option) => option.value)).toEqual(['yes', 'no'])
        expect(question?.options?.[0]?.question).toMatchObject({ type: 'textarea' })
        expect(question?.options?.[1]?.question).toBeUndefined()
      },
    )

    it("renders controlAccount's option 2 with a name-and-date question", () => {
      const options = byId('controlAccount')?.options ?? []
      expect(options.map((option) => option.value)).toEqual(['1', '2', '3'])
      expect(options.find((option) => option.value === '2')?.question).toMatchObject({
        id: 'controlAccountPerson',
        type: 'nameAndDate',
      })
      expect(options.filter((option) => option.question !== undefined)).toHaveLength(1)
    })

    it('passes the other questions through', () => {
      expect(byId('expectedCountries')).toMatchObject({ type: 'textarea', required: false })
    })

    it('refuses an unknown field with VF naming it', async () => {
      const reply = await server.post('/rpc/additionalQuestions', { ids: ['anotherAccount'] })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['ids'])
    })
  })
}
