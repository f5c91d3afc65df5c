import { test, expect, expectAccessible, logIn, startSignedIn, toast } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { fillCustomerAndFabric, IN_STOCK as inStock, openQuickOrder, steps } from "./orderEntry.ts";
import { MONEY_USD, usd, withSurcharge } from "./money.ts";

/** Step-1 accessories, the selection cache, the fabric price, price tips, uploads and the summary panel. */
/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const step = (page: Page, n: number) => steps(page).nth(n);
/** QO-017: the FILE accessory, priced 35.00 in the seed. */
const PRINTED_LINING = withSurcharge("Printed lining with your artwork", 3500);

/** QO-038: the price tip shows for 3 s; QO-203: the fabric list closes 500 ms after the input loses focus. */
const PRICE_TIP_MS = 3000;
const FABRIC_BLUR_DELAY_MS = 500;
/**
 * Where a test pauses the page's clock: ahead of any time the page can have reached since `start`
 * (a test lasts at most 60 s), so pausing never races the clock; the jump only runs timers earlier.
 */
const PAUSE_AHEAD_MS = 90_000;

test("QO-017 QO-136 QO-009 QO-010 step 1 offers the accessories; a chosen lining colour must be filled in; the summary lists the piece", async ({
  page,
}) => {
  await openQuickOrder(page);
  const accessories = page.getByTestId("accessories");
  await expect(accessories.getByLabel("Lining", { exact: true })).toHaveValue(/\d+/);
  await expect(accessories.getByLabel("Buttons", { exact: true })).toHaveValue(/\d+/);
  await fillCustomerAndFabric(page);
  await accessories.getByLabel("Lining", { exact: true }).selectOption({ label: "Lining colour of your choice" });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Lining incomplete/);
  await expect(step(page, 0)).toHaveAttribute("aria-current", "step");
  await accessories.getByLabel("Lining colour of your choice: value").fill("Burgundy");
  await expectAccessible(page);
  // QO-009, QO-010: the preview and the piece's fabric and crafts
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByRole("img", { name: "Suit preview" })).toBeVisible();
  await expect(summary.getByRole("region", { name: "Suit" })).toContainText(inStock);
  await expect(summary).toContainText("Lining colour of your choice");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(step(page, 1)).toHaveAttribute("aria-current", "step");
  // the crafts step no longer lists the accessories
  await expect(page.getByRole("list", { name: "Craft groups" })).not.toContainText("Lining");
});

test("QO-018 QO-083 QO-084 synced buttons reach another category; switching back restores the category's picks", async ({
  page,
}) => {
  await openQuickOrder(page);
  const accessories = page.getByTestId("accessories");
  await accessories.getByLabel("Lining", { exact: true }).selectOption({ label: "Lining colour of your choice" });
  await accessories.getByLabel("Lining colour of your choice: value").fill("Olive");
  const buttons = accessories.getByLabel("Buttons", { exact: true });
  await buttons.selectOption(
    (await buttons.locator("option", { hasText: "Corozo buttons" }).getAttribute("value")) ?? "",
  );
  await accessories.getByRole("button", { name: "Use the same Buttons for my other garments" }).click();
  await expect(
    toast(page, "success").filter({ hasText: "Buttons: the same choice will be used for your other garments" }),
  ).toBeVisible();
  // QO-006: another category reloads the page; its buttons come synced
  await page.getByLabel("Category").selectOption("2000");
  await expect(page).toHaveURL(/id=2000/);
  await expect(
    page.getByTestId("accessories").getByLabel("Buttons", { exact: true }).locator("option:checked"),
  ).toHaveText(/Corozo buttons/);
  // QO-084: back to the suit, its own picks come back
  await page.getByLabel("Category").selectOption("3000");
  await expect(page).toHaveURL(/id=3000/);
  await expect(
    page.getByTestId("accessories").getByLabel("Lining", { exact: true }).locator("option:checked"),
  ).toHaveText("Lining colour of your choice");
  await expect(page.getByTestId("accessories").getByLabel("Lining colour of your choice: value")).toHaveValue("Olive");
  await expect(
    page.getByTestId("accessories").getByLabel("Buttons", { exact: true }).locator("option:checked"),
  ).toHaveText(/Corozo buttons/);
});

