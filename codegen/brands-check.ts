// `npm run brands:check`: validates every brands/<id>/brand.yaml and prints, for each
// mistake, the file, the line and the fix. Exit code 1 when anything is wrong.
import { join } from 'node:path'
import { loadBrands } from './brands.ts'

const { brands, problems } = loadBrands(join(import.meta.dirname, '..'))
for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`)
if (problems.length > 0) process.exit(1)
console.log(`brands:check: ${brands.length} brands are valid`)
