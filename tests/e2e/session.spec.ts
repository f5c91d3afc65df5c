import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, expectAccessible, logIn, openLogin, recordToasts, toast, toastsSaid } from "./fixtures.ts";

/** The tokens the app keeps for a session without remember-me. */
const storedTokens = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem("session")!) as { tokens: { token: string; refreshToken: string } }).tokens,
  );

/**
 * Expires an access token now through the server's test hook (TEST_HOOKS=1, playwright.config.ts), so a
 * refresh test never waits for a clock.
 */
async function expireAccessToken(request: APIRequestContext, token: string) {
  const res = await request.post("/api/__test/expireAccessToken", { data: { token } });
  expect((await res.json()).code).toBe(0);
}

test("SHELL-089 SHELL-090 SHELL-113 SHELL-114 the login modal (710 px) asks for both fields, username first", async ({
  page,
}) => {
  await page.goto("/");
  await openLogin(page);
  const modal = page.getByTestId("login-modal");
  expect((await modal.boundingBox())!.width).toBe(710);
  await expect(modal.getByLabel("Remember me")).toBeVisible();
  await modal.getByRole("button", { name: "Log in" }).click();
  await expect(modal.getByText("Username cannot be empty")).toBeVisible();
  await expect(modal.getByText("Password cannot be empty")).toHaveCount(0);
  await modal.getByLabel("Username").fill("demo");
  await modal.getByRole("button", { name: "Log in" }).click();
  await expect(modal.getByText("Password cannot be empty")).toBeVisible();
  await expectAccessible(page, "[data-testid=login-modal]");
});

test("SHELL-111 SHELL-126 wrong credentials keep the modal open with the server message", async ({ page }) => {
  await page.goto("/");
  await openLogin(page);
  const modal = page.getByTestId("login-modal");
  await modal.getByLabel("Username").fill("acme");
  await modal.getByLabel("Password").fill("not-the-password");
  await modal.getByLabel("Password").press("Enter");
  await expect(modal.getByRole("alert")).toHaveText("Wrong username or password");
  await expect(modal).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("session") ?? sessionStorage.getItem("session"))).toBeNull();
});

test("SHELL-091 SHELL-110 SHELL-128 API-007 API-001 SHELL-109 Enter signs in; without remember-me the token is in session storage", async ({
  page,
}) => {
  const calls: string[] = [];
  page.on("request", (r) => ["fetch", "xhr"].includes(r.resourceType()) && calls.push(new URL(r.url()).pathname));
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  await expect(toast(page, "success")).toHaveText("Login success");
  const where = await page.evaluate(() => ({
    local: localStorage.getItem("session"),
    session: sessionStorage.getItem("session"),
  }));
  expect(where.local).toBeNull();
  expect(JSON.parse(where.session!).tokens.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Every call the app made went through the /api/ base path.
  expect(calls).toContain("/api/memberLogin");
  expect(calls.filter((path) => !path.startsWith("/api/"))).toEqual([]);
});

test("SHELL-109 SHELL-112 with remember-me the token is in local storage and survives a new tab", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await logIn(page, "demo", "demo1234", { remember: true });
  expect(await page.evaluate(() => sessionStorage.getItem("session"))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("session"))).toContain("refreshToken");
  const second = await context.newPage();
  await second.goto("/billing");
  await expect(second).toHaveURL(/\/billing$/);
  await expect(second.getByRole("button", { name: /Account menu/ })).toBeVisible();
});

test("SHELL-079 SHELL-080 SHELL-081 SHELL-082 SHELL-083 SHELL-121 Log Out asks for confirmation, then clears the token and returns home", async ({
  page,
}) => {
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  await page.getByRole("button", { name: "My account" }).click();
  await expect(page).toHaveURL(/\/user$/);
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  const confirm = page.getByTestId("logout-confirm");
  await expect(confirm).toContainText("Are you sure you want to log out?");
  await expectAccessible(page, "[data-testid=logout-confirm]");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  const logout = page.waitForResponse((r) => r.url().endsWith("/api/logout"));
  await confirm.getByRole("button", { name: "Log Out" }).click();
  expect((await (await logout).json()).code).toBe(0);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem("session"))).toBeNull();
  await page.goto("/user");
  await expect(page).toHaveURL(/\?redirect=%2Fuser$/);
});

