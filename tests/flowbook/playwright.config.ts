/**
 * The flow book's Chromium run (`npm run flowbook`; not part of `npm test`): tests/e2e's configuration
 * (the real server on E2E_PORT, Chromium at 1440 × 900) with this folder's tours, which write their
 * storyboards to flowbook/ (git-ignored); tests/flowbook/book.ts then writes flowbook/index.html.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import base from "../../playwright.config.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export default defineConfig({
  ...base,
  testDir: ".",
  // three, as tests/e2e's: a tour waits for the page as often as it computes
  workers: 3,
  fullyParallel: true,
  timeout: 300_000,
  webServer: [base.webServer].flat().map((server) => ({ ...server!, cwd: root })),
});
