import { expect, expectAccessible, test, toast } from "./fixtures.ts";
import { balance, makeOrders, ok, signInFresh, topUpTo } from "./cart.ts";

/**
 * The order actions (issue 12) in Chromium against the real server: cancel with its confirmation
 * and refund (PROD-004, PROD-037, PROD-056, D-13), as placed on the order lists. Each test signs in as
 * a fresh account, so its orders and its money are its own.
 */

type Push = Record<string, { code: number; sign: string }>;

test("PROD-004 PROD-037 PROD-056 D-13 cancel a paid order: confirmation first, then the balance shown rises by its price", async ({
  page,
}) => {
  await signInFresh(page);
  const [paid, pending] = await makeOrders(page, 2, "Cancel Test");
  // 10.00 is left after paying the first order; the second stays pending review
  await topUpTo(page, paid!.priceCents + 1_000);
  const first = await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${paid!.orderId},`);
  expect(first[paid!.orderId]).toMatchObject({ code: 0 });
  await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${pending!.orderId},`);

  await page.goto("/myOrder");
  const summary = page.getByTestId("pending-summary");
  await expect(summary.locator("[data-cents]").last()).toHaveAttribute("data-cents", "1000");

  await page.getByRole("tab", { name: "All orders" }).click();
  const row = page.getByTestId("pending-table").getByRole("row").filter({ hasText: paid!.orderCode });
  await row.getByRole("button", { name: `Cancel order ${paid!.orderCode}` }).click();
  // PROD-004: nothing happens before the answer
  const confirm = page.getByTestId("cancel-order-confirm");
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`Cancel order ${paid!.orderCode}?`);
  await expectAccessible(page, "[data-testid=cancel-order-confirm]");
  expect(await balance(page)).toBe(1_000);
  await confirm.getByRole("button", { name: "Keep the order" }).click();
  await expect(confirm).toBeHidden();
  expect(await balance(page)).toBe(1_000);

  // PROD-037: confirmed, the order is cancelled and refunded
  await row.getByRole("button", { name: `Cancel order ${paid!.orderCode}` }).click();
  await confirm.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(toast(page, "success")).toContainText(`Order ${paid!.orderCode} cancelled`);
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Cancelled");
  // D-13: a cancelled order offers no cancel any more
  await expect(row.getByRole("button", { name: `Cancel order ${paid!.orderCode}` })).toHaveCount(0);
  expect(await balance(page)).toBe(1_000 + paid!.priceCents);

  await page.getByRole("tab", { name: "Pending review" }).click();
  await expect(summary.locator("[data-cents]").last()).toHaveAttribute("data-cents", String(1_000 + paid!.priceCents));
});

test("PROD-065 a failed cancel shows the server's message as an error toast", async ({ page }) => {
  await signInFresh(page);
  const [order] = await makeOrders(page, 1, "Cancel Refused");
  await topUpTo(page, order!.priceCents);
  await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${order!.orderId},`);
  await page.goto("/myOrder?list=all");
  const row = page.getByTestId("pending-table").getByRole("row").filter({ hasText: order!.orderCode });
  await row.getByRole("button", { name: `Cancel order ${order!.orderCode}` }).click();
  // the order is cancelled elsewhere meanwhile (another tab): this cancel is refused
  await ok(page, "GET", `/api/pc/order/canceMtmOrder?orderId=${order!.orderId}`);
  await page.getByTestId("cancel-order-confirm").getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(toast(page, "error")).toContainText(`Order ${order!.orderCode} cannot be cancelled in its status`);
  // refunded once
  expect(await balance(page)).toBe(order!.priceCents);
});

test("PROD-055 PROD-054 D-13 the production list offers pre-commit, the formula and cancel of an own order", async ({
  page,
}) => {
  await signInFresh(page);
  const [order] = await makeOrders(page, 1, "Production Actions");
  await topUpTo(page, order!.priceCents);
  const pushed = await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${order!.orderId},`);
  expect(pushed[order!.orderId]).toMatchObject({ code: 0 });
  expect(await balance(page)).toBe(0);

  // found by its number on the production list (submitted 10030)
  await page.goto(`/underProduction?orderNum=${order!.orderCode}`);
  const row = page.getByTestId("production-table").getByRole("row").filter({ hasText: order!.orderCode });
  await expect(row).toHaveCount(1);

  // PROD-055: pre-commit answers the toast "success"
  await row.getByRole("button", { name: `Pre-commit order ${order!.orderCode}` }).click();
  await expect(toast(page, "success")).toContainText("success");

  // PROD-054: the formula opens in a modal
  await row.getByRole("button", { name: `Formula of order ${order!.orderCode}` }).click();
  const formula = page.getByTestId("order-formula");
  await expect(formula).toContainText(`Formula of order ${order!.orderCode}`);
  await expect(formula).toContainText(" = ");
  await expectAccessible(page, "[data-testid=order-formula]");
  await formula.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(formula).toBeHidden();

  // D-13: cancel after its confirmation; the price goes back to the balance
  await row.getByRole("button", { name: `Cancel order ${order!.orderCode}` }).click();
  await page.getByTestId("cancel-order-confirm").getByRole("button", { name: "Yes, cancel it" }).click();
  // (the pre-commit toast may still be open)
  await expect(toast(page, "success").filter({ hasText: `Order ${order!.orderCode} cancelled` })).toHaveCount(1);
  expect(await balance(page)).toBe(order!.priceCents);
});