test("SHELL-129 SHELL-130 SHELL-137 API-002 an expired token is refreshed once while three requests wait, and all three succeed", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  await expect(page.getByTestId("badge-error")).toBeVisible();
  const { token } = await storedTokens(page);
  // Away from the app while the token expires, so no request of the page refreshes it meanwhile
  // (the tab keeps its session storage).
  await page.goto("about:blank");
  await expireAccessToken(request, token);

  const refreshCalls: string[] = [];
  // The three protected calls of the home page: the badges and both category lists.
  const protectedCall = /\/api\/pc\/(order\/failedAmount|dict\/category)/;
  // Their answers in the order they arrived (recorded at once; the bodies are read later).
  const answers = new Map<string, Promise<unknown>[]>();
  page.on("request", (r) => r.url().endsWith("/api/refreshToken") && refreshCalls.push(r.url()));
  page.on("response", (r) => {
    if (!protectedCall.test(r.url())) return;
    const path = new URL(r.url()).pathname + new URL(r.url()).search;
    const code = r.json().then((body) => (body as { code: unknown }).code);
    answers.set(path, [...(answers.get(path) ?? []), code]);
  });
  // The three are held until all three have been sent with the expired token, so none starts after
  // the first ATE has arrived (a loaded machine could otherwise start one late, with the new token).
  let sentWithExpired = 0;
  let releaseExpired!: () => void;
  const allSentWithExpired = new Promise<void>((resolve) => (releaseExpired = resolve));
  await page.route(protectedCall, async (route) => {
    if (route.request().headers().authorization === `Bearer ${token}`) {
      if (++sentWithExpired === 3) releaseExpired();
      await allSentWithExpired;
    }
    await route.continue();
  });
  await page.goto("/");
  await expect(page.getByTestId("home-category-grid").getByRole("listitem")).toHaveCount(6);
  await expect(page.getByTestId("badge-error")).toHaveText("2");
  const codesOf = async () =>
    Promise.all([...answers].map(async ([path, codes]) => [path, await Promise.all(codes)] as const));
  // Each of the three answered ATE first, then code 0 once retried with the new token.
  await expect.poll(async () => (await codesOf()).filter(([, codes]) => codes.at(-1) === 0).length).toBe(3);
  expect(sentWithExpired).toBe(3);
  for (const [path, codes] of await codesOf()) {
    expect(codes[0], path).toBe("ATE");
    expect(codes.at(-1), path).toBe(0);
  }
  expect(refreshCalls).toHaveLength(1);
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
});

test("SHELL-131 SHELL-132 SHELL-133 SHELL-134 a reused refresh token ends the session with a message", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  const { token, refreshToken: stolen } = await storedTokens(page);
  // Away from the app while its access token expires, so nothing refreshes it before the reload below.
  await page.goto("about:blank");
  await expireAccessToken(request, token);
  // The app refreshes (spending the refresh token) ...
  const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/refreshToken"));
  await page.goto("/billing");
  expect((await (await refreshed).json()).code).toBe(0);
  await expect.poll(async () => (await storedTokens(page)).refreshToken).not.toBe(stolen);
  // Away from the app again, so none of its calls meets the revoked session before the test looks.
  await page.goto("about:blank");
  // ... then someone replays the spent one: the server revokes the whole family (RTI).
  const replay = await request.post("/api/refreshToken", { data: { refreshToken: stolen } });
  expect(replay.status()).toBe(401);
  expect((await replay.json()).code).toBe("RTI");
  // The app's next call answers ATI: the user is logged out, told why, and sent home with the redirect.
  await recordToasts(page);
  await page.goto("/billing");
  await expect(page).toHaveURL(/\/\?redirect=%2Fbilling$/);
  // ATI: "...your session has ended" (recorded: the toast closes after 4 s, maybe before this line runs).
  await expect.poll(() => toastsSaid(page, "error")).toContainEqual(expect.stringMatching(/your session has ended/i));
  await expect(page.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("session"))).toBeNull();
});

