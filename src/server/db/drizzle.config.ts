// drizzle-kit configuration: `npm run db:generate` writes SQL migrations from every schema*.ts
// file (schema.ts and one file per area, e.g. schema-ledger.ts, schema-outbox.ts).
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema*.ts',
  out: './src/server/db/migrations',
})
