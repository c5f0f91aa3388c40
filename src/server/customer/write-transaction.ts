// One database transaction per write (DESIGN.md section 11: bad input never leaves a half-
// written change). A rule broken after the first write throws a Refusal: the transaction rolls
// back and the refusal is answered as the value it carries.
import type { Db } from '../db/open-database.ts'
import type { Failure } from '../rpc/outcome.ts'

export class Refusal extends Error {
  readonly failure: Failure
  constructor(failure: Failure) {
    super('refused')
    this.failure = failure
  }
}

export async function writeTransaction<Result>(
  db: Db,
  work: (tx: Db) => Promise<Result | Failure>,
): Promise<Result | Failure> {
  try {
    return await db.transaction((tx) => work(tx as unknown as Db))
  } catch (error) {
    if (error instanceof Refusal) return error.failure
    throw error
  }
}

/** Whether a helper's result is a failure to answer rather than its value. */
export function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value
}