test("SHELL-003 SHELL-004 API-003 English by default; Chinese switches the interface and the server's messages", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(
    page.getByRole("navigation", { name: "Main menu" }).getByRole("button", { name: "BILLING" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("navigation", { name: "主菜单" }).getByRole("link", { name: "首页" })).toBeVisible();
  await page.getByRole("button", { name: "登录" }).click();
  const modal = page.getByTestId("login-modal");
  await modal.getByLabel("用户名").fill("acme");
  await modal.getByLabel("密码").fill("wrong-password");
  await modal.getByLabel("密码").press("Enter");
  await expect(modal.getByRole("alert")).toHaveText("用户名或密码错误");
  await expectAccessible(page, "[data-testid=login-modal]");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
});

test("a visitor whose sign-in code cannot be fetched is told to reload; after a reload the login works", async ({
  page,
}) => {
  // The session machine loads apart from the first load (sessionHandle.ts): its chunks fail.
  await page.route("**/assets/session-*.js", (route) => route.abort());
  await page.goto("/");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(
    toast(page, "error").filter({
      hasText: "The page could not load sign-in. Check your connection and reload the page.",
    }),
  ).toBeVisible();
  await expect(page.getByTestId("login-modal")).toBeHidden();
  await page.unroute("**/assets/session-*.js");
  await page.reload();
  await logIn(page, "demo", "demo1234");
  await expect(page.getByRole("button", { name: "My account" })).toBeVisible();
});

test("a login modal whose code cannot be fetched is said, with a reload, and the page stays", async ({
  page,
  consoleErrors,
}) => {
  await page.route("**/assets/LoginModal-*.js", (route) => route.abort());
  await page.goto("/");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  const alert = page
    .getByRole("alert")
    .filter({ hasText: "Part of the page could not be loaded. Check your connection and reload the page." });
  await expect(alert).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await expectAccessible(page);
  // The failed chunk is what this test provokes: the browser and React report it, nothing else.
  expect(consoleErrors.length).toBeGreaterThan(0);
  expect(consoleErrors.filter((e) => !/LoginModal-[\w-]+\.js/.test(e))).toEqual([]);
  consoleErrors.splice(0);
  await page.unroute("**/assets/LoginModal-*.js");
  await Promise.all([page.waitForEvent("load"), alert.getByRole("button", { name: "Reload" }).click()]);
  await logIn(page, "demo", "demo1234");
  await expect(page.getByRole("button", { name: "My account" })).toBeVisible();
});

/** The tokens the app keeps for a remember-me session (local storage, shared by the tabs). */
const storedRemembered = (tab: Page) =>
  tab.evaluate(
    () => (JSON.parse(localStorage.getItem("session")!) as { tokens: { token: string; refreshToken: string } }).tokens,
  );

/** The protected call behind the first "Order" link of the home page: the craft groups of its new order. */
const orderLink = (tab: Page) => tab.getByRole("link", { name: /^Order / }).first();
const craftGroups = (tab: Page) => tab.getByRole("list", { name: "Craft groups" }).getByRole("button").first();

test("two tabs of one remember-me session meet an expired token at once: one tab refreshes, the other takes its tokens, and both stay signed in", async ({
  page,
  context,
  request,
}) => {
  await page.goto("/");
  await logIn(page, "demo", "demo1234", { remember: true });
  const other = await context.newPage();
  await other.goto("/");
  await expect(other.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await expect(other.getByTestId("home-category-grid").getByRole("listitem")).toHaveCount(6);
  const before = await storedRemembered(page);
  // Both tabs hold the same access and refresh token; the access token expires.
  expect(await storedRemembered(other)).toEqual(before);
  await expireAccessToken(request, before.token);

  const refreshAnswers: Promise<unknown>[] = [];
  for (const tab of [page, other])
    tab.on("response", (r) => {
      if (r.url().endsWith("/api/refreshToken"))
        refreshAnswers.push(r.json().then((b) => (b as { code: unknown }).code));
    });
  // Both tabs go on at the same moment, each with its own copy of the expired token (client-side navigation:
  // nothing is read again from storage).
  await Promise.all([orderLink(page).click({ force: true }), orderLink(other).click({ force: true })]);
  for (const tab of [page, other]) {
    await expect(tab).toHaveURL(/\/newOrder\?id=/);
    // The crafts are a protected call: shown, they were answered with a working token.
    await expect(craftGroups(tab)).toBeVisible({ timeout: 30_000 });
    await expect(tab.getByRole("button", { name: /Account menu/ })).toBeVisible();
    await expect(toast(tab, "error")).toHaveCount(0);
  }
  // One refresh for both tabs, and it succeeded: the session was not revoked as a reused token.
  expect(await Promise.all(refreshAnswers)).toEqual([0]);
  const after = await storedRemembered(page);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(await storedRemembered(other)).toEqual(after);
  // The rotated session works in both tabs after a reload too.
  for (const tab of [page, other]) {
    await tab.reload();
    await expect(tab.getByRole("button", { name: /Account menu/ })).toBeVisible();
  }
  // Real reuse is still caught: the spent refresh token, replayed, revokes the session.
  const replay = await request.post("/api/refreshToken", { data: { refreshToken: before.refreshToken } });
  expect((await replay.json()).code).toBe("RTI");
  await other.close();
});

test("a tab that still reads the spent refresh token in local storage takes the rotation another tab recorded, and stays signed in", async ({
  page,
  context,
  request,
}) => {
  // Chromium updates another tab's copy of local storage asynchronously: a tab that takes the refresh lock right
  // after another tab rotated may still read the old tokens there. Here that copy is made stale on purpose.
  await page.goto("/");
  await logIn(page, "demo", "demo1234", { remember: true });
  const other = await context.newPage();
  await other.goto("/");
  await expect(other.getByRole("button", { name: /Account menu/ })).toBeVisible();
  const before = await storedRemembered(page);
  const staleCopy = await page.evaluate(() => localStorage.getItem("session")!);
  await expireAccessToken(request, before.token);
  const refreshAnswers: Promise<unknown>[] = [];
  for (const tab of [page, other])
    tab.on("response", (r) => {
      if (r.url().endsWith("/api/refreshToken"))
        refreshAnswers.push(r.json().then((b) => (b as { code: unknown }).code));
    });

  // The other tab meets the expired token first and rotates it.
  await orderLink(other).click();
  await expect(craftGroups(other)).toBeVisible();
  const rotated = await storedRemembered(other);
  expect(rotated.refreshToken).not.toBe(before.refreshToken);
  // This tab's copy of local storage still holds the spent tokens; its memory too.
  await page.evaluate((stale) => localStorage.setItem("session", stale), staleCopy);
  await orderLink(page).click();
  await expect(craftGroups(page)).toBeVisible();
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await expect(toast(page, "error")).toHaveCount(0);

  // It took the other tab's tokens: no second refresh, the session was not revoked as a reused token.
  expect(await Promise.all(refreshAnswers)).toEqual([0]);
  expect(await storedRemembered(page)).toEqual(rotated);
  await page.reload();
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
  const replay = await request.post("/api/refreshToken", { data: { refreshToken: before.refreshToken } });
  expect((await replay.json()).code).toBe("RTI");
  await other.close();
});
