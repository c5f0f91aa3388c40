// Preloaded with `node --import` by main.test.ts: appends the URL of every module the process
// loads, one a line, to the file MODULE_LIST_FILE names, so the test can tell what a server
// process really loaded (not what a bundler or the test runner would).
import { appendFileSync } from 'node:fs'
import { registerHooks } from 'node:module'

const listFile = process.env.MODULE_LIST_FILE
if (!listFile) throw new Error('MODULE_LIST_FILE must name the file that receives the list')

registerHooks({
  load(url, context, nextLoad) {
    appendFileSync(listFile, `${url}\n`)
    return nextLoad(url, context)
  },
})
