import type { APIRequestContext, BrowserContext, Page, Request } from "@playwright/test";
import {
  test,
  expect,
  expectAccessible,
  logIn,
  loginModal,
  openLogin,
  recordToasts,
  startSignedIn,
  toast,
  toastsSaid,
} from "./fixtures.ts";
import { recordFlowWalks } from "./flowWalks.ts";

recordFlowWalks(test, ["session"]);

/**
 * Issue 20 §4: a tab keeps its access token in memory only; this follows the one it sends (the Authorization of
 * its latest API call). Install before the calls.
 */
function followToken(tab: Page): () => string {
  let token = "";
  tab.on("request", (r) => {
    const auth = r.headers().authorization;
    if (auth?.startsWith("Bearer ") && new URL(r.url()).pathname.startsWith("/api/")) token = auth.slice(7);
  });
  return () => {
    expect(token, "the tab has sent its access token").not.toBe("");
    return token;
  };
}

/** The browser's session cookie (httpOnly: the page cannot read it; the test can). */
async function refreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "mtm_refresh");
}

/** Every value the page keeps in local and session storage, and the cookies its scripts can read. */
const pageStorage = (tab: Page) =>
  tab.evaluate(() => [...Object.values({ ...localStorage }), ...Object.values({ ...sessionStorage }), document.cookie]);

/**
 * The session's tokens after `signIn` runs: the access token of the sign-in's answer, the refresh token of
 * the browser's cookie. Issue 20 §4: the answer a browser receives leaves the refresh token out of its body
 * (it is in the HttpOnly cookie only, where no script of the page reads it).
 */
async function loginAnswer(tab: Page, signIn: () => Promise<void>) {
  const answer = tab.waitForResponse((r) => r.url().includes("/api/memberLogin"));
  await signIn();
  const { data } = (await (await answer).json()) as { data: Record<string, unknown> };
  expect(data, "the browser's sign-in answer carries no refresh token").not.toHaveProperty("refreshToken");
  const cookie = await refreshCookie(tab.context());
  expect(cookie, "the refresh cookie is set").toBeDefined();
  return { token: data.token as string, refreshToken: cookie!.value };
}

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
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("mtm_refresh");
});

test("SHELL-091 SHELL-110 SHELL-128 API-007 API-001 SHELL-109 Enter signs in; without remember-me the refresh token is an httpOnly session cookie, not in the answer, and nothing of the tokens is stored", async ({
  page,
  context,
}) => {
  const calls: string[] = [];
  page.on("request", (r) => ["fetch", "xhr"].includes(r.resourceType()) && calls.push(new URL(r.url()).pathname));
  await recordToasts(page);
  await page.goto("/");
  const tokens = await loginAnswer(page, () => logIn(page, "demo", "demo1234"));
  // recorded: the toast closes after 4 s, which the sign-in's steps may take on a loaded machine
  await expect.poll(() => toastsSaid(page, "success")).toContain("Login success");
  expect(tokens.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Issue 20 §4: neither token is in local or session storage, nor in a cookie the page can read.
  for (const value of await pageStorage(page)) {
    expect(value).not.toContain(tokens.token);
    expect(value).not.toContain(tokens.refreshToken);
  }
  // The browser holds the refresh token: httpOnly, Secure (http://127.0.0.1 counts as secure), SameSite=Strict,
  // sent only to the refresh call, and a session cookie (it ends with the browser).
  expect(await refreshCookie(context)).toMatchObject({
    value: tokens.refreshToken,
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
    path: "/api/refreshToken",
    expires: -1,
  });
  // Every call the app made went through the /api/ base path.
  expect(calls).toContain("/api/memberLogin");
  expect(calls.filter((path) => !path.startsWith("/api/"))).toEqual([]);
});

test("SHELL-109 SHELL-112 with remember-me the refresh cookie is persistent, nothing is stored, and a new tab is signed in", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const tokens = await loginAnswer(page, () => logIn(page, "demo", "demo1234", { remember: true }));
  const cookie = await refreshCookie(context);
  expect(cookie).toMatchObject({ value: tokens.refreshToken, httpOnly: true, secure: true, sameSite: "Strict" });
  // Persistent for the refresh token's lifetime (30 days).
  expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  for (const value of await pageStorage(page)) expect(value).not.toContain(tokens.refreshToken);
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
  // Issue 20 §4: the browser's session cookie is gone with it.
  expect(await refreshCookie(page.context())).toBeUndefined();
  await page.goto("/user");
  await expect(page).toHaveURL(/\?redirect=%2Fuser$/);
});

