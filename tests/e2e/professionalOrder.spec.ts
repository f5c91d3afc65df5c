import type { Locator, Page } from "@playwright/test";
import { test, expect, expectAccessible, logIn, openMenuPanel, startSignedIn } from "./fixtures.ts";
import { balanceCents, fillMeasurementList, IN_STOCK, OUT_OF_STOCK, pickFabric, storedOrder } from "./orderEntry.ts";
import { signInFresh } from "./cart.ts";

/**
 * The professional order (000 §2.7, PO-001..039) in Chromium at 1440 × 900 against the real server:
 * a suit with embroidery on two pieces submitted and paid, the form kept while another category is
 * open, each missing item refused in turn, HTML typed as text, and an axe scan of the page and of the
 * confirmation before a monogram row goes.
 */

const KEY = "professionalOrderForm";

/** Opens the professional order as demo, or (`fresh`) as a fresh account whose balance no other spec spends. */
async function openProfessional(page: Page, category = 3000, { fresh = false } = {}) {
  if (fresh) {
    await signInFresh(page, 1_000_000);
    await page.goto(`/peofessionalOrder?id=${category}`);
  } else await startSignedIn(page, `/peofessionalOrder?id=${category}`);
  await expect(page.getByTestId("professional-order")).toBeVisible();
  await expect(page.getByTestId(`piece-${category}`)).toBeVisible();
}

const piece = (page: Page, category: number) => page.getByTestId(`piece-${category}`);
const submitButton = (page: Page) =>
  page.getByTestId("professional-order").locator("header").getByRole("button", { name: "Submit" });
const saveButton = (page: Page) =>
  page.getByTestId("professional-order").locator("header").getByRole("button", { name: "Save to cart" });

/** Adds a monogram row to a piece and fills it: position, colour, font (size where offered), content. */
async function addMonogram(section: Locator, content: string, size: boolean) {
  await section.getByRole("button", { name: "Monogram", exact: true }).click();
  await section.getByRole("button", { name: "Add monogram" }).click();
  const row = section.getByRole("group", { name: "Monogram row 1" });
  await row.getByRole("combobox", { name: "Position" }).selectOption({ index: 1 });
  await row.getByRole("combobox", { name: "Colour" }).selectOption({ index: 1 });
  await row.getByRole("combobox", { name: "Font" }).selectOption({ index: 2 });
  if (size) await row.getByRole("combobox", { name: "Size" }).selectOption({ index: 1 });
  else await expect(row.getByRole("combobox", { name: "Size" })).toHaveCount(0);
  await row.getByRole("textbox", { name: "Content" }).fill(content);
}

async function fillCustomer(page: Page, name = "Professional Customer") {
  await page.getByLabel("Customer name").fill(name);
  await page.getByLabel("Nickname").fill("Pro");
  await page.locator("#qo-height").fill("180");
}

/** The trousers as a further piece of the suit (its measurements load with it). */
async function addTrousers(page: Page) {
  const trousers = page.getByRole("group", { name: "Garment pieces" }).getByRole("checkbox", { name: "Trousers" });
  // the piece joins once its measurements are loaded
  await trousers.click();
  await expect(trousers).toBeChecked();
  await expect(piece(page, 2000)).toBeVisible();
  await fillMeasurementList(page, "Extra trousers");
}

