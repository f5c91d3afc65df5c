import { defineConfig } from "@playwright/test";

/** Ports of the two real servers the browser tests use (in-memory PGlite each). */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4173);
/** A second server whose access tokens live 3 s, for the refresh tests. */
export const SHORT_TOKEN_PORT = APP_PORT + 1;
export const SHORT_TOKEN_TTL_SECONDS = 3;

const server = (port: number, env: Record<string, string> = {}) => ({
  command: "node --import tsx server/main.ts",
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
    ...env,
  },
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  webServer: [
    server(APP_PORT),
    server(SHORT_TOKEN_PORT, { ACCESS_TOKEN_TTL_SECONDS: String(SHORT_TOKEN_TTL_SECONDS) }),
  ],
});