test("SHELL-129 SHELL-130 SHELL-137 API-002 an expired token is refreshed once while three requests wait, and all three succeed", async ({
  page,
  request,
}) => {
  const tokenInUse = followToken(page);
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  await expect(page.getByTestId("badge-error")).toHaveText("2");
  await expect(page.getByTestId("home-category-grid").getByRole("listitem")).toHaveCount(6);
  // The page stays (its access token is in memory only); the page is idle while its token expires.
  const token = tokenInUse();
  await expireAccessToken(request, token);

  const refreshCalls: string[] = [];
  // The three protected calls of the home page: the badges and both category lists.
  const protectedCall = /\/api\/pc\/(order\/failedAmount|dict\/category)/;
  // Their answers, each with its path and whether it was sent with the expired token (recorded at once;
  // the bodies are read later). A path's calls are told apart by their token, not by the order their answers
  // arrive in: the switch asks a category list under both languages' keys, and on a loaded machine a call
  // sent with the new token can be answered before another call of the same path held with the expired one.
  const answers: { path: string; expired: boolean; code: Promise<unknown> }[] = [];
  // The calls sent with the expired token and not yet answered or failed (a call the app gives up on
  // fails: it is not waited for).
  const expiredInFlight = new Set<Request>();
  const withExpired = (r: Request) => protectedCall.test(r.url()) && r.headers().authorization === `Bearer ${token}`;
  // Only calls sent from now on: one the page sent before the token expired (a refetch) may still be on its
  // way with that token, and be answered 0.
  const sentNow = new WeakSet<Request>();
  page.on("request", (r) => {
    sentNow.add(r);
    if (withExpired(r)) expiredInFlight.add(r);
    if (r.url().endsWith("/api/refreshToken")) refreshCalls.push(r.url());
  });
  page.on("requestfinished", (r) => expiredInFlight.delete(r));
  page.on("requestfailed", (r) => expiredInFlight.delete(r));
  page.on("response", (r) => {
    if (!protectedCall.test(r.url()) || !sentNow.has(r.request())) return;
    const url = new URL(r.url());
    const expired = withExpired(r.request());
    const code = r.json().then((body) => (body as { code: unknown }).code);
    answers.push({ path: url.pathname + url.search, expired, code });
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
  // Switching the language asks the home page's three protected calls again (both category lists, the badges).
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByTestId("home-category-grid").getByRole("listitem")).toHaveCount(6);
  await expect(page.getByTestId("badge-error")).toHaveText("2");
  const settled = () => Promise.all(answers.map(async (a) => ({ ...a, code: await a.code })));
  // No call sent with the expired token is still on its way, and each answered one was followed by a call
  // of its path with the new token that succeeded (its retry).
  const retried = async () => {
    const all = await settled();
    return (
      expiredInFlight.size === 0 &&
      all.filter((a) => a.expired).every((a) => all.some((b) => b.path === a.path && !b.expired && b.code === 0))
    );
  };
  await expect.poll(retried).toBe(true);
  // At least the three protected calls met the expired token (the switch may ask a category list twice).
  expect(sentWithExpired).toBeGreaterThanOrEqual(3);
  const all = await settled();
  expect(new Set(all.filter((a) => a.expired).map((a) => a.path)).size, "three paths met the expired token").toBe(3);
  for (const { path, code } of all.filter((a) => a.expired)) expect(code, `${path}, expired token`).toBe("ATE");
  for (const { path, code } of all.filter((a) => !a.expired)) expect(code, `${path}, new token`).toBe(0);
  expect(refreshCalls).toHaveLength(1);
  await expect(page.getByTestId("login-modal")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "登录", exact: true })).toHaveCount(0);
});

