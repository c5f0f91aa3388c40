// Statements on a PostgreSQL server outside any app database: creating and dropping the
// databases that tests, benches and the chaos run work on, and asking whether a server
// answers at all. One connection per statement, closed after it.
import pg from 'pg'

export const defaultPostgresUrl = 'postgres://postgres:postgres@127.0.0.1:5432/postgres'

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Whether a server answers a query at url within two seconds. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** TEST_DATABASE_URL, or the local default, when a server answers there (the benches). */
export async function benchPostgresUrl(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL ?? defaultPostgresUrl
  return (await postgresAnswers(url)) ? url : undefined
}
