// Runs the SVG logo sanitizer (logo-svg.ts) off the event loop. On a 2 MB file it parses,
// cleans, serialises and parses again for a second or more, and on the event loop that time
// would stall every other request of the instance (the latency budgets of DESIGN.md section
// 10). One worker thread per instance, started with the first SVG, checks one file at a time;
// a file that overruns the time limit ends the worker and is refused.
import { Worker } from 'node:worker_threads'
import type { SvgCheck } from './logo-svg.ts'

/** Far above the second or two a 2 MB logo takes on a loaded machine. */
const timeLimitMs = 10_000

type Answer = { result: SvgCheck; error?: undefined } | { error: string }

let worker: Worker | undefined
let queue: Promise<unknown> = Promise.resolve()

function currentWorker(): Worker {
  if (!worker) {
    const started = new Worker(new URL('./logo-svg-worker.ts', import.meta.url))
    // An idle sanitizer never keeps the process alive; a running check does (ref below).
    started.unref()
    started.on('exit', () => {
      if (worker === started) worker = undefined
    })
    worker = started
  }
  return worker
}

function stopWorker(stopped: Worker): void {
  if (worker === stopped) worker = undefined
  void stopped.terminate()
}

function checkInWorker(text: string): Promise<SvgCheck> {
  const thread = currentWorker()
  return new Promise<SvgCheck>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer)
      thread.off('message', onAnswer)
      thread.off('error', onFailure)
      thread.unref()
    }
    const onAnswer = (answer: Answer) => {
      finish()
      if (answer.error === undefined) resolve(answer.result)
      else reject(new Error(`logo SVG sanitizer: ${answer.error}`))
    }
    const onFailure = (error: Error) => {
      finish()
      stopWorker(thread)
      reject(error)
    }
    const timer = setTimeout(() => {
      finish()
      stopWorker(thread)
      resolve({ ok: false, problem: { key: 'refusal.merchant.logo.tooComplex' } })
    }, timeLimitMs)
    thread.on('message', onAnswer)
    thread.on('error', onFailure)
    thread.ref()
    thread.postMessage(text)
  })
}

/** A passive SVG, cleaned and serialised, or the reason it is refused; one file at a time. */
export function sanitizeLogoSvg(text: string): Promise<SvgCheck> {
  const check = queue.then(() => checkInWorker(text))
  queue = check.catch(() => undefined)
  return check
}
