import { test as base, expect, type Locator, type Page, type Request } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ContextObject, RunOptions } from "axe-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Runs in the page: memoises axe's colour parsing (see `axeFindings`); left as it is if axe's `Color` ever moves. */
function memoColors() {
  interface Color {
    r: number;
    g: number;
    b: number;
    alpha: number;
    parseString: (this: Color, text: string) => Color;
  }
  const axe = (window as unknown as { axe?: { commons?: { color?: { Color?: { prototype: Color } } } } }).axe;
  const proto = axe?.commons?.color?.Color?.prototype;
  if (typeof proto?.parseString !== "function") return;
  const parse = proto.parseString;
  const parsed = new Map<string, [number, number, number, number]>();
  proto.parseString = function (this: Color, text: string) {
    const known = parsed.get(text);
    if (!known) {
      parse.call(this, text);
      parsed.set(text, [this.r, this.g, this.b, this.alpha]);
      return this;
    }
    [this.r, this.g, this.b, this.alpha] = known;
    return this;
  };
}

/**
 * The axe scan every browser test runs (WCAG 2.0 and 2.1, A and AA) over the page or a part of it (a CSS
 * selector), one line per violation: the rule and the elements. axe-core runs in the page itself, put
 * there once per document (a document scanned again, after a modal opened or the router moved on, reuses
 * it) and asked for its violations only, which spares it recording every element that passes. On the
 * order list and the professional order a scan took about 70 ms, against 250 ms through
 * `@axe-core/playwright`, which injects axe's 550 kB again before each scan and collects every result
 * (about 200 core-seconds of the browser tests went to axe). The app has no frames; a frame would be
 * named, not skipped.
 *
 * Most of a scan is the color-contrast rule (a scan of /billing took 430 ms, 61 without it, 2026-11-29), and
 * half of that was axe parsing colour strings: every computed colour of every text element goes through
 * colorjs.io (Tailwind's colours are `oklch(...)`), though a page has 10 to 20 distinct ones. `memoColors`
 * keeps each string's parsed colour for the document: the same results, scans about half as long (on
 * /billing 560 → 290 ms). A planted low-contrast text in the layout sweep proves the rule still reports.
 */
export async function axeFindings(page: Page, include?: string): Promise<string[]> {
  // (`"axe" in window` would also be true of an element with id "axe")
  const present = () =>
    page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!(await present())) {
    await page.evaluate(axeSource);
    await page.evaluate(memoColors);
  }
  const context: ContextObject = {
    ...(include ? { include: [include] } : {}),
    // Radix NavigationMenu's focus proxy: an aria-hidden span that only forwards focus into the open panel.
    exclude: ["nav[aria-label] li > span[aria-hidden='true'][tabindex='0']"],
  };
  const options: RunOptions = {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    resultTypes: ["violations"],
    iframes: false,
  };
  return page.evaluate(
    async ({ context, options }) => {
      const { axe } = window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } };
      const frames = document.querySelectorAll("iframe, frame").length;
      const { violations } = await axe.run(context, options);
      return [
        ...(frames > 0 ? [`frames: ${frames} not scanned`] : []),
        ...violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ];
    },
    // axe's context type is recursive, past what the type of an evaluate's argument can check
    { context: context as unknown, options: options as unknown },
  );
}

/** Runs an axe scan of the page (or of one modal) and fails on any violation. */
export async function expectAccessible(page: Page, include?: string) {
  // A modal or menu scanned right after the click that opens it: scan it once it is there, not the page
  // before it (axe throws on an include that matches nothing, and a half-rendered modal is not the modal).
  if (include) await expect(page.locator(include).first()).toBeVisible();
  expect(await axeFindings(page, include)).toEqual([]);
}

/** The visible toast of a kind (Radix also copies its text into a live region for screen readers). */
export const toast = (page: Page, kind: "success" | "error" | "warning" | "info") =>
  page.locator(`[data-kind=${kind}]`);

/**
 * Records every toast the page shows from now on, across navigations, so a test can ask whether a
 * message was said without racing the toast's own timer (an error toast closes after 4 s, which a
 * loaded machine can spend before the assertion runs). Call before the action that shows it.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const said: { kind: string; text: string }[] = [];
    (window as unknown as { __toastsSaid: typeof said }).__toastsSaid = said;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll<HTMLElement>("[data-kind]")) {
        if (el.dataset.recorded) continue;
        el.dataset.recorded = "1";
        said.push({ kind: el.dataset.kind!, text: el.textContent ?? "" });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The texts of the toasts of a kind shown since the last navigation (see `recordToasts`). */
export const toastsSaid = (page: Page, kind: "success" | "error" | "warning" | "info") =>
  page.evaluate(
    (kind) =>
      ((window as unknown as { __toastsSaid?: { kind: string; text: string }[] }).__toastsSaid ?? [])
        .filter((t) => t.kind === kind)
        .map((t) => t.text),
    kind,
  );

export async function openLogin(page: Page) {
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("login-modal")).toBeVisible();
}

/**
 * The login modal, open: a visitor sent home by the guard gets it by itself (it loads on demand, so it may
 * still be coming); otherwise it is opened from the header. Either way, go on once it is there.
 */
