// Budget: the largest rendered form, the business registration wizard with about 300 fields,
// answers a keystroke within 50 ms at the 95th percentile with 4x CPU throttling; and its
// chunks stay out of the login route's JS (<= 170 KB gzip) (DESIGN.md section 10, issue 13).
// Seeds the largest realistic draft (form-payload.ts), opens /register/business in Chromium
// on the real server with the built portal, visits every section with Next as a person
// would, counts the fields each renders (and each person's and company's dialog), and types
// into fields across the wizard at a human pace. Run on demand: `npm run bench:form`; writes
// bench-results/form.json; prints OVER BUDGET rather than failing. Never part of npm test.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadavg } from 'node:os'
import { gzipSync } from 'node:zlib'
import { parse } from 'yaml'
import type { Page } from 'playwright-core'
import { startPortal, type PortalHarness } from '../../test/e2e/browser-harness.ts'
import { largeBusinessPayload } from './form-payload.ts'
import { figuresOf, installProbe, readKeystrokes, type Figures } from './keystroke-probe.ts'
import { kb, loginBudgetBytes, loginScripts, writeBenchResult } from './login-scripts.ts'
import { WizardSteps } from './wizard-steps.ts'

const root = join(import.meta.dirname, '../..')
const brand = 'bank'
const budgetMs = 50
const cpuThrottlingRate = 4
/** Strings only the wizard's code holds (hub rows' and the tree's test ids), by chunk. */
const wizardMarkers = ['hub-person-', 'sources-of-funds']

interface Section {
  id: string
}

/** The wizard as spec/screens describes it: its sections in order and its draft's version. */
interface WizardSpec {
  sections: Section[]
  draft: { version: string }
}

/** What the bench types in each section, as a person filling the wizard in would. */
const typing: Record<string, (w: WizardSteps) => Promise<void>> = {
  generalForm: async (w) => {
    await w.type('#root_company_name', ' Group Holdings', 'company name')
    await w.type('#root_company_address_city', ' Centro', 'company city')
    await w.type('#root_company_description', ' Retail and online sales.', 'company text')
  },
  financialInfoForm: async (w) => {
    const amount = ['Backspace', 'Backspace', 'Backspace', '9', '5', '0']
    await w.type('#root_financialDetail_monthlyDepositAmount', amount, 'deposit amount')
    await w.type('#root_financialDetail_industrySpecification', ' and retail', 'industry text')
  },
  dueDilligenceForm: async (w) => {
    await w.typeInFirstText(' and Banco Dos, Portugal', 'due-diligence answer')
  },
  legalForm: async (w) => {
    await w.type('#root_legalInformation_legalForm', ' (SL)', 'legal form')
  },
  directors: async (w) => {
    await w.countHubDialogs()
    await w.editInHub(0, [
      ['#root_firstName', 'na', 'director first name'],
      ['#root_lastName', '-Smith', 'director last name'],
    ])
  },
  shareholders: async (w) => {
    await w.countTreeDialogs()
    await w.typeShare(4, ['Backspace', 'Backspace', '5', '5'], 'share in the tree')
    await w.type(w.sourceDetails(), ' and salary', 'source of funds details')
    await w.editCompanyInTree('Holding Ltd', [['#root_name', ' II', 'company name in the tree']])
  },
  owners: async (w) => {
    await w.countHubDialogs()
    await w.editInHub(1, [['#root_lastName', 'son', 'owner last name']])
  },
  usersHub: async (w) => {
    await w.countHubDialogs()
    await w.type('#root_authorizedCompanyRepresentative_position', ' and CEO', 'position')
  },
}

const wizard = (
  parse(readFileSync(join(root, 'spec/screens/register-business.yaml'), 'utf8')) as {
    wizard: WizardSpec
  }
).wizard

/** The built chunks that hold the wizard's code, by the markers only that code has. */
function wizardChunks() {
  const assets = join(process.env.PORTAL_DIR ?? join(root, 'dist'), 'assets')
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, code: readFileSync(join(assets, name)) }))
    .filter(({ code }) => wizardMarkers.some((marker) => code.includes(marker)))
    .map(({ name, code }) => ({ name, bytes: code.length, gzipBytes: gzipSync(code).length }))
}

async function openWizard(portal: PortalHarness): Promise<Page> {
  const { page } = await portal.newPage()
  // The draft is stored before the portal's code runs, as a person's earlier visit left it
  // (src/portal/renderer/wizard/draft-storage.ts).
  const key = `portal.registrationDraft.${brand}.registerBusiness`
  const { version } = wizard.draft
  const draft = JSON.stringify({ version, payload: largeBusinessPayload(), section: 0 })
  await page.context().addInitScript(([k, d]) => localStorage.setItem(k!, d!), [key, draft])
  await installProbe(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate })
  await page.goto(`${portal.baseUrl}/register/business?brand=${brand}`)
  return page
}

