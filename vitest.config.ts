import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "tests/domain/**/*.test.ts",
      "tests/machines/**/*.test.ts",
      "tests/server/**/*.test.ts",
      "tests/unit/**/*.test.ts",
    ],
    environment: "node",
    // Migrates and seeds one database; every test server starts from a copy (tests/server/fixture.ts).
    globalSetup: ["tests/setup/seededDatabase.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
