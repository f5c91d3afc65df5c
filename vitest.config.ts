import { configDefaults, defineConfig } from "vitest/config";

/**
 * `npm test` runs the server tests on PostgreSQL (scripts/test-postgres.sh), where they are cheapest and
 * the concurrency is real, and on PGlite only these: the embedded engine's own code (its data directory,
 * its lock, a kill -9 of a process writing it) and the money at its core (the ledger, the checkout queue,
 * the token rotation) on its one connection. The browser tests run every area on PGlite besides. Without
 * PostgreSQL, the script runs the rest on PGlite too. `SERVER_TESTS` picks: `pglite` these files only, `rest`
 * the others; unset (a developer's `npx vitest run`), every test.
 */
const PGLITE_SERVER_TESTS = [
  "tests/server/dataDirLock.test.ts",
  "tests/server/dataDirMode.test.ts",
  "tests/server/pgliteTemplate.test.ts",
  "tests/server/pushKill.test.ts",
  "tests/server/ledger.test.ts",
  "tests/server/push.test.ts",
  "tests/server/session.test.ts",
];
const serverTests = process.env.SERVER_TESTS;

export default defineConfig({
  test: {
    include: [
      "tests/domain/**/*.test.ts",
      "tests/machines/**/*.test.ts",
      ...(serverTests === "pglite" ? PGLITE_SERVER_TESTS : ["tests/server/**/*.test.ts"]),
      "tests/unit/**/*.test.ts",
    ],
    exclude: [...configDefaults.exclude, ...(serverTests === "rest" ? PGLITE_SERVER_TESTS : [])],
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
    // On 2026-11-29, with both cores kept busy beside the browser tests, model replays of 4 to 8 s and a
    // two-page PDF each passed 180 s and failed: ten minutes, past any slow machine, short of CI's limit.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
