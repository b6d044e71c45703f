import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` turns server/db/schema.ts into the SQL migrations that the server
// applies at start-up, on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
