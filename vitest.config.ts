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
    // One worker runs many files without reloading the modules between them: the server tests then spend
    // their time on tests, not on importing the server again for each file (166 s -> 111 s wall for the
    // suite on two cores). Tests restore what they stub (timers, globals, fetch) and each server test
    // file opens and closes its own database, so no state crosses files; shuffled file orders pass.
    isolate: false,
    // Migrates and seeds one database; every test server starts from a copy (tests/server/fixture.ts).
    globalSetup: ["tests/setup/seededDatabase.ts"],
    // Limits that catch a hang, never a slow machine: a CI run on loaded cores takes several times as long
    // (a checkout of 100 orders took 30 s with a load average of 18), and the time must not decide a test.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