test("PO-001 PO-002 PO-008 PO-017 a professional suit with embroidery on two pieces is submitted and the balance debited by exactly its price", async ({
  page,
}) => {
  // demo's balance moves whenever another spec submits as demo: this test counts on its own account
  await openProfessional(page, 3000, { fresh: true });
  await pickFabric(page, IN_STOCK);
  await expect(page.getByText("In stock")).toBeVisible();
  await fillMeasurementList(page);
  await addTrousers(page);
  // PO-017: the suit (3000) offers embroidery sizes, the trousers (2000) none
  await addMonogram(piece(page, 3000), "AB", true);
  await addMonogram(piece(page, 2000), "CD", false);
  // PO-002: the summary lists each piece with its own monogram rows
  const pieces = page.getByTestId("order-summary");
  await expect(pieces.getByRole("region", { name: "Trousers", exact: true })).toContainText(": CD");
  await expect(pieces.getByRole("region", { name: "Suit", exact: true })).toContainText(": AB");
  await expect(pieces.getByRole("region", { name: "Suit", exact: true })).not.toContainText(": CD");
  await fillCustomer(page);
  await page.screenshot({ path: "test-results/professional-suit.png", fullPage: true });
  // the price the summary shows is the price charged
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByTestId("order-price")).toHaveAttribute("aria-busy", "false");
  const shown = ((await summary.getByTestId("order-price-unit").textContent()) ?? "").replace(/[^0-9.]/g, "");
  const before = await balanceCents(page);

  const submitted = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveSubmitOrder"));
  await submitButton(page).click();
  const response = await submitted;
  expect(response.request().headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  const body = (await response.json()) as {
    code: number;
    data: Array<{ orderId: string; sign: string; statusId: number; price: string }>;
  };
  expect(body.code).toBe(0);
  expect(body.data[0]).toMatchObject({ sign: "success", statusId: 10030 });
  expect(Number(body.data[0]!.price)).toBe(Number(shown));
  await expect(page).toHaveURL(/\/underProduction$/);
  // the balance is debited by exactly the price charged
  expect(before - (await balanceCents(page))).toBe(Math.round(Number(body.data[0]!.price) * 100));
  // stored as a professional order, each piece with its own embroidery row
  const stored = await storedOrder<{
    type: number;
    detailList: Array<{ clothCategory: number; embList: Array<{ content: string; embSize: number | null }> }>;
  }>(page, body.data[0]!.orderId);
  expect(stored.type).toBe(8);
  expect(stored.detailList.map((p) => [p.clothCategory, p.embList.map((e) => e.content)])).toEqual([
    [3000, ["AB"]],
    [2000, ["CD"]],
  ]);
  expect(stored.detailList[1]!.embList[0]!.embSize).toBeNull();
});

test("PO-003 PO-004 PO-020 PO-021 switching category keeps the unsaved form, switching back restores it, and saving drops it", async ({
  page,
}) => {
  await openProfessional(page);
  await page.getByRole("radio", { name: "CMT (customer's own fabric)" }).check();
  await page.locator("#qo-fabric").fill("Own navy tweed");
  await page.getByLabel("Customer name").fill("Kept Customer");
  await page.getByLabel("Nickname").fill("Kept");

  await page.getByLabel("Garment category").selectOption("1000");
  await expect(page).toHaveURL(/\/peofessionalOrder\?id=1000$/);
  await expect(piece(page, 1000)).toBeVisible();
  await expect(page.getByLabel("Customer name")).toHaveValue("");
  await page.getByLabel("Customer name").fill("Shirt Customer");

  await page.getByLabel("Garment category").selectOption("3000");
  await expect(page).toHaveURL(/\/peofessionalOrder\?id=3000$/);
  await expect(piece(page, 3000)).toBeVisible();
  await expect(page.getByLabel("Customer name")).toHaveValue("Kept Customer");
  await expect(page.getByLabel("Nickname")).toHaveValue("Kept");
  await expect(page.getByRole("radio", { name: "CMT (customer's own fabric)" })).toBeChecked();
  await expect(page.locator("#qo-fabric")).toHaveValue("Own navy tweed");
  // the shirt's form is kept in its turn
  expect(await page.evaluate((key) => Object.keys(JSON.parse(sessionStorage.getItem(key) ?? "{}")), KEY)).toEqual([
    "1000",
  ]);

  await page.locator("#qo-height").fill("180");
  await fillMeasurementList(page);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await saveButton(page).click();
  expect(((await (await saved).json()) as { code: number }).code).toBe(0);
  await expect(page).toHaveURL(/\/saveItems$/);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), KEY)).toBeNull();
  await page.goto("/peofessionalOrder?id=1000");
  await expect(piece(page, 1000)).toBeVisible();
  await expect(page.getByLabel("Customer name")).toHaveValue("");
});

