// Keystroke-to-paint in the page, two ways (bench:form; DESIGN.md section 10):
// - the frame after the handling: a capture-phase keydown listener takes the event's time,
//   then requestAnimationFrame runs before the next paint and a task queued from it runs
//   after that paint; the gap from the keydown to that task is the keystroke's latency;
// - the Event Timing API: the duration Chromium reports for the keydown, keypress,
//   beforeinput and input entries of the keystroke (from the keydown to the next paint,
//   rounded to 8 ms, reported only from 16 ms up).
// Only keys pressed while the bench names a field are kept (not Escape on a dialog).
import type { Page } from 'playwright-core'

export interface KeyRecord {
  field: string
  key: string
  /** The keydown's event.timeStamp (performance.now() time). */
  startMs: number
  /** From the keydown to the task after the next paint; -1 before it ran. */
  paintMs: number
}

interface EventRecord {
  name: string
  startMs: number
  durationMs: number
}

interface ProbeState {
  field: string | null
  keys: KeyRecord[]
  events: EventRecord[]
}

const typedEvents = ['keydown', 'keypress', 'beforeinput', 'input']
/** The keypress and input of a keystroke are dispatched just after its keydown. */
const sameKeystrokeMs = 100

/** Installs the probe in every document of the page's context, before the portal's code. */
export async function installProbe(page: Page): Promise<void> {
  await page.context().addInitScript((names: string[]) => {
    const state: ProbeState = { field: null, keys: [], events: [] }
    Object.assign(window, { keystrokeProbe: state })
    const listener = (event: KeyboardEvent) => {
      if (state.field === null) return
      const record = { field: state.field, key: event.key, startMs: event.timeStamp, paintMs: -1 }
      state.keys.push(record)
      requestAnimationFrame(() =>
        setTimeout(() => (record.paintMs = performance.now() - record.startMs)),
      )
    }
    window.addEventListener('keydown', listener, { capture: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (names.includes(entry.name))
          state.events.push({
            name: entry.name,
            startMs: entry.startTime,
            durationMs: entry.duration,
          })
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  }, typedEvents)
}

/** Keys pressed from now on are measured as typed into this field; null stops measuring. */
export async function measureAs(page: Page, field: string | null): Promise<void> {
  await page.evaluate((name) => {
    ;(window as unknown as { keystrokeProbe: ProbeState }).keystrokeProbe.field = name
  }, field)
}

export interface Keystroke extends KeyRecord {
  /** Event Timing's longest entry of the keystroke, from its keydown; null under 16 ms. */
  eventTimingMs: number | null
}

/** Every measured keystroke with its Event Timing figure, once their paints have happened. */
export async function readKeystrokes(page: Page): Promise<Keystroke[]> {
  await page.waitForTimeout(1000)
  const { keys, events } = await page.evaluate(
    () => (window as unknown as { keystrokeProbe: ProbeState }).keystrokeProbe,
  )
  return keys.map((key, i) => {
    // The keystroke's entries start at its keydown, before the next keystroke's (keys not
    // measured, such as Escape on a dialog, come later than a key's gap).
    const end = Math.min(keys[i + 1]?.startMs ?? Infinity, key.startMs + sameKeystrokeMs)
    const own = events.filter((e) => e.startMs >= key.startMs - 1 && e.startMs < end)
    const spans = own.map((e) => e.startMs + e.durationMs - key.startMs)
    return { ...key, eventTimingMs: spans.length > 0 ? Math.max(...spans) : null }
  })
}

export interface Figures {
  count: number
  p50: number
  p95: number
  max: number
}

/** Nearest-rank percentiles; a null (Event Timing under its 16 ms threshold) counts as 0. */
export function figuresOf(values: (number | null)[]): Figures {
  const sorted = values.map((v) => v ?? 0).sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
  return {
    count: sorted.length,
    p50: Number(at(50).toFixed(1)),
    p95: Number(at(95).toFixed(1)),
    max: Number((sorted.at(-1) ?? 0).toFixed(1)),
  }
}
