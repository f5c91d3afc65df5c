/**
 * The flow book's tours in Chromium (`npm run flowbook`): for each card machine its picture (the SVG of
 * /flows/<machine>) and each Chromium tour as a storyboard: at each step the state, the events and a
 * screenshot at 1440 × 900, written to flowbook/<machine>/ for tests/flowbook/book.ts.
 *
 * - quick order: the Chromium tours of its step model (tests/e2e/pathDriver.ts, the tours
 *   tests/e2e/quickOrderPaths.spec.ts replays), every abstract step a frame;
 * - professional order and style order: the Chromium tours of their step models
 *   (tests/e2e/professionalTours.ts and styleTours.ts, the tours their *Paths specs replay), every
 *   abstract step a frame;
 * - session: sign in, the menu, log out with its confirmation (tests/e2e/session.spec.ts's steps).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { test, expect, logIn, startSignedIn } from "../e2e/fixtures.ts";
import { replayInBrowser, selectBrowserPaths, type TourStep } from "../e2e/pathDriver.ts";
import { idsOf as professionalIds, replayProfessionalTour, selectProfessionalTours } from "../e2e/professionalTours.ts";
import { replayStyleTour, selectStyleTours } from "../e2e/styleTours.ts";

const BOOK = fileURLToPath(new URL("../../flowbook/", import.meta.url));

/** A storyboard being written: each frame's state, events and screenshot. */
function storyboard(page: Page, machine: string, tour: string, title: string) {
  const dir = `${BOOK}${machine}`;
  mkdirSync(dir, { recursive: true });
  const frames: Array<TourStep & { shot: string }> = [];
  return {
    frame: async (step: TourStep) => {
      const shot = `${tour}-${String(frames.length).padStart(2, "0")}.jpg`;
      await page.screenshot({ path: `${dir}/${shot}`, type: "jpeg", quality: 60 });
      frames.push({ ...step, shot });
    },
    save: () => writeFileSync(`${dir}/${tour}.json`, JSON.stringify({ title, frames }, null, 1)),
  };
}

for (const machine of ["quickOrder", "professionalOrder", "styleOrder", "session"]) {
  test(`${machine}: the picture`, async ({ page }) => {
    await startSignedIn(page, `/flows/${machine}`);
    const svg = page.locator(`svg[data-flow-picture=${machine}]`);
    await expect(svg).toBeVisible();
    mkdirSync(`${BOOK}${machine}`, { recursive: true });
    writeFileSync(`${BOOK}${machine}/picture.svg`, await svg.evaluate((el) => el.outerHTML));
  });
}

for (const [n, path] of selectBrowserPaths().selected.entries()) {
  test(`quickOrder: tour ${String(n + 1)}, ${path.target}`, async ({ page }) => {
    const board = storyboard(
      page,
      "quickOrder",
      `tour-${String(n + 1).padStart(2, "0")}`,
      `Tour ${String(n + 1)}: to ${path.target}${path.ids ? ` (${path.ids})` : ""}`,
    );
    await replayInBrowser(page, path, board.frame);
    board.save();
  });
}

/** A tour's title: its number and its abstract steps. */
const tourTitle = (n: number, steps: ReadonlyArray<{ event: { type: string } }>, ids = "") =>
  `Tour ${String(n + 1)}: ${steps
    .slice(1)
    .map((s) => s.event.type)
    .join(" → ")}${ids ? ` (${ids})` : ""}`;

for (const [n, path] of selectProfessionalTours().selected.entries()) {
  test(`professionalOrder: tour ${String(n + 1)}`, async ({ page }) => {
    const board = storyboard(
      page,
      "professionalOrder",
      `tour-${String(n + 1).padStart(2, "0")}`,
      tourTitle(n, path.steps, professionalIds(path)),
    );
    await replayProfessionalTour(page, path, board.frame);
    board.save();
  });
}

for (const [n, path] of selectStyleTours().selected.entries()) {
  test(`styleOrder: tour ${String(n + 1)}`, async ({ page }) => {
    const board = storyboard(page, "styleOrder", `tour-${String(n + 1).padStart(2, "0")}`, tourTitle(n, path.steps));
    await replayStyleTour(page, path, board.frame);
    board.save();
  });
}

test("session: sign in, the menu, log out", async ({ page }) => {
  const board = storyboard(
    page,
    "session",
    "tour-01",
    "Sign in, the menu's authorities, log out with its confirmation",
  );
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeVisible();
  await board.frame({ step: "open", events: [], state: "signedOut.idle" });
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  const modal = page.getByTestId("login-modal");
  await expect(modal).toBeVisible();
  await board.frame({ step: "open the login", events: ["user.openLogin"], state: "signedOut.loginOpen.editing" });
  await modal.getByRole("button", { name: "Log in" }).click();
  await expect(modal.getByText("Username cannot be empty")).toBeVisible();
  await board.frame({
    step: "log in with nothing typed: refused",
    events: ["user.submitLogin"],
    state: "signedOut.loginOpen.editing",
  });
  await modal.getByLabel("Username").fill("demo");
  await modal.getByLabel("Password").fill("not-the-password");
  await modal.getByLabel("Password").press("Enter");
  await expect(modal.getByRole("alert")).toHaveText("Wrong username or password");
  await board.frame({
    step: "a wrong password",
    events: ["user.edit", "user.submitLogin", "xstate.error.actor.login"],
    state: "signedOut.loginOpen.editing",
  });
  await logIn(page, "demo", "demo1234");
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await board.frame({
    step: "log in",
    events: [
      "user.openLogin",
      "user.edit",
      "user.submitLogin",
      "xstate.done.actor.login",
      "xstate.done.actor.loadAuthorities",
    ],
    state: "signedIn (token.valid, menu.ready, logout.idle)",
  });
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  const confirm = page.getByTestId("logout-confirm");
  await expect(confirm).toBeVisible();
  await board.frame({
    step: "Log Out: asked to confirm",
    events: ["user.requestLogout"],
    state: "signedIn.logout.confirming",
  });
  await confirm.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeVisible();
  await board.frame({
    step: "confirmed: signed out",
    events: ["user.confirmLogout", "xstate.done.actor.logout"],
    state: "signedOut.idle",
  });
  board.save();
});
