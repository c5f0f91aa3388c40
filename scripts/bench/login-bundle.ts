// Budget: JS for the login route <= 170 KB gzip (DESIGN.md section 10). Serves the built
// portal with the real server, opens /login in Chromium, and sums the gzip size of every
// script the browser actually loaded, and what came over the network. Run on demand: `npm run bench:login-bundle`.
import { startPortal } from '../../test/e2e/browser-harness.ts'
import { kb, loginBudgetBytes, loginScripts, writeBenchResult } from './login-scripts.ts'

const portal = await startPortal()
try {
  const login = await loginScripts(portal)
  writeBenchResult('login-bundle', {
    measuredAt: new Date().toISOString(),
    route: '/login',
    ...login,
    budgetBytes: loginBudgetBytes,
  })
  for (const s of login.scripts)
    console.log(
      `${kb(s.gzipBytes).padStart(7)} KB  ${s.url}  (${kb(s.wireBytes)} KB ${s.encoding})`,
    )
  console.log(
    `login route JS: ${kb(login.gzipBytes)} KB gzip in ${login.scripts.length} scripts; ` +
      `budget 170 KB; ratio ${login.ratioOfBudget}`,
  )
  console.log(
    `on the wire: scripts ${kb(login.scriptWireBytes)} KB, the whole route ${kb(login.wireBytes)} KB ` +
      `(the encodings the server chose for Chromium's Accept-Encoding)`,
  )
} finally {
  await portal.close()
}
