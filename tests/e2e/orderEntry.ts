import type { Page } from "@playwright/test";
import { expect, pageAccessToken, startSignedIn } from "./fixtures.ts";
import { fabricRow } from "../../server/db/catalogue/fabrics.ts";

/**
 * Steps the order-entry browser tests share: opening the quick order, filling step 1, reaching
 * step 3, filling measurements, saving to the cart and reading the saved order back.
 */

/** fabricRow(0) is out of stock (every 17th fabric is); fabricRow(5) is in stock. */
export const OUT_OF_STOCK = fabricRow(0).fabricCode;
export const IN_STOCK = fabricRow(5).fabricCode;

export const steps = (page: Page) => page.getByRole("list", { name: "Steps" }).getByRole("listitem");

/** Signs in as demo on `/quickOrder?id=<category>` and waits for step 1. */
export async function openQuickOrder(page: Page, category = 3000) {
  await startSignedIn(page, `/quickOrder?id=${category}`);
  await expect(page.getByTestId("quick-order")).toBeVisible();
  await expect(steps(page).first()).toHaveAttribute("aria-current", "step");
}

/** The step at `index` is the current one. */
export const atStep = (page: Page, index: number) =>
  expect(steps(page).nth(index)).toHaveAttribute("aria-current", "step");

/** Signs in as demo on `/newOrder?id=<category>` (the simple order) and waits for step 1. */
export async function openNewOrder(page: Page, category = 3000) {
  await startSignedIn(page, `/newOrder?id=${category}`);
  await expect(page.getByTestId("new-order")).toBeVisible();
  await atStep(page, 0);
}

/** Searches the fabric by its code and picks it from the results. */
export async function pickFabric(page: Page, code: string) {
  await page.locator("#qo-fabric").fill(code);
  await page
    .getByRole("listbox", { name: "Fabrics" })
    .getByRole("option", { name: new RegExp(`^${code}`) })
    .click();
}

/** Step 1's required fields (D-06) and an in-stock fabric. */
export async function fillCustomerAndFabric(page: Page, customer = { name: "Walk-in Customer", nickname: "Walk-in" }) {
  await page.getByLabel("Customer name").fill(customer.name);
  await page.getByLabel("Nickname").fill(customer.nickname);
  await page.locator("#qo-height").fill("180");
  await page.locator("#qo-weight").fill("80");
  await page.locator("#qo-fabric").fill(IN_STOCK);
  await page
    .getByRole("listbox", { name: "Fabrics" })
    .getByRole("option", { name: new RegExp(`^${IN_STOCK}`) })
    .click();
  await expect(page.getByText("In stock")).toBeVisible();
}

/** A new suit quick order at step 3 (Size & Body). */
export async function toSizeStep(page: Page, customer?: { name: string; nickname: string }) {
  await openQuickOrder(page);
  await fillCustomerAndFabric(page, customer);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(steps(page).nth(2)).toHaveAttribute("aria-current", "step");
}

/** Fills every input of a measurement list with the middle of its range (from the range hint under each input). */
export async function fillMeasurementList(page: Page, name = "Measurements") {
  const items = page.getByRole("list", { name, exact: true }).getByRole("listitem");
  await expect(items.first()).toBeVisible();
  for (const item of await items.all()) {
    const [min, max] = ((await item.locator("p").textContent()) ?? "").split("–").map((n) => Number(n.trim()));
    await item.getByRole("textbox").fill(String(Math.round(((min! + max!) / 2) * 2) / 2));
  }
}

/** The saved order as getOrderInfo answers it (the draft as stored), read with the page's own token. */
export async function storedOrder<T>(page: Page, orderId: string): Promise<T> {
  return apiData<T>(page, `/api/pc/order/getOrderInfo?orderId=${orderId}`);
}

/** What the server answers a GET with the page's own token (its envelope's data; code 0 expected). */
export async function apiData<T>(page: Page, url: string): Promise<T> {
  const token = await pageAccessToken(page);
  const body = await page.evaluate(
    async ({ path, token }) => {
      const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
      return response.json() as Promise<{ code: number; data: unknown }>;
    },
    { path: url, token },
  );
  expect(body.code).toBe(0);
  return body.data as T;
}

/** The signed-in account's ledger balance in cents (test-only read: the server runs with TEST_HOOKS=1). */
export const balanceCents = (page: Page) => apiData<number>(page, "/api/__test/balance");

/** Saves to the cart (QO-124: the page moves on to /saveItems); returns the order's id and what was stored. */
export async function saveToCart<T>(page: Page): Promise<{ orderId: string; order: T }> {
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await page.getByRole("button", { name: "Save to cart" }).click();
  const body = (await (await saved).json()) as { code: number; message: string; data: { orderId: string } };
  expect(body.code, body.message).toBe(0);
  await expect(page).toHaveURL(/\/saveItems$/);
  return { order: await storedOrder<T>(page, body.data.orderId), orderId: body.data.orderId };
}