test("QO-111 the garment's price follows the picked fabric, and the order's price its choices", async ({ page }) => {
  await openQuickOrder(page);
  const total = page.getByTestId("fabric-price-total");
  await expect(total).toHaveText(MONEY_USD);
  const makeOnly = await total.textContent();
  await page.locator("#qo-fabric").fill(inStock);
  await page
    .getByRole("listbox", { name: "Fabrics" })
    .getByRole("option", { name: new RegExp(`^${inStock}`) })
    .click();
  await expect(total).not.toHaveText(makeOnly ?? "");
  await expect(page.getByTestId("order-price-lines")).toContainText("Making");
  // the whole order's price, crafts included, as saving will price it
  const orderPrice = page.getByTestId("order-price-unit");
  await expect(orderPrice).toHaveText(MONEY_USD);
  await expect(page.getByTestId("order-price")).toHaveAttribute("aria-busy", "false");
  const before = Number(await orderPrice.locator("[data-cents]").getAttribute("data-cents"));
  await page.getByTestId("accessories").getByLabel("Lining", { exact: true }).selectOption({ label: PRINTED_LINING });
  await expect(orderPrice.locator("[data-cents]")).toHaveAttribute("data-cents", String(before + 3500));
  await expect(orderPrice).toHaveText(usd(before + 3500));
});

test("QO-111 an order price that cannot be calculated says so instead of showing the old one; the next change prices it again", async ({
  page,
}) => {
  await openQuickOrder(page);
  const orderPrice = page.getByTestId("order-price");
  await expect(page.getByTestId("order-price-unit")).toHaveText(MONEY_USD);
  // The quote request fails (the network) once the quantity changes.
  await page.route("**/api/pc/order/quote", (route) => route.abort());
  await page.locator("#qo-amount").fill("2");
  await expect(orderPrice).toHaveText("The price could not be calculated");
  await expect(page.getByTestId("order-price-unit")).toHaveCount(0);
  await page.unroute("**/api/pc/order/quote");
  await page.locator("#qo-amount").fill("3");
  // while the new price is asked for, the failure stays and no old price comes back
  await expect(orderPrice).toHaveAttribute("aria-busy", "true");
  await expect(orderPrice).toHaveText("The price could not be calculated");
  await expect(page.getByTestId("order-price-unit")).toHaveText(MONEY_USD);
  await expect(orderPrice).toContainText("× 3 garments");
});

test("QO-038 a chosen option's price tip shows for 3 seconds", async ({ page }) => {
  // the page's timers run on Playwright's clock (flowing as usual until paused)
  await page.clock.install();
  await openQuickOrder(page);
  const start = await page.evaluate(() => Date.now());
  await fillCustomerAndFabric(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page
    .getByRole("list", { name: "Craft groups" })
    .getByRole("button", { name: /^Personal label/ })
    .click();
  const tile = page.getByRole("list", { name: "Options" }).getByRole("button", { name: /Name on the inside label/ });
  // the page's clock stands still from here: only runFor moves it (the order's 3 s timer, no wall-clock race)
  await page.clock.pauseAt(start + PAUSE_AHEAD_MS);
  await tile.click();
  const tip = page.getByRole("status").filter({ hasText: "for Name on the inside label" });
  await expect(tip).toBeVisible();
  await page.clock.runFor(PRICE_TIP_MS - 1);
  await expect(tip).toBeVisible();
  await page.clock.runFor(1);
  await expect(tip).toBeHidden();
  await page.clock.resume();
  await expect(tile).toHaveAttribute("aria-pressed", "true");
});

test("QO-032 API-009 API-010 API-011 API-012 monogram artwork (font 1500) is uploaded: kind and size are checked, the server checks the content", async ({
  page,
}) => {
  await openQuickOrder(page);
  await fillCustomerAndFabric(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Monogram", exact: true }).click();
  await page.getByRole("button", { name: "Add monogram" }).click();
  const row = page.getByRole("group", { name: "Monogram row 1" });
  await row.getByLabel("Font").selectOption({ label: "Uploaded artwork" });
  await expect(row.getByLabel("Content")).toHaveCount(0);
  const file = row.getByLabel("Monogram artwork 1");
  // API-010: a gif is refused before upload
  await file.setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(row.getByRole("alert")).toHaveText("Only png, jpg and jpeg pictures can be uploaded");
  // API-011: more than 2048 KB is refused before upload
  await file.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(2048 * 1024 + 1) });
  await expect(row.getByRole("alert")).toHaveText("The picture must be 2048 KB or smaller");
  // API-012: a text file named .png reaches the server, which refuses it by its content
  const refused = page.waitForResponse((r) => r.url().includes("/api/pc/attachment/upload"));
  await file.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await refused;
  await expect(row.getByRole("alert")).toHaveText(/png, jpg/);
  // API-009: a real picture is stored and shown
  await file.setInputFiles({ name: "initials.png", mimeType: "image/png", buffer: PNG });
  await expect(row.getByRole("img", { name: "Uploaded picture for Monogram artwork 1" })).toBeVisible();
  await expect(row.getByText("initials.png")).toBeVisible();
  await expect(row.getByRole("alert")).toHaveCount(0);
  await expectAccessible(page);
});

