import { readFile } from "node:fs/promises";
import { test, expect, expectAccessible, startSignedIn } from "./fixtures.ts";

test("the flows table of contents links every flow; the quick order's picture, simulator, SVG and Chinese", async ({
  page,
}) => {
  // a long walk: two layouts of the quick order, a dozen simulator steps, three axe scans
  test.slow();
  await startSignedIn(page, "/flows");
  const toc = page.getByRole("navigation", { name: "Flows" });
  await expect(toc.getByRole("link", { name: "Quick order" })).toBeVisible();
  await expect(toc.getByText("Balance distribution")).toBeVisible();
  // what no test walks, at a glance: the quick order and the balance distribution are walked whole; the
  // style order names its gaps while it has some (tests/unit/flowCoverage.test.ts lists them with reasons)
  const entry = (name: string) =>
    toc.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
  for (const walked of ["Quick order", "Balance distribution"])
    await expect(entry(walked).getByTestId("coverage-gaps")).toHaveText("every state and transition walked by a test");
  await expect(entry("Style order").getByTestId("coverage-gaps")).toHaveText(
    /^(no test walks: \d+ transitions, \d+ states|every state and transition walked by a test)$/,
  );
  await expectAccessible(page);

  await toc.getByRole("link", { name: "Quick order" }).click();
  await expect(page).toHaveURL(/\/flows\/quickOrder$/);
  await expect(page.getByRole("heading", { level: 1, name: "Quick order" })).toBeVisible();
  const picture = page.locator("svg[data-flow-picture=quickOrder]");
  await expect(picture).toBeVisible();
  // arrows with their trigger and guard, read from data (no xstate.done.actor.* names, no minified t(…))
  await expect(picture.locator("[data-transition]").first()).toBeVisible();
  await expect(picture.getByText("when checking the stock succeeds").first()).toBeAttached();
  await expect(picture.getByText("if not: A fabric is chosen · QO-134").first()).toBeAttached();
  await expect(picture.getByText(/xstate\.done\.actor/)).toHaveCount(0);
  await expect(picture.getByText(/\bt\(has/)).toHaveCount(0);
  // focusing a guard shows the whole rule and the refusal a user sees
  await picture.locator("[data-guard='not(hasFabric)']").first().focus();
  await expect(page.getByTestId("guard-details").first()).toContainText("QO-134, QO-149: A fabric is chosen");
  await expect(page.getByTestId("guard-details").first()).toContainText("“Please select a fabric”");

  // the simulator: a path to Submit with one refusal on the way
  const sim = page.getByRole("region", { name: "Simulator" });
  const state = sim.getByTestId("sim-state");
  const play = (name: string) =>
    sim.getByRole("group", { name: "Events possible now" }).getByRole("button", { name, exact: true }).click();
  await expect(state).toHaveText("loading");
  await play("when loading the order's setup succeeds");
  await expect(state).toContainText("basicInfo");
  await sim.getByRole("checkbox", { name: /^hasFabric —/ }).uncheck();
  await play("user.next");
  await expect(sim.getByTestId("sim-outcome")).toContainText("Refused by QO-134, QO-149 (hasFabric)");
  await expect(sim.getByTestId("sim-outcome")).toContainText("“Please select a fabric”");
  await expect(state).toContainText("basicInfo");
  await sim.getByRole("checkbox", { name: /^hasFabric —/ }).check();
  await play("user.next");
  await expect(state).toContainText("crafts");
  await expect(picture.locator("[data-hot=true]")).toHaveCount(1);
  await play("user.next");
  await expect(state).toContainText("sizeBody");
  await play("user.submit");
  await expect(state).toContainText("submitting");
  await play("when submitting the order succeeds");
  await expect(state).toHaveText("done");
  await expect(picture.locator("[data-state-id='quickOrder.done'][data-active=true]")).toBeAttached();

  // the run is a link that replays it
  const link = await sim.getByRole("link", { name: "Link to this run" }).getAttribute("href");
  expect(link).toContain("events=");
  await page.goto(link!);
  await expect(page.getByRole("region", { name: "Simulator" }).getByTestId("sim-state")).toHaveText("done");

  // download the picture as SVG
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download SVG" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("quickOrder.svg");
  const svg = await readFile((await file.path())!, "utf8");
  expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg).toContain("when checking the stock succeeds");

  // the text alternative lists the states and transitions
  const list = page.getByRole("region", { name: "States and transitions" });
  await expect(list.getByText("basicInfo.form", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Chinese
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "快速下单" })).toBeVisible();
  await expect(page.locator("svg[data-flow-picture=quickOrder]").getByText("检查库存成功时").first()).toBeAttached();
  await expectAccessible(page);
});

test("a quick order running in another tab lights its state and last transition; the zoom answers the keyboard", async ({
  page,
  context,
}) => {
  await startSignedIn(page, "/flows/quickOrder");
  const picture = page.locator("svg[data-flow-picture=quickOrder]");
  // drawn from the kept layout, without elkjs
  await expect(page.locator("[data-layout=kept]")).toBeAttached();
  await expect(page.getByTestId("live-note")).toHaveCount(0);
  const order = await context.newPage();
  await order.goto("/quickOrder?id=3000");
  await expect(page.getByTestId("live-note")).toBeVisible();
  await expect(picture.locator("[data-state-id='quickOrder.basicInfo.form'][data-active=true]")).toBeAttached();
  await expect(picture.locator("[data-hot=true]")).toHaveCount(1);
  await order.close();

  const width = async () => Number(await picture.getAttribute("width"));
  const natural = await width();
  await page.getByLabel(/^The picture of quickOrder/).focus();
  await page.keyboard.press("+");
  await expect(page.getByTestId("zoom")).toHaveText("125%");
  expect(await width()).toBeGreaterThan(natural);
  await page.keyboard.press("0");
  await expect(page.getByTestId("zoom")).not.toHaveText("125%");
  expect(await width()).toBeLessThanOrEqual(1380);
  await page.getByRole("toolbar", { name: "Zoom" }).getByRole("button", { name: "Actual size" }).click();
  await expect(page.getByTestId("zoom")).toHaveText("100%");
  await expectAccessible(page);
});

test("a tab opened directly on /flows waits for the menu's authorities before judging them (not refused)", async ({
  page,
}) => {
  // The authorities arrive only when the test lets them: no timing decides where the page lands.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/memberdetail/getMemberAuthority**", async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest("**/api/admin/memberdetail/getMemberAuthority**");
  await startSignedIn(page, "/flows");
  await asked;
  release();
  await expect(
    page.getByRole("navigation", { name: "Flows" }).getByRole("link", { name: "Quick order" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/flows$/);
  await expect(page.getByTestId("route-not-open")).toHaveCount(0);
});
