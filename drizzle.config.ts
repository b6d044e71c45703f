import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` turns the schema into the SQL migrations that the server applies at
// start-up, on PGlite and on PostgreSQL alike. Each module keeps its tables in its own schema.ts
// (server/db/schema.ts only re-exports them, so listing it too would declare every table twice).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/modules/*/schema.ts", "./server/db/security-schema.ts"],
  out: "./server/db/migrations",
});