test("QO-202 QO-203 the summary panel sticks after 25 px of scroll; the fabric list closes 500 ms after the input loses focus", async ({
  page,
}) => {
  // the page's timers run on Playwright's clock (flowing as usual until paused)
  await page.clock.install();
  await openQuickOrder(page);
  const start = await page.evaluate(() => Date.now());
  const summary = page.getByTestId("order-summary");
  await expect(summary).toHaveAttribute("data-stuck", "false");
  await page.mouse.wheel(0, 200);
  await expect(summary).toHaveAttribute("data-stuck", "true");
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await expect(summary).toHaveAttribute("data-stuck", "false");

  await page.locator("#qo-fabric").fill(inStock.slice(0, 3));
  const list = page.getByRole("listbox", { name: "Fabrics" });
  await expect(list).toBeVisible();
  // the page's clock stands still from here: only runFor moves it (no wall-clock race)
  await page.clock.pauseAt(start + PAUSE_AHEAD_MS);
  await page.locator("#qo-fabric").blur();
  await page.clock.runFor(FABRIC_BLUR_DELAY_MS - 1);
  await expect(list).toBeVisible();
  await page.clock.runFor(1);
  await expect(list).toBeHidden();
  await page.clock.resume();
  await page.locator("#qo-fabric").focus();
  await expect(list).toBeVisible();
});

test("QO-012 QO-013 QO-014 QO-015 QO-016 QO-019 step 1 has height and weight with units, gender, quantity, fabric and the optional fields", async ({
  page,
}) => {
  await openQuickOrder(page);
  await expect(page.locator("#qo-height")).toBeVisible();
  await expect(page.getByLabel("Height unit")).toBeVisible();
  await expect(page.locator("#qo-weight")).toBeVisible();
  await expect(page.getByLabel("Weight unit")).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Gender" })).toBeVisible();
  await expect(page.getByLabel("Quantity")).toHaveValue("1");
  await expect(page.getByRole("radiogroup", { name: "Fabric source" })).toBeVisible();
  await expect(page.locator("#qo-fabric")).toBeVisible();
  for (const name of ["Customer order number", "Phone", "E-mail", "Address"])
    await expect(page.getByLabel(name, { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Birthday" }).getByRole("textbox")).toHaveCount(3);
});

test("QO-033 D-12 the monogram size field shows only where sizes exist", async ({ page }) => {
  for (const [category, sizes] of [
    [3000, 1],
    [2000, 0],
  ] as const) {
    await page.goto(`/quickOrder?id=${category}`);
    if (category === 3000) await logIn(page, "demo", "demo1234");
    await expect(page.getByTestId("quick-order")).toBeVisible();
    await fillCustomerAndFabric(page);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Monogram", exact: true }).click();
    await page.getByRole("button", { name: "Add monogram" }).click();
    await expect(page.getByRole("group", { name: "Monogram row 1" }).getByLabel("Size")).toHaveCount(sizes);
  }
});

test("API-009 QO-136 a FILE accessory (printed lining) needs its uploaded picture before step 2", async ({ page }) => {
  await openQuickOrder(page);
  await fillCustomerAndFabric(page);
  const accessories = page.getByTestId("accessories");
  await accessories.getByLabel("Lining", { exact: true }).selectOption({ label: PRINTED_LINING });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Lining incomplete/);
  await accessories
    .getByLabel("Printed lining with your artwork picture")
    .setInputFiles({ name: "lining.png", mimeType: "image/png", buffer: PNG });
  await expect(
    accessories.getByRole("img", { name: "Uploaded picture for Printed lining with your artwork picture" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(step(page, 1)).toHaveAttribute("aria-current", "step");
});

test("QO-093 the simple order's step 3 loads the base styles; one that does not offer a chosen craft is refused", async ({
  page,
}) => {
  await startSignedIn(page, "/newOrder?id=3000");
  await expect(page.getByTestId("new-order")).toBeVisible();
  await page.locator("#qo-fabric").fill(inStock);
  await page
    .getByRole("listbox", { name: "Fabrics" })
    .getByRole("option", { name: new RegExp(`^${inStock}`) })
    .click();
  await expect(page.getByText("In stock")).toBeVisible();
  // a shawl collar, which the Country base does not offer
  await page
    .getByRole("list", { name: "Craft groups" })
    .getByRole("button", { name: /^Lapel/ })
    .click();
  await page
    .getByRole("list", { name: "Options" })
    .getByRole("button", { name: /Shawl collar/ })
    .click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  const styles = page.getByRole("radiogroup", { name: "Base style" });
  await expect(styles.getByRole("radio")).toHaveCount(3);
  await expect(styles.getByRole("radio", { name: "Classic two-button" })).toBeChecked();
  await styles.getByRole("radio", { name: "Country" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Shawl collar is not offered on the Country base style/);
  await expect(styles.getByRole("radio", { name: "Classic two-button" })).toBeChecked();
  await styles.getByRole("radio", { name: "Slim one-button" }).check();
  await expect(styles.getByRole("radio", { name: "Slim one-button" })).toBeChecked();
  await expectAccessible(page);
});