test("PO-021 a submitted order drops the kept forms of every category", async ({ page }) => {
  await openProfessional(page, 1000);
  await page.getByLabel("Customer name").fill("Shirt Customer");
  // the shirt's unsaved form is kept while the suit is open
  await page.getByLabel("Garment category").selectOption("3000");
  await expect(piece(page, 3000)).toBeVisible();
  expect(await page.evaluate((key) => Object.keys(JSON.parse(sessionStorage.getItem(key) ?? "{}")), KEY)).toEqual([
    "1000",
  ]);
  await pickFabric(page, IN_STOCK);
  await fillMeasurementList(page);
  await fillCustomer(page, "Submitted Customer");
  const submitted = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveSubmitOrder"));
  await submitButton(page).click();
  expect(((await (await submitted).json()) as { code: number }).code).toBe(0);
  await expect(page).toHaveURL(/\/underProduction$/);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), KEY)).toBeNull();
  await page.goto("/peofessionalOrder?id=1000");
  await expect(piece(page, 1000)).toBeVisible();
  await expect(page.getByLabel("Customer name")).toHaveValue("");
});

test("PO-022 PO-023 PO-027 PO-030 PO-031 PO-032 PO-034 PO-035 PO-036 each missing item is refused in turn, at its field, and nothing is saved", async ({
  page,
}) => {
  const writes: string[] = [];
  page.on("request", (r) => {
    if (/saveOrder|saveSubmitOrder/.test(r.url())) writes.push(r.url());
  });
  await openProfessional(page);
  // an embroidery row with a position only
  const suit = piece(page, 3000);
  await suit.getByRole("button", { name: "Monogram", exact: true }).click();
  await suit.getByRole("button", { name: "Add monogram" }).click();
  const row = suit.getByRole("group", { name: "Monogram row 1" });
  await row.getByRole("combobox", { name: "Position" }).selectOption({ index: 1 });
  const site = (await row.getByRole("combobox", { name: "Position" }).locator("option:checked").textContent()) ?? "";

  const alert = page.getByRole("alert");
  const refusals: Array<[RegExp, () => Promise<void>]> = [
    [/^Please select a fabric/, () => pickFabric(page, IN_STOCK)],
    [
      new RegExp(`^Suit: monogram ${site}: please fill in the colour`),
      async () => {
        // the refusal points at its row
        await expect(row.getByRole("combobox", { name: "Position" })).toBeFocused();
        await row.getByRole("combobox", { name: "Colour" }).selectOption({ index: 1 });
        await row.getByRole("combobox", { name: "Font" }).selectOption({ index: 2 });
        await row.getByRole("combobox", { name: "Size" }).selectOption({ index: 1 });
        await row.getByRole("textbox", { name: "Content" }).fill("XY");
      },
    ],
    [/^Please fill in Customer name/, () => page.getByLabel("Customer name").fill("Refused Customer")],
    [/^Please fill in Nickname/, () => page.getByLabel("Nickname").fill("Ref")],
    [/^Please fill in Height/, () => page.locator("#qo-height").fill("180")],
    [/cannot be empty/, () => fillMeasurementList(page)],
  ];
  for (const [message, fix] of refusals) {
    await saveButton(page).click();
    await expect(alert).toHaveText(message);
    expect(writes).toEqual([]);
    await fix();
  }
  // D-06: the weight is not asked for
  await expect(page.locator("#qo-weight")).toHaveValue("");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await saveButton(page).click();
  expect(((await (await saved).json()) as { code: number }).code).toBe(0);
  expect(writes).toHaveLength(1);
});

