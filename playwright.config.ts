import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * Debian's Chromium, in its headless shell where it is installed (scripts/ensure-chromium.sh): the same
 * build as /usr/bin/chromium without the desktop browser, as Playwright runs headless tests; the same tests
 * cost a fifth less CPU in it. `CHROMIUM_PATH` chooses another.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/** Port of the real server the browser tests use (in-memory PGlite). */
const APP_PORT = Number(process.env.E2E_PORT ?? 4173);

const server = (port: number) => ({
  // The compiled server, as `npm start` runs it (built first when its sources changed).
  command: "node scripts/build-server.mjs --if-changed && node dist-server/main.js",
  url: `http://127.0.0.1:${port}/api/pc/banner`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: "memory://",
    LOG_LEVEL: "warn",
    LOGIN_MAX_FAILURES_PER_ADDRESS: "1000",
    // POST /api/__test/expireAccessToken: the refresh tests expire a token on demand instead of waiting.
    TEST_HOOKS: "1",
    // Password hashes at scrypt N=2^14 instead of production's 2^17: the many sign-ins stay fast.
    PASSWORD_SCRYPT_LOG2_N: "14",
    // The production simulator is off: the seeded statuses stay as seeded while the browser tests run.
    PRODUCTION_STEP_SECONDS: "0",
    // Issue 25: the contact form sends to the test SMTP server tests/e2e/messages.spec.ts starts on this port.
    SMTP_URL: `smtp://127.0.0.1:${port + 2000}`,
  },
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Four workers on two cores: a browser test waits for the page as often as it computes, and the further
  // workers fill those waits (npm test: 642 s with two workers, 578 s with three, when the suite was smaller).
  workers: 4,
  retries: 0,
  // Limits that catch a hang, never a slow machine: on loaded cores (CI shares them with the server tests)
  // a long tour takes minutes and a page seconds more to settle; a passing test never waits for them.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    viewport: { width: 1440, height: 900 },
    // The browser asks for less motion, as many users' systems do: what moves by itself (the home banner, a
    // style's pictures) stays still, so a test's page is the same at every instant, and the machine is not
    // kept busy sliding a full-width banner (about 0.45 core-seconds a second on the home page, without a
    // GPU). The tests of the autoplay itself ask for motion (`test.use({ reducedMotion: "no-preference" })`).
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
  webServer: [server(APP_PORT)],
});
