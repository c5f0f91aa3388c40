// industries: the industry dictionary in four groups with the product's labels (product-spec
// section 3), adult-related industries apart so a brand can hide them (section 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import type { components } from '../../../src/generated/api.d.ts'

type IndustryGroup = components['schemas']['IndustryGroup']

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('comes in the four groups with their labels', async () => {
      const reply = await server.post('/rpc/industries', {})
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      const groups = reply.body.industryGroups as IndustryGroup[]
      expect(groups.map(({ group, label }) => [group, label])).toEqual([
        ['adult', 'Adult Related Business'],
        ['mainstream', 'Mainstream Company'],
        ['financial', 'Financial Companies'],
        ['investment', 'Investment Companies'],
      ])
      for (const group of groups) {
        expect(group.industries.length).toBeGreaterThan(0)
        expect(group.industries.every((industry) => industry.group === group.group)).toBe(true)
      }
      const ids = groups.flatMap((group) => group.industries.map((industry) => industry.id))
      expect(new Set(ids).size).toBe(ids.length)
      const adult = groups[0]?.industries.map((industry) => industry.name)
      expect(adult).toContain('Webcam studio')
      expect(groups[1]?.industries.map((industry) => industry.name)).not.toContain('Webcam studio')
    })

    it('refuses an unknown field with VF naming it', async () => {
      const reply = await server.post('/rpc/industries', { group: 'adult' })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['group'])
    })
  })
}
