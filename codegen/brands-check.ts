// `npm run brands:check`: validates every brands/<id>/brand.yaml, every overlay in
// brands/<id>/overlays/ against the form it names, and every screen of spec/screens, and
// prints, for each mistake, the file, the line and the fix. Exit code 1 when anything is wrong.
// An argument names another project root (the tests check a copy with mistakes in it).
import { join, resolve } from 'node:path'
import { loadBrands } from './brands.ts'
import { bundleSpec } from './bundle-spec.ts'
import { buildScreens } from './forms.ts'

const root = process.argv[2] ? resolve(process.argv[2]) : join(import.meta.dirname, '..')
const { brands, problems } = loadBrands(root)
const screens = buildScreens(
  root,
  bundleSpec(join(root, 'spec/openapi.yaml')),
  brands.map((b) => String(b.id)),
)
const all = [...problems, ...screens.problems]
for (const problem of all) console.error(`${problem.file}:${problem.line}: ${problem.message}`)
if (all.length > 0) process.exit(1)
console.log(
  `brands:check: ${brands.length} brands, their overlays and ${screens.bundle.screens.length} screens are valid`,
)
