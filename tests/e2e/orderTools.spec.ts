import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, toast } from "./fixtures.ts";
import { ok, signInFresh } from "./cart.ts";

/**
 * The consumption query and the order customer edit (issue 12, task F) in Chromium against the real
 * server, from the rows of my order's pending list. Each test signs in as a fresh account (no
 * balance) and submits its own shirt order, which stays pending review (10371).
 */

const PENDING = 10371;

/** Submits a shirt (category 1000, the category's default body sizes) for `customer`; returns its code. */
async function pendingShirt(page: Page, customer: string): Promise<{ orderId: string; orderCode: string }> {
  const parts = await ok<Array<{ id: number; defaultValue: number }>>(
    page,
    "GET",
    "/api/pc/dict/measureInfo?category=1000&measureType=10052",
  );
  const [order] = await ok<Array<{ orderId: string; orderCode: string; statusId: number }>>(
    page,
    "POST",
    "/api/pc/order/saveSubmitOrder",
    {
      clothCategory: 1000,
      fabric: "RC1006",
      customerName: customer,
      shortName: customer.slice(0, 10),
      genderId: 10041,
      height: 168,
      weight: 58,
      detailList: [
        {
          clothCategory: 1000,
          craftList: [],
          embList: [],
          sizeList: parts.map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 })),
        },
      ],
    },
  );
  expect(order!.statusId).toBe(PENDING);
  return order!;
}

async function openPendingList(page: Page) {
  await page.goto("/myOrder");
  await expect(page.getByTestId("pending-orders")).toBeVisible();
}

test("PROD-006 PROD-043 PROD-044 PROD-045 PROD-046 a consumption query names each empty field, then runs to its success state", async ({
  page,
}) => {
  await signInFresh(page);
  const order = await pendingShirt(page, `Tools ${Date.now().toString(36)}`);
  await openPendingList(page);
  await page.getByRole("button", { name: `Consumption query ${order.orderCode}` }).click();
  const modal = page.getByTestId("consumption-query");
  await expect(modal).toBeVisible();
  // PROD-046: cut twice starts at "No" (0, 10051)
  await expect(modal.getByLabel("Cut twice")).toHaveText(/No/);
  await expect(modal.getByLabel("Order number")).toHaveValue(order.orderCode);
  await expectAccessible(page, "[data-testid=consumption-query]");

  const query = modal.getByRole("button", { name: "Query", exact: true });
  // PROD-044: each empty field in turn is named under it and focused
  await query.click();
  await expect(modal.getByText("Appearance cannot be empty")).toBeVisible();
  await expect(modal.getByLabel("Appearance")).toBeFocused();
  await modal.getByLabel("Appearance").click();
  await page.getByRole("option", { name: "Striped" }).click();
  await query.click();
  await expect(modal.getByText("Cloth width cannot be empty")).toBeVisible();
  await expect(modal.getByLabel("Cloth width")).toBeFocused();
  // PROD-045: the cloth width is numeric
  await modal.getByLabel("Cloth width").fill("wide");
  await query.click();
  await expect(modal.getByText("Cloth width must be a number")).toBeVisible();
  await expect(modal.getByLabel("Cloth width")).toHaveAttribute("aria-invalid", "true");
  await modal.getByLabel("Cloth width").fill("150");
  await query.click();
  await expect(modal.getByText("Strip width cannot be empty")).toBeVisible();
  await expect(modal.getByLabel("Strip width")).toBeFocused();
  await modal.getByLabel("Strip width").fill("2");
  await query.click();
  await expect(modal.getByText("Grid size cannot be empty")).toBeVisible();
  await expect(modal.getByLabel("Grid size")).toBeFocused();
  await expectAccessible(page, "[data-testid=consumption-query]");
  await modal.getByLabel("Grid size").fill("0");
  await query.click();

  // PROD-043: the success view with appearance, cost, widths, grid size and cut twice
  await expect(modal.getByText("Submitted successfully")).toBeVisible();
  const result = modal.locator("dl");
  await expect(result).toContainText("Striped");
  await expect(result).toContainText(/\d+\.\d{2} m/);
  await expect(result).toContainText("150 cm");
  await expect(result).toContainText("2 cm");
  await expect(result).toContainText("No");
  await expectAccessible(page, "[data-testid=consumption-query]");

  // the stored result is shown again when the modal is opened again (PROD-059)
  await modal.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(modal).toBeHidden();
  await page.getByRole("button", { name: `Consumption query ${order.orderCode}` }).click();
  await expect(page.getByTestId("consumption-query").getByText("Submitted successfully")).toBeVisible();
});

