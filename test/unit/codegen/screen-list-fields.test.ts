// Codegen's screen forms over lists of objects and pages that lead on (codegen/forms.ts): the
// business self-certification's options for fields of list items, its conditions between an
// item's fields, and the parts of a shown field kept but not shown (a controlling person's id);
// a splash page with continueTo and no panels. A dotted omit or condition naming no field, and
// a continueTo to no screen's route, are reported where they stand.
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleSpec } from '../../../codegen/bundle-spec.ts'
import { buildScreens, type Problem, type ScreensBundle } from '../../../codegen/forms.ts'

const root = join(import.meta.dirname, '../../..')
let copy: string
let bundle: ScreensBundle
let problems: Problem[]

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'screen-list-fields-'))
  for (const dir of ['schemas', 'locales', 'brands']) symlinkSync(join(root, dir), join(copy, dir))
  cpSync(join(root, 'spec'), join(copy, 'spec'), { recursive: true })
  writeFileSync(
    join(copy, 'spec/screens/broken-certification.yaml'),
    [
      'id: brokenCertification',
      'route: /broken-certification',
      'menu: none',
      'access: rights:1,2 customer:business',
      'kind: settings',
      'settings:',
      '  get: fatcaCrsBusinessGet',
      '  save:',
      '    operation: fatcaCrsBusinessUpdate',
      '    omit: [controllingPersons.nickname]',
      '    visibleWhen:',
      '      taxIds.taxNumber: { field: taxIds.tinMissingReason, filled: false }',
      '',
    ].join('\n'),
  )
  writeFileSync(
    join(copy, 'spec/screens/broken-splash.yaml'),
    [
      'id: brokenSplash',
      'route: /broken-splash',
      'menu: none',
      'access: user',
      'kind: page',
      'continueTo: /self-certifcation',
      '',
    ].join('\n'),
  )
  const result = buildScreens(copy, bundleSpec(join(copy, 'spec/openapi.yaml')), ['main'])
  bundle = result.bundle
  problems = result.problems
}, 120_000)

afterAll(() => rmSync(copy, { recursive: true, force: true }))

describe('screen forms over lists of objects', () => {
  it('carries options of list items and keeps omitted parts of shown fields, hidden', () => {
    const meta = bundle.forms.main!['selfCertificationBusinessAnswers.save']!
    expect(meta.choices?.['controllingPersons.taxIds.countryCode']).toMatchObject({
      operation: 'countries',
      value: 'code',
    })
    expect(meta.widgets).toEqual({
      'controllingPersons.id': 'hidden',
      'controllingPersons.positionId': 'hidden',
    })
    const schema = bundle.schemas[meta.schema] as {
      properties: Record<string, { items: { properties: Record<string, unknown> } }>
    }
    expect(Object.keys(schema.properties.controllingPersons!.items.properties)).toContain('id')
    const splash = bundle.screens.find((screen) => screen.id === 'selfCertificationSplash')
    expect(splash?.continueTo).toBe('/self-certification')
    expect(problems.filter((p) => p.file.includes('self-certification'))).toEqual([])
  })

  it('reports a dotted omit, a list condition and a continueTo that name nothing', () => {
    const mine = problems
      .filter((p) => p.file.includes('broken-'))
      .map((p) => p.message)
      .sort()
    expect(mine).toEqual([
      'no screen has the route "/self-certifcation"; did you mean "/self-certification"?',
      'omit: fatcaCrsBusinessUpdate has no field "controllingPersons.nickname"',
      'visibleWhen: "taxIds.taxNumber" is no field of fatcaCrsBusinessUpdate',
    ])
  })
})
