import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The schema, one file per area (server/db/schema/index.ts lists them).
  schema: "./server/db/schema/*.ts",
  out: "./server/db/migrations",
});
