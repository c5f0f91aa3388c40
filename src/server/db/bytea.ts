// The bytea column type shared by every table that keeps file bytes in the database.
import { customType } from 'drizzle-orm/pg-core'

/** Raw bytes: PGlite answers a Uint8Array, pg a Buffer; handlers always see a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})
