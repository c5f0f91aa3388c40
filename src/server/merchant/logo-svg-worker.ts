// The worker thread of the SVG logo sanitizer (started by logo-svg-thread.ts): it cleans one
// SVG per message and answers the result, or the error that must end the request with a 500.
import { parentPort } from 'node:worker_threads'
import { cleanLogoSvg } from './logo-svg.ts'

const port = parentPort
if (!port) throw new Error('assertion: logo-svg-worker.ts runs as a worker thread')

port.on('message', (text: string) => {
  try {
    port.postMessage({ result: cleanLogoSvg(text) })
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.stack : String(error) })
  }
})