export async function loginModal(page: Page) {
  const modal = page.getByTestId("login-modal");
  await expect(async () => {
    if (!(await modal.isVisible()))
      await page.getByRole("button", { name: "Log in", exact: true }).click({ timeout: 2000 });
    await expect(modal).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return modal;
}

export async function logIn(page: Page, username: string, password: string, opts: { remember?: boolean } = {}) {
  const modal = await loginModal(page);
  await modal.getByLabel("Username").fill(username);
  await modal.getByLabel("Password").fill(password);
  if (opts.remember) await modal.getByLabel("Remember me").check();
  await modal.getByLabel("Password").press("Enter");
  await expect(modal).toBeHidden();
  // The modal has given the page back (Radix hides the rest of the page while a modal is open).
  await expect(page.locator("#root")).not.toHaveAttribute("aria-hidden", "true");
}

/**
 * Opens a header menu panel by hovering its entry. Radix opens it on pointer movement, and the header can
 * still shift under a resting pointer (a badge arrives and widens an entry), which closes it again: move
 * away and back until the panel shows, as a user would.
 */
export async function openMenuPanel(page: Page, entry: "newOrder" | "underProduction") {
  const panel = page.getByTestId(entry === "newOrder" ? "category-grid" : "status-list");
  await expect(async () => {
    await page.mouse.move(0, 400);
    await page.getByTestId(`menu-${entry}`).hover();
    await expect(panel).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return panel;
}

/**
 * A picture is drawn: loaded, with pixels. Visible comes before the bytes do (a slow machine showed an
 * empty, visible image), so poll until the load has finished; a broken picture stays at width 0 and fails.
 */
export async function expectPictureDrawn(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), {
      message: "the picture is drawn",
    })
    .toBeGreaterThan(0);
}

/**
 * Opens `path` already signed in, without the login modal: for the tests that are not about signing in
 * (the modal's own tests keep `logIn`). Signs in through the real API (memberLogin) with the page's own
 * request context, which shares the browser's cookies: the answer's session cookie (issue 20 §4, httpOnly,
 * the refresh token) becomes the browser's, and the app joins that session when the page loads, as any
 * new tab does. A test that signs out and reloads stays signed out (signing out removes the cookie).
 */
export async function startSignedIn(
  page: Page,
  path: string,
  account: { username: string; password: string; remember?: boolean } = { username: "demo", password: "demo1234" },
) {
  const { username, password, remember = false } = account;
  const query = new URLSearchParams({ username, password, rememberMe: String(remember) });
  const login = await page.request.post(`/api/memberLogin?${query}`);
  expect(login.status(), await login.text()).toBe(200);
  // The page joins the new session by a refresh (the cookie); the test's next navigation must not abort it
  // (D-16: a rotated token whose answer is lost ends the session). `goto` resolves at the load event, which
  // can come before the app has even sent that call, so wait for its answer here.
  const joined = page.waitForResponse((response) => response.url().endsWith("/api/refreshToken"));
  await page.goto(path);
  expect((await joined).ok(), "the page joined the session").toBe(true);
}

/**
 * An access token of the page's own session, for a test's direct calls: a refresh by the browser's cookie,
 * under the app's refresh lock (src/features/session/sharedRefresh.ts), so it never spends a token the app
 * is spending. The app keeps its own access token in memory, out of the test's reach.
 */
export async function pageAccessToken(page: Page): Promise<string> {
  const answer = await page.evaluate(() =>
    navigator.locks.request("mtm-session-refresh", async () => {
      const response = await fetch("/api/refreshToken", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      return (await response.json()) as { code: unknown; data?: { token: string } };
    }),
  );
  expect(answer.code, "the page has a session").toBe(0);
  return answer.data!.token;
}

/**
 * The page never leaves (goto, reload, back, forward) while the app's refresh call is in flight. The app
 * refreshes its token by the cookie on every load (a reload joins the browser's session), and D-16 makes a
 * refresh token single-use: a navigation that aborts the call after the server rotated the token loses the
 * new cookie, and the next page's refresh, with the spent one, ends the session (RTI) as reuse. A user
 * reloading within that instant meets the same, by design; a test that navigates twice in a row would meet
 * it whenever the machine is slow, so it waits for the answer first.
 */
function waitForRefreshesBeforeLeaving(page: Page) {
  const inFlight = new Map<Request, Promise<void>>();
  page.on("request", (request) => {
    if (!request.url().endsWith("/api/refreshToken")) return;
    inFlight.set(
      request,
      request
        .response()
        .then((response) => response?.finished())
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => inFlight.delete(request)),
    );
  });
  const settled = async () => {
    while (inFlight.size > 0) await Promise.all(inFlight.values());
  };
  for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
    const leave = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      await settled();
      return leave(...args);
    };
  }
}

/** Every test fails if the page logged an error (a CSP violation, an exception, a failed chunk). */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    waitForRefreshesBeforeLeaving(page);
    // The test's further tabs of the same browser (context.newPage, a popup, a link opened in a new tab).
    page.context().on("page", waitForRefreshesBeforeLeaving);
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      page.on("console", (m) => {
        // Expected refusals (401/400 answers the test provokes) are logged by Chromium as failed resources.
        if (m.type() === "error" && !/Failed to load resource/.test(m.text())) errors.push(m.text());
      });
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
