import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, pageAccessToken, recordToasts, toastsSaid } from "./fixtures.ts";
import {
  apiData,
  atStep,
  fillMeasurementList,
  IN_STOCK as inStock,
  openNewOrder,
  OUT_OF_STOCK as outOfStock,
  pickFabric,
  steps,
} from "./orderEntry.ts";
import { signInFresh } from "./cart.ts";

/** From step 1 of a simple order to step 4 (Customer & Confirm): an in-stock fabric, the crafts as they are, every measurement filled. */
async function toCustomerStep(page: Page) {
  await pickFabric(page, inStock);
  await expect(page.getByText("In stock")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await fillMeasurementList(page);
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 3);
}

test("QO-005 D-10 D-15 the simple order has four steps; Save to cart and Submit only at the last", async ({ page }) => {
  await openNewOrder(page);
  await expect(steps(page)).toHaveText([
    "1. Fabric & Crafts",
    "2. Further crafts",
    "3. Style & Measurements",
    "4. Customer & Confirm",
  ]);
  await expect(page.getByLabel("Category")).toHaveValue("3000");

  // Step 1: the fabric and the first craft groups; no customer fields yet
  await expect(page.locator("#qo-fabric")).toBeVisible();
  await expect(page.getByRole("list", { name: "Craft groups" }).getByRole("button").first()).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByRole("button", { name: "Monogram", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Customer name")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save to cart" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  const firstGroups = await page
    .getByRole("list", { name: "Craft groups" })
    .getByRole("button")
    .locator("span.font-semibold")
    .allTextContents();
  await pickFabric(page, inStock);
  await expect(page.getByText("In stock")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: the other craft groups, Monogram and Colour contrast
  await atStep(page, 1);
  const restGroups = await page
    .getByRole("list", { name: "Craft groups" })
    .getByRole("button")
    .locator("span.font-semibold")
    .allTextContents();
  expect(restGroups.length).toBeGreaterThan(0);
  expect(restGroups.filter((name) => firstGroups.includes(name))).toEqual([]);
  await expect(page.getByRole("button", { name: "Monogram", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Colour contrast", exact: true })).toBeVisible();
  // QO-035 QO-036: a contrast's surcharges say their currency; a free choice shows no zero surcharge
  await page.getByRole("button", { name: "Colour contrast", exact: true }).click();
  const contrastFabric = page.getByRole("combobox", { name: /^Contrast fabric for / }).first();
  const fabricOptions = await contrastFabric.locator("option").allTextContents();
  expect(fabricOptions.filter((o) => o.includes("(+")).length).toBeGreaterThan(0);
  expect(fabricOptions.filter((o) => o.includes("(+")).every((o) => /\(\+USD\s[\d,]+\.\d{2}\)$/.test(o))).toBe(true);
  expect(fabricOptions.some((o) => /\(\+?USD\s0\.00\)/.test(o))).toBe(false);
  await expect(page.getByRole("button", { name: "Save to cart" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Next" }).click();

  // Step 3: style and measurements
  await atStep(page, 2);
  await expect(page.getByRole("radio", { name: "Body measurements" })).toBeChecked();
  await fillMeasurementList(page);
  await expect(page.getByRole("button", { name: "Save to cart" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Next" }).click();

  // Step 4: customer and confirm
  await atStep(page, 3);
  await expect(page.getByLabel("Customer name")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save to cart" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
  await expectAccessible(page);

  // Previous goes back one step and keeps the measurements
  await page.getByRole("button", { name: "Previous" }).click();
  await atStep(page, 2);
  await expect(page.getByRole("textbox", { name: /^Chest/ })).not.toHaveValue("");
});

test("QO-134 QO-163 step 1 refuses a missing fabric, then an out-of-stock one", async ({ page }) => {
  await openNewOrder(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Please select a fabric/);
  await atStep(page, 0);
  await pickFabric(page, outOfStock);
  await expect(page.getByRole("alert")).toHaveText(/Currently out of stock/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Currently out of stock/);
  await atStep(page, 0);
});

test("QO-147 D-06 step 3 refuses an empty required part; step 4 refuses saving without the customer name", async ({
  page,
}) => {
  await openNewOrder(page);
  await pickFabric(page, inStock);
  await expect(page.getByText("In stock")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 2);
  await expect(page.getByRole("list", { name: "Measurements" }).getByRole("listitem").first()).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toHaveText(/cannot be empty/);
  await atStep(page, 2);
  await fillMeasurementList(page);
  await page.getByRole("button", { name: "Next" }).click();
  await atStep(page, 3);
  await page.getByRole("button", { name: "Save to cart" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Customer name cannot be empty/);
  await atStep(page, 3);
});

test("QO-124 QO-166 a simple order saved to the cart goes to the saved items", async ({ page }) => {
  await openNewOrder(page);
  await toCustomerStep(page);
  await page.getByLabel("Customer name").fill("Walk-in Customer");
  await page.getByLabel("Nickname").fill("Walk-in");
  await page.locator("#qo-height").fill("180");
  await page.locator("#qo-weight").fill("80");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pc/order/saveOrder"));
  await page.getByRole("button", { name: "Save to cart" }).click();
  const body = (await (await saved).json()) as { code: number; data: { statusId: number; orderId: string } };
  expect(body.code).toBe(0);
  expect(body.data.statusId).toBe(10368);
  await expect(page).toHaveURL(/\/saveItems$/);

  // Edit: the saved order opens in the four steps with its fields back.
  await page.goto(`/newOrder?id=3000&orderId=${body.data.orderId}`);
  await expect(page.getByTestId("order-code")).toBeVisible();
  await expect(page.locator("#qo-fabric")).toHaveValue(inStock);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("textbox", { name: /^Chest/ })).not.toHaveValue("");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Customer name")).toHaveValue("Walk-in Customer");
  await expect(page.getByLabel("Nickname")).toHaveValue("Walk-in");
  await expect(page.locator("#qo-height")).toHaveValue("180");
});

test("issue 24: a simple order started for a customer of the book (/newOrder?customer=&measureSet=) picks them with a kept set's height and weight; one not in the book is refused with a message", async ({
  page,
}) => {
  // a fresh account's own book: demo's book, which other specs page through and count, is left alone
  await signInFresh(page);
  // a customer of the book, kept at 165 cm and 58 kg, then edited to 172 cm and 64 kg
  const token = await pageAccessToken(page);
  const customer = {
    custName: `Grace ${Date.now().toString(36)}`,
    shortName: "Grace",
    genderId: 10041,
    height: 165,
    heightUnit: 10266,
    weight: 58,
    weightUnit: 10261,
  };
  const save = (body: object) =>
    page.evaluate(
      async ({ body, token }) => {
        const response = await fetch("/api/pc/customer", {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        return (await response.json()) as { code: number; message: string; data: { id: number } };
      },
      { body, token },
    );
  const created = await save(customer);
  expect(created.code, created.message).toBe(0);
  const id = created.data.id;
  const kept = await apiData<Array<{ id: number; height: number; weight: number }>>(
    page,
    `/api/pc/customer/measureHistory?customerId=${id}`,
  );
  const first = kept.at(-1)!;
  expect([first.height, first.weight]).toEqual([165, 58]);
  const edited = await save({ ...customer, id, height: 172, weight: 64 });
  expect(edited.code, edited.message).toBe(0);

  // started from the kept set: the customer is picked with the set's figures, not today's
  await page.goto(`/newOrder?id=3000&customer=${id}&measureSet=${first.id}`);
  await atStep(page, 0);
  await toCustomerStep(page);
  await expect(page.getByLabel("Customer name")).toHaveValue(customer.custName);
  await expect(page.locator("#qo-height")).toHaveValue("165");
  await expect(page.locator("#qo-weight")).toHaveValue("58");

  // started for no customer of the book: said on screen, and the order is left empty for the user to fill
  await recordToasts(page);
  await page.goto("/newOrder?id=3000&customer=2147483000");
  await atStep(page, 0);
  await expect.poll(() => toastsSaid(page, "error")).toContain("Customer 2147483000 does not exist");
  await toCustomerStep(page);
  await expect(page.getByLabel("Customer name")).toHaveValue("");
});