/** Every section visited with Next, its fields counted, and the typing of the table done. */
async function fillWizard(portal: PortalHarness) {
  const page = await openWizard(portal)
  const steps = new WizardSteps(page)
  const sections = wizard.sections
  for (const [index, section] of sections.entries()) {
    await steps.reach(index, section.id)
    await typing[section.id]?.(steps)
    if (index < sections.length - 1) await steps.next(index)
  }
  const keystrokes = await readKeystrokes(page)
  await page.context().close()
  return { fields: steps.fields, refusals: steps.refusals, keystrokes }
}

const line = (name: string, f: Figures) =>
  `${name}: ${f.count} keystrokes, p50 ${f.p50} ms, p95 ${f.p95} ms, max ${f.max} ms; ` +
  `p95 / ${budgetMs} ms = ${(f.p95 / budgetMs).toFixed(2)}` +
  (f.p95 > budgetMs ? '  OVER BUDGET' : '')

function report(result: ReturnType<typeof summary>) {
  const { fields, paint, eventTiming, login, chunks } = result
  const bySection = fields.sections.map((s) => `${s.where} ${s.count}`).join(', ')
  const kinds = Object.entries(fields.byKind).map(([kind, n]) => `${kind} ${n}`)
  console.log(`fields rendered: ${fields.total} (${kinds.join(', ')})`)
  console.log(`  ${fields.sectionTotal} in the sections: ${bySection}`)
  console.log(`  ${fields.dialogTotal} in ${fields.dialogs.length} person and company dialogs`)
  for (const refusal of result.refusals) console.log(`Next refused on ${refusal}`)
  console.log(`CPU throttling ${cpuThrottlingRate}x; load average ${result.loadAverage}`)
  for (const [field, f] of Object.entries(result.byField))
    console.log(`  ${field.padEnd(26)} ${String(f.count).padStart(3)} keys  p95 ${f.p95} ms`)
  console.log(line('keystroke-to-paint (keydown to the task after the next frame)', paint))
  console.log(line('keystroke-to-paint (Event Timing, under 16 ms as 0)', eventTiming))
  console.log(
    `login route JS: ${kb(login.gzipBytes)} KB gzip in ${login.scripts.length} scripts; ` +
      `ratio of 170 KB ${login.ratioOfBudget}` +
      (login.gzipBytes > loginBudgetBytes ? '  OVER BUDGET' : ''),
  )
  for (const c of chunks)
    console.log(`wizard chunk ${c.name}: ${kb(c.gzipBytes)} KB gzip (${kb(c.bytes)} KB)`)
  console.log(
    result.wizardLoadedOnLogin.length === 0
      ? 'the wizard chunks are lazy: /login does not load them'
      : `OVER BUDGET: /login loads the wizard chunk(s) ${result.wizardLoadedOnLogin.join(', ')}`,
  )
}

function summary(
  filled: Awaited<ReturnType<typeof fillWizard>>,
  login: Awaited<ReturnType<typeof loginScripts>>,
  load: string,
) {
  const chunks = wizardChunks()
  const keys = filled.keystrokes
  const byField = Object.fromEntries(
    [...new Set(keys.map((k) => k.field))].map((field) => [
      field,
      figuresOf(keys.filter((k) => k.field === field).map((k) => k.paintMs)),
    ]),
  )
  return {
    measuredAt: new Date().toISOString(),
    brand,
    cpuThrottlingRate,
    loadAverage: load,
    budgetMs,
    fields: filled.fields.summary(),
    refusals: filled.refusals,
    paint: figuresOf(keys.map((k) => k.paintMs)),
    eventTiming: figuresOf(keys.map((k) => k.eventTimingMs)),
    byField,
    login: { ...login, budgetBytes: loginBudgetBytes },
    chunks,
    wizardLoadedOnLogin: chunks
      .filter((c) => login.scripts.some((s) => s.url.endsWith(`/${c.name}`)))
      .map((c) => c.name),
    keystrokes: keys,
  }
}

/** The 1, 5 and 15 minute load averages: the machine's other work makes the figures noisy. */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

const portal = await startPortal()
try {
  const before = load()
  const login = await loginScripts(portal)
  const filled = await fillWizard(portal)
  const result = summary(filled, login, `${before} before, ${load()} after`)
  writeBenchResult('form', result)
  report(result)
} finally {
  await portal.close()
}