test("SHELL-131 SHELL-132 SHELL-133 SHELL-134 a reused refresh token ends the session with a message", async ({
  page,
  request,
}) => {
  await recordToasts(page);
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  const stolen = (await refreshCookie(page.context()))!.value;
  // The app refreshes (spending the refresh token): a reload joins the browser's session by the cookie ...
  const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/refreshToken"));
  await page.goto("/billing");
  expect((await (await refreshed).json()).code).toBe(0);
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
  expect((await refreshCookie(page.context()))!.value).not.toBe(stolen);
  // ... then someone replays the spent one: the server revokes the whole family (RTI).
  const replay = await request.post("/api/refreshToken", { data: { refreshToken: stolen } });
  expect(replay.status()).toBe(401);
  expect((await replay.json()).code).toBe("RTI");
  // The app's next call answers ATI (switching the language asks the page's calls again): the user is logged
  // out, told why, and sent home with the redirect.
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page).toHaveURL(/\/\?redirect=%2Fbilling$/);
  // ATI: "...your session has ended" (recorded: the toast closes after 4 s, maybe before this line runs).
  await expect.poll(() => toastsSaid(page, "error")).toContainEqual(expect.stringMatching(/未登录或登录已失效/));
  await expect(page.getByRole("button", { name: "登录", exact: true })).toBeVisible();
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

/** The protected call behind the first "Order" link of the home page: the craft groups of its new order. */
const orderLink = (tab: Page) => tab.getByRole("link", { name: /^Order / }).first();
const craftGroups = (tab: Page) => tab.getByRole("list", { name: "Craft groups" }).getByRole("button").first();

/** Records the code of every refresh answer a tab receives. */
function refreshCodes(tabs: Page[]) {
  const codes: Promise<unknown>[] = [];
  for (const tab of tabs)
    tab.on("response", (r) => {
      if (r.url().endsWith("/api/refreshToken")) codes.push(r.json().then((b) => (b as { code: unknown }).code));
    });
  return () => Promise.all(codes);
}

test("issue 20 §4 SHELL-112 without remember-me a new tab of the browser opens a protected page signed in, and keeps no token", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const tokens = await loginAnswer(page, () => logIn(page, "demo", "demo1234"));
  const tab = await context.newPage();
  const codes = refreshCodes([tab]);
  await tab.goto("/billing");
  await expect(tab).toHaveURL(/\/billing$/);
  await expect(tab.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await expect(tab.getByTestId("login-modal")).toHaveCount(0);
  // It joined the browser's session by the cookie (one refresh), and stores nothing of it either.
  expect(await codes()).toEqual([0]);
  const rotated = (await refreshCookie(context))!.value;
  expect(rotated).not.toBe(tokens.refreshToken);
  for (const value of [...(await pageStorage(page)), ...(await pageStorage(tab))])
    for (const secret of [tokens.token, tokens.refreshToken, rotated]) expect(value).not.toContain(secret);
  // The first tab is still signed in, and keeps working after the rotation.
  await page.goto("/user");
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await tab.close();
});

// Issue 21: a page opening with the browser's session asks for its token while the session machine's code is
// still on its way, instead of after it (the largest paint waited for both in turn). The machine takes that
// answer: one refresh in all. Before, with the code held back, the refresh never came.
test("issue 21 issue 20 §4 a page joins the browser's session while its session code still loads, with one refresh", async ({
  page,
}) => {
  await startSignedIn(page, "/");
  // hold the session machine's code until the page has asked for its token (routing also skips the cache)
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/session[-.][^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const codes = refreshCodes([page]);
  const asked = page.waitForRequest((request) => request.url().endsWith("/api/refreshToken"));
  const opened = page.goto("/billing");
  await asked;
  release();
  await opened;
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
  await expect(page.getByTestId("login-modal")).toHaveCount(0);
  expect(await codes()).toEqual([0]);
});

test("issue 20 §4 SHELL-083 signing out in one tab signs out the other at once: it shows the sign-in; signing in again, it joins", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  const other = await context.newPage();
  await other.goto("/billing");
  await expect(other.getByRole("button", { name: /Account menu/ })).toBeVisible();

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await page.getByTestId("logout-confirm").getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The other tab, untouched, is sent to sign in (the guard's redirect and the login modal), without a reload.
  await expect(other).toHaveURL(/\/\?redirect=%2Fbilling$/);
  await expect(other.getByTestId("login-modal")).toBeVisible();
  await expect(other.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
  // And it stays signed out when reloaded: the browser's session is gone (the reloaded page has settled on
  // the sign-in before the account menu's absence is read: a page still loading has no menu either).
  await other.reload();
  await expect(
    other
      .getByTestId("login-modal")
      .or(other.getByRole("button", { name: "Log in", exact: true }))
      .first(),
  ).toBeVisible();
  await expect(other.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
  expect(await refreshCookie(context)).toBeUndefined();

  // Signed in again in the first tab, the other joins at once, its login modal open (its own refresh at start
  // was refused: the browser had no session then): the modal closes and it goes on to the page its guard held
  // back. Before, a tab whose login modal was open stayed asking to sign in.
  const modal = await loginModal(other);
  await logIn(page, "demo", "demo1234");
  await expect(modal).toBeHidden();
  await expect(other).toHaveURL(/\/billing$/);
  await expect(other.getByRole("heading", { name: "Billing" })).toBeVisible();
  await expect(other.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await other.close();
});

test("issue 20 §4 D-16 two tabs opening at once, then refreshing expired tokens at once, all stay signed in; a spent cookie is still caught", async ({
  page,
  context,
  request,
}) => {
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  const first = (await refreshCookie(context))!.value;
  const a = await context.newPage();
  const b = await context.newPage();
  const tokenOf = new Map([a, b].map((tab) => [tab, followToken(tab)] as const));
  const codes = refreshCodes([a, b]);
  // Two tabs join the browser's session at the same moment: each refresh waits for the other (one cookie).
  await Promise.all([a.goto("/"), b.goto("/")]);
  for (const tab of [a, b]) {
    await expect(tab.getByRole("button", { name: /Account menu/ })).toBeVisible();
    await expect(tab.getByTestId("home-category-grid").getByRole("listitem")).toHaveCount(6);
  }
  // Both tabs' access tokens expire; both go on at the same moment (client-side navigation: each meets ATE).
  for (const tab of [a, b]) await expireAccessToken(request, tokenOf.get(tab)!());
  await Promise.all([orderLink(a).click({ force: true }), orderLink(b).click({ force: true })]);
  for (const tab of [a, b]) {
    await expect(tab).toHaveURL(/\/newOrder\?id=/);
    // The crafts are a protected call: shown, they were answered with a working token.
    await expect(craftGroups(tab)).toBeVisible({ timeout: 30_000 });
    await expect(tab.getByRole("button", { name: /Account menu/ })).toBeVisible();
    await expect(toast(tab, "error")).toHaveCount(0);
  }
  // Every refresh succeeded: none spent a refresh token twice, so the session was never revoked as reused.
  const answered = await codes();
  expect(answered.length).toBeGreaterThanOrEqual(4);
  expect(answered.every((code) => code === 0)).toBe(true);
  // The session still works in every tab after a reload.
  for (const tab of [page, a, b]) {
    await tab.reload();
    await expect(tab.getByRole("button", { name: /Account menu/ })).toBeVisible();
  }
  // Real reuse is still caught: the sign-in's spent refresh token, replayed, revokes the session.
  const replay = await request.post("/api/refreshToken", { data: { refreshToken: first } });
  expect((await replay.json()).code).toBe("RTI");
  await a.close();
  await b.close();
});

test("SHELL-128 issue 20 §12 the 'Login success' toast does not cover the header: its menu and account menu stay usable", async ({
  page,
}) => {
  await page.goto("/");
  await logIn(page, "demo", "demo1234");
  const said = toast(page, "success");
  await expect(said).toHaveText("Login success");
  const toastBox = (await said.boundingBox())!;
  const header = (await page.locator("header").first().boundingBox())!;
  // Below the header, inside the window.
  expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(toastBox.x).toBeGreaterThanOrEqual(0);
  expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(1440);
  // The account menu's list, opened, does not fall where the toast shows. Compared by their places (the
  // toast's is fixed), not by catching both on screen at once: the toast's 4 s must not decide the test.
  const accountMenu = page.getByRole("button", { name: /Account menu/ });
  await accountMenu.click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const menuBox = (await menu.boundingBox())!;
  const overlaps =
    toastBox.x < menuBox.x + menuBox.width &&
    menuBox.x < toastBox.x + toastBox.width &&
    toastBox.y < menuBox.y + menuBox.height &&
    menuBox.y < toastBox.y + toastBox.height;
  expect(overlaps).toBe(false);
  await expect(page.getByRole("menuitem", { name: "Log Out" })).toBeVisible();
});