test("PO-019 deleting an embroidery row asks first; the page and the dialog pass axe; PO-009 the actions repeat in a fixed bar", async ({
  page,
}) => {
  await openProfessional(page);
  await expectAccessible(page);
  const suit = piece(page, 3000);
  await suit.getByRole("button", { name: "Monogram", exact: true }).click();
  await suit.getByRole("button", { name: "Add monogram" }).click();
  await suit.getByRole("button", { name: "Delete monogram row 1" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this monogram?" });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: "test-results/professional-confirm.png" });
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(suit.getByRole("group", { name: "Monogram row 1" })).toBeVisible();
  await suit.getByRole("button", { name: "Delete monogram row 1" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(suit.getByRole("group", { name: "Monogram row 1" })).toHaveCount(0);

  // PO-009: past 120 px the actions are repeated in a fixed bar
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId("fixed-actions")).toHaveCount(0);
  await page.mouse.wheel(0, 800);
  const bar = page.getByRole("region", { name: "Order actions" });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("button", { name: "Submit" })).toBeVisible();
  await page.screenshot({ path: "test-results/professional-fixed-bar.png" });
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId("fixed-actions")).toHaveCount(0);
});

test("PO-005 the header shows the four step labels in order, each leading to its section", async ({ page }) => {
  await openProfessional(page);
  const steps = page.getByRole("list", { name: "Steps" }).getByRole("link");
  await expect(steps).toHaveText([
    "1. Fabric, crafts & monogram",
    "2. Customer info",
    "3. Measurement method & posture",
    "4. Measurements",
  ]);
  for (const [i, section] of ["po-crafts", "po-customer", "po-method", "po-measurements"].entries()) {
    await expect(steps.nth(i)).toHaveAttribute("href", `#${section}`);
    await expect(page.locator(`#${section}`)).toHaveCount(1);
  }
  await steps.nth(3).click();
  await expect(page).toHaveURL(/#po-measurements$/);
  await expect(page.locator("#po-measurements")).toBeInViewport();
});

test("PO-018 the craft search starts at 2 characters and opens the option's group", async ({ page }) => {
  await openProfessional(page);
  const suit = piece(page, 3000);
  const search = suit.getByRole("searchbox", { name: "Search crafts" });
  await search.fill("p");
  await expect(suit.locator("[data-found]")).toHaveCount(0);
  await search.fill("Peak");
  await expect(suit.getByRole("heading", { name: "Lapel", exact: true })).toBeVisible();
  await expect(suit.locator("[data-found] button")).toContainText("Peak");
});

test("HTML typed into the free-text fields is stored and shown as text, and never runs", async ({ page }) => {
  const html = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
  // a monogram's content is 50 characters at most, a name 64
  const short = `<img src=x onerror="window.__xss=3">`;
  await openProfessional(page);
  await pickFabric(page, IN_STOCK);
  await fillMeasurementList(page);
  await addMonogram(piece(page, 3000), short, true);
  await fillCustomer(page, short);
  await page.getByLabel("Address").fill(html);
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await saveButton(page).click();
  const { data } = (await (await saved).json()) as { data: { orderId: string } };
  await expect(page).toHaveURL(/\/saveItems$/);
  const stored = await storedOrder<{
    customerName: string;
    address: string;
    detailList: Array<{ embList: Array<{ content: string }> }>;
  }>(page, data.orderId);
  expect(stored.customerName).toBe(short);
  expect(stored.address).toBe(html);
  expect(stored.detailList[0]!.embList[0]!.content).toBe(short);
  // D-03: the order opened for editing shows the text as typed
  await page.goto(`/peofessionalOrder?id=3000&orderId=${data.orderId}&orderType=edit&sizeCategoryId=10052`);
  await expect(page.getByLabel("Customer name")).toHaveValue(short);
  await expect(page.getByLabel("Address")).toHaveValue(html);
  await expect(page.getByTestId("order-code")).toBeVisible();
  await expect(page.getByTestId("order-summary")).toContainText(short);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test("PO-021 SHELL-071 a professional category chosen from the NEW ORDER panel starts without the kept form", async ({
  page,
}) => {
  await openProfessional(page);
  await page.getByLabel("Customer name").fill("Kept Customer");
  await page.getByLabel("Garment category").selectOption("1000");
  await expect(piece(page, 1000)).toBeVisible();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), KEY)).toContain("Kept Customer");

  await openMenuPanel(page, "newOrder");
  await page.getByRole("tablist", { name: "Order type" }).getByRole("tab", { name: "Professional Order" }).click();
  await page.getByTestId("category-grid").getByRole("button", { name: "Suit", exact: true }).click();
  await expect(page).toHaveURL(/\/peofessionalOrder\?id=3000$/);
  await expect(piece(page, 3000)).toBeVisible();
  await expect(page.getByLabel("Customer name")).toHaveValue("");
  expect(await page.evaluate((key) => sessionStorage.getItem(key), KEY)).toBeNull();
});

test("PO-011 the flow diagrams page draws the professional order from its definition", async ({ page }) => {
  await startSignedIn(page, "/flows/professionalOrder");
  const figure = page.getByRole("figure", { name: "professionalOrder", exact: true });
  await expect(figure).toBeVisible();
  await expect(figure.getByText("invokes price", { exact: true }).first()).toBeVisible();
});

test("PO-012 PO-013 PO-014 the stock search shows a badge per fabric, green above 0 and red at 0", async ({ page }) => {
  await openProfessional(page);
  await page.locator("#qo-fabric").fill(OUT_OF_STOCK.slice(0, 2));
  const results = page.getByRole("listbox", { name: "Fabrics" });
  const soldOut = results.getByRole("option", { name: new RegExp(`^${OUT_OF_STOCK}`) });
  await expect(soldOut.getByTestId("fabric-result-stock")).toHaveAttribute("data-tone", "red");
  await page.locator("#qo-fabric").fill(IN_STOCK);
  const inStock = results.getByRole("option", { name: new RegExp(`^${IN_STOCK}`) });
  await expect(inStock.getByTestId("fabric-result-stock")).toHaveAttribute("data-tone", "green");
  // PO-015, PO-016: CMT is free text, and switching the source clears the fabric
  await page.getByRole("radio", { name: "CMT (customer's own fabric)" }).check();
  await expect(page.locator("#qo-fabric")).toHaveValue("");
});

test("PO-006 PO-007 a pending order opens with its number and the reason its submission failed", async ({ page }) => {
  // demo-sub1 has no balance: the submit fails and the order waits in the pending list
  await startSignedIn(page, "/peofessionalOrder?id=3000", { username: "demo-sub1", password: "demo1234" });
  await expect(piece(page, 3000)).toBeVisible();
  await expect(page.getByTestId("order-warning")).toHaveCount(0);
  await pickFabric(page, IN_STOCK);
  await fillMeasurementList(page);
  await fillCustomer(page);
  const submitted = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveSubmitOrder"));
  await submitButton(page).click();
  const body = (await (await submitted).json()) as {
    data: Array<{ orderId: string; orderCode: string; sign: string; message: string }>;
  };
  expect(body.data[0]!.sign).toBe("fail");
  await expect(page).toHaveURL(/\/myOrder$/);
  await page.goto(`/peofessionalOrder?id=3000&orderId=${body.data[0]!.orderId}&orderType=pending&sizeCategoryId=10052`);
  await expect(page.getByTestId("order-code")).toContainText(body.data[0]!.orderCode);
  await expect(page.getByTestId("order-warning")).toHaveText(body.data[0]!.message);
  await page.screenshot({ path: "test-results/professional-pending.png" });
  await expectAccessible(page);
  // an edit of the same order (not pending) shows no banner
  await page.goto(`/peofessionalOrder?id=3000&orderId=${body.data[0]!.orderId}&orderType=edit`);
  await expect(page.getByTestId("order-code")).toContainText(body.data[0]!.orderCode);
  await expect(page.getByTestId("order-warning")).toHaveCount(0);
});

test("D-03 SHELL-014 PROD-009 the link's sizeCategoryId opens the page on that measurement method when offered", async ({
  page,
}) => {
  await page.goto("/peofessionalOrder?id=3000&sizeCategoryId=10053");
  await logIn(page, "demo", "demo1234");
  await expect(page.getByRole("radio", { name: "Finished garment", exact: true })).toBeChecked();
  // a method the category does not offer is ignored: the first method, never an error
  await page.goto("/peofessionalOrder?id=3000&sizeCategoryId=99");
  await expect(page.getByRole("radio", { name: "Body measurements", exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Finished garment", exact: true })).not.toBeChecked();
});
