import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, logIn } from "./fixtures.ts";
import { fabricRow } from "../../server/db/seed.ts";

/**
 * Step 3's add-product selector (QO-040) on the real server and catalogue: a suit offers extra
 * trousers and a matching waistcoat (isAdd); the extra trousers get their own measurements, checked
 * like the suit's (QO-147, QO-148), are saved as a second piece of the order and come back on edit.
 */
const inStock = fabricRow(5).fabricCode;
/** The axe scans cover this step's own content (the rest of the page is scanned by quickOrder.spec.ts). */
const STEP = "[data-testid=size-body]";
const steps = (page: Page) => page.getByRole("list", { name: "Steps" }).getByRole("listitem");
const TROUSERS = 2000;

type Piece = { clothCategory: number; craftList: unknown[]; sizeList: Array<{ partId: number; partValue: number }> };
type Stored = { addProduct: number; detailList: Piece[] };

async function toSizeStep(page: Page) {
  await page.goto("/quickOrder?id=3000");
  await logIn(page, "demo", "demo1234");
  await expect(page.getByTestId("quick-order")).toBeVisible();
  await page.getByLabel("Customer name").fill("Two Trousers");
  await page.getByLabel("Nickname").fill("Trousers");
  await page.locator("#qo-height").fill("180");
  await page.locator("#qo-weight").fill("80");
  await page.locator("#qo-fabric").fill(inStock);
  await page.getByRole("list", { name: "Fabrics" }).getByRole("button", { name: new RegExp(`^${inStock}`) }).click();
  await expect(page.getByText("In stock")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(steps(page).nth(2)).toHaveAttribute("aria-current", "step");
}

/** Fills every input of a measurement list with the middle of its range (from the range hint under each input). */
async function fillList(page: Page, name: string) {
  const items = page.getByRole("list", { name, exact: true }).getByRole("listitem");
  await expect(items.first()).toBeVisible();
  for (const item of await items.all()) {
    const [min, max] = ((await item.locator("p").textContent()) ?? "").split("–").map((n) => Number(n.trim()));
    await item.getByRole("textbox").fill(String(Math.round(((min! + max!) / 2) * 2) / 2));
  }
}

async function storedOrder(page: Page, orderId: string): Promise<Stored> {
  const body = await page.evaluate(async (id) => {
    const session = JSON.parse(sessionStorage.getItem("session") ?? localStorage.getItem("session") ?? "null") as { tokens: { token: string } };
    const response = await fetch(`/api/pc/order/getOrderInfo?orderId=${id}`, { headers: { Authorization: `Bearer ${session.tokens.token}` } });
    return response.json() as Promise<{ code: number; data: Stored }>;
  }, orderId);
  expect(body.code).toBe(0);
  return body.data;
}

async function saveToCart(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await page.getByRole("button", { name: "Save to cart" }).click();
  const body = (await (await saved).json()) as { code: number; message: string; data: { orderId: string } };
  expect(body.code, body.message).toBe(0);
  await expect(page).toHaveURL(/\/saveItems$/);
  return { order: await storedOrder(page, body.data.orderId), orderId: body.data.orderId };
}

test("QO-040 QO-147 QO-148 a suit with extra trousers: their own measurements, checked, saved to the cart and shown again on edit", async ({ page }) => {
  await toSizeStep(page);
  const addProduct = page.getByRole("group", { name: "Add product" });
  await expect(addProduct.getByRole("checkbox")).toHaveCount(2);
  const trousersBox = addProduct.getByRole("checkbox", { name: "Extra trousers" });
  await expect(trousersBox).not.toBeChecked();
  await expect(addProduct.getByRole("checkbox", { name: "Matching waistcoat" })).not.toBeChecked();
  await expect(page.getByTestId("size-body").getByRole("heading", { name: "Extra trousers" })).toHaveCount(0);

  // Ticked once the trousers' parts have loaded (the machine adds the piece then).
  await trousersBox.click();
  await expect(trousersBox).toBeChecked();
  await expect(page.getByTestId("size-body").getByRole("heading", { name: "Extra trousers" })).toBeVisible();
  // QO-010: the summary lists the added piece
  await expect(page.getByTestId("order-summary").getByRole("region", { name: "Extra trousers" })).toBeVisible();
  const trousers = page.getByRole("list", { name: "Extra trousers", exact: true });
  // The same inputs as the suit's: required star, unit and range hint.
  const waist = trousers.getByRole("textbox", { name: "Trouser waist" });
  await expect(waist).toHaveAttribute("aria-required", "true");
  await expect(trousers.getByRole("listitem").first()).toContainText("cm");
  await expect(waist).toHaveAccessibleDescription(/\d+ – \d+/);
  await expectAccessible(page, STEP);

  // QO-147: the suit's parts first, then the trousers', named with the piece.
  await fillList(page, "Measurements");
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Extra trousers: Trouser waist cannot be empty/);
  // QO-148: out of range shows red with its range, and Save names it.
  await fillList(page, "Extra trousers");
  await waist.fill("500");
  await expect(waist).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Extra trousers: Trouser waist out of range/);
  await waist.fill("86");
  const shown: Record<string, string> = Object.fromEntries(await Promise.all((await trousers.getByRole("textbox").all())
    .map(async (box) => [(await box.getAttribute("id")) ?? "", await box.inputValue()] as const)));

  const { order, orderId } = await saveToCart(page);
  expect(order.addProduct).toBe(1);
  expect(order.detailList.map((p) => p.clothCategory)).toEqual([3000, TROUSERS]);
  const extra = order.detailList[1]!;
  expect(extra.craftList).toEqual([]);
  expect(extra.sizeList.find((p) => p.partValue === 86)).toBeDefined();
  expect(Object.fromEntries(extra.sizeList.map((p) => [`qo-part-${p.partId}`, String(p.partValue)]))).toEqual(shown);

  // Opened again (edit): the trousers are chosen and show their saved values; saving keeps them.
  await page.goto(`/quickOrder?id=3000&orderId=${orderId}`);
  await expect(page.getByTestId("order-code")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(steps(page).nth(2)).toHaveAttribute("aria-current", "step");
  await expect(page.getByRole("group", { name: "Add product" }).getByRole("checkbox", { name: "Extra trousers" })).toBeChecked();
  await expect(page.getByTestId("size-body").getByRole("heading", { name: "Extra trousers" })).toBeVisible();
  for (const [id, value] of Object.entries(shown)) await expect(page.locator(`#${id}`)).toHaveValue(value);
  await expectAccessible(page, STEP);
  const again = await saveToCart(page);
  expect(again.orderId).toBe(orderId);
  expect(again.order.detailList[1]!.sizeList).toEqual(extra.sizeList);

  // Unticked, the trousers and their values go; the order is a suit alone again.
  await page.goto(`/quickOrder?id=3000&orderId=${orderId}`);
  await expect(page.getByTestId("order-code")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("group", { name: "Add product" }).getByRole("checkbox", { name: "Extra trousers" }).uncheck();
  await expect(page.getByTestId("size-body").getByRole("heading", { name: "Extra trousers" })).toHaveCount(0);
  const alone = await saveToCart(page);
  expect(alone.order.addProduct).toBe(0);
  expect(alone.order.detailList.map((p) => p.clothCategory)).toEqual([3000]);
});
