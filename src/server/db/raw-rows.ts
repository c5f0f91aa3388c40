// The rows of a raw statement (db.execute): node-postgres and PGlite both answer { rows }, but
// Drizzle types the answer per driver, so code written for both reads it through this.
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