test("PROD-047 PROD-061 the order customer edit refuses an empty name and saves the order's customer", async ({
  page,
}) => {
  await signInFresh(page);
  const name = `Tools ${Date.now().toString(36)}`;
  const order = await pendingShirt(page, name);
  await openPendingList(page);
  const row = page.getByTestId("pending-table").getByRole("row").filter({ hasText: order.orderCode });
  await expect(row).toContainText(name);
  await row.getByRole("button", { name: `Order customer ${order.orderCode}` }).click();
  const modal = page.getByTestId("order-customer");
  await expect(modal.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
  // PROD-025: the order's customer as its draft entered it, height and weight with their unit names
  await expect(modal.getByRole("textbox", { name: "Nickname" })).toHaveValue(name.slice(0, 10));
  await expect(modal.getByRole("textbox", { name: "Height" })).toHaveValue("168");
  await expect(modal.getByText("cm", { exact: true })).toBeVisible();
  await expect(modal.getByText("kg", { exact: true })).toBeVisible();
  await expectAccessible(page, "[data-testid=order-customer]");

  await modal.getByRole("textbox", { name: "Name", exact: true }).fill("");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByText("Name cannot be empty")).toBeVisible();
  await expect(modal.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await expectAccessible(page, "[data-testid=order-customer]");

  const renamed = `${name} Edited`;
  await modal.getByRole("textbox", { name: "Name", exact: true }).fill(renamed);
  await modal.getByLabel("Height").fill("171.5");
  await modal.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "success")).toContainText("The order's customer was saved");
  await expect(modal).toBeHidden();
  // the order shows its customer's new name
  await expect(row).toContainText(renamed);
  await row.getByRole("button", { name: `Order customer ${order.orderCode}` }).click();
  await expect(page.getByTestId("order-customer").getByRole("textbox", { name: "Height" })).toHaveValue("171.5");
});

test("PROD-042 a query in progress (status 1) is shown so and read again until it settles", async ({ page }) => {
  await signInFresh(page);
  const order = await pendingShirt(page, `Held ${Date.now().toString(36)}`);
  // the test hook keeps this account's new queries in progress: no race with the computation
  await ok(page, "POST", "/api/__test/holdConsumptionQueries", { hold: true });
  await openPendingList(page);
  await page.getByRole("button", { name: `Consumption query ${order.orderCode}` }).click();
  const modal = page.getByTestId("consumption-query");
  await modal.getByLabel("Appearance").click();
  await page.getByRole("option", { name: "Plain" }).click();
  await modal.getByLabel("Cloth width").fill("150");
  await modal.getByLabel("Strip width").fill("0");
  await modal.getByLabel("Grid size").fill("0");
  await modal.getByRole("button", { name: "Query", exact: true }).click();
  const inProgress = modal.locator("[data-status='1']");
  await expect(inProgress).toHaveText(/in progress/);
  await expectAccessible(page, "[data-testid=consumption-query]");
  // released, the modal's next read settles it: the result replaces the notice without a click
  await ok(page, "POST", "/api/__test/holdConsumptionQueries", { hold: false });
  await expect(modal.getByText("Submitted successfully")).toBeVisible();
  await expect(inProgress).toBeHidden();
  await expect(modal.locator("dl")).toContainText("150 cm");
});
