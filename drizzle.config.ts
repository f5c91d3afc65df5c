import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The schema per area; server/db/schema.ts holds the areas not split out yet.
  schema: ["./server/db/schema.ts", "./server/db/schema/*.ts"],
  out: "./server/db/migrations",
});
