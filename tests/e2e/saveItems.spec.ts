import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, recordToasts, toast, toastsSaid } from "./fixtures.ts";
import { balance, call, holdPushOrders, makeOrders, ok, signIn, signInFresh, topUpTo, type MadeOrder } from "./cart.ts";

const card = (page: Page, order: MadeOrder) =>
  page.locator(`[data-testid=cart-item][data-order-id="${order.orderId}"]`);
const dialog = (page: Page) => page.getByTestId("submit-queue");
const rows = (page: Page) => dialog(page).getByTestId("queue-row");
/** The query of the page's address, each value as text (the router quotes a number-like text). */
const linkOf = (page: Page) =>
  Object.fromEntries([...new URL(page.url()).searchParams].map(([k, v]) => [k, v.replace(/^"(.*)"$/, "$1")]));
const money = (cents: number) => `USD ${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

async function selectOrders(page: Page, orders: MadeOrder[]) {
  for (const order of orders) {
    const box = card(page, order).getByRole("checkbox", { name: `Select order ${order.orderCode}` });
    await box.click();
    await expect(box).toBeChecked();
  }
}

test.describe("saved items (/saveItems)", () => {
  test("CART-002 CART-016 CART-019 CART-025 CART-026 CART-027 CART-029 CART-020 three orders checked out, one failing for balance: the dialog's states, the receipt, the redirect", async ({
    page,
  }) => {
    // A fresh account gets exactly what three orders cost.
    await signInFresh(page);
    const [a, b, c, other] = await makeOrders(page, 4, "Queue Test");
    const price = a!.priceCents;
    await topUpTo(page, 3 * price);

    await page.goto("/saveItems");
    await selectOrders(page, [a!, b!, c!]);
    // CART-022: the real balance, what the selection takes, the balance after
    await expect(page.getByTestId("balance")).toHaveText(money(3 * price));
    await expect(page.getByTestId("subtotal")).toHaveText(money(3 * price));
    await expect(page.getByTestId("balance-after-checkout")).toHaveText(money(0));
    const checkout = page.getByRole("button", { name: "Checkout" });
    await expect(checkout).toHaveAttribute("data-state", "ready");

    // Meanwhile another order of the account is paid elsewhere: the balance now covers two of the three.
    await ok(page, "GET", `/api/pc/order/pushOrder?orderIds=${other!.orderId},`);
    expect(await balance(page)).toBe(2 * price);

    const push = await holdPushOrders(page);
    await checkout.click();
    await expect(dialog(page)).toBeVisible();
    // The queue takes the selection in the list's order: newest first.
    const queue = [c!, b!, a!];
    await expect(rows(page)).toHaveCount(3);
    // issue 20: each order is named by its code, its customer and its garment (category 1000, a shirt)
    for (const [index, order] of queue.entries())
      await expect(rows(page).nth(index)).toContainText(`${order.orderCode}Queue Test · Shirt`);
    const close = dialog(page).locator("button", { hasText: /^Close$/ });
    const myOrder = dialog(page).getByRole("button", { name: "My order" });

    // CART-026: strictly one at a time, each with its own key (CART-046)
    for (const [index, order] of queue.entries()) {
      await push.waitHeld(1);
      expect(push.orderOf(push.sent[index]!)).toBe(order.orderId);
      // CART-025: 0 waiting, 1 uploading, 2 success
      await expect(rows(page).nth(index)).toHaveAttribute("data-status", "1");
      await expect(rows(page).nth(index)).toContainText("Submitting…");
      for (let later = index + 1; later < 3; later++)
        await expect(rows(page).nth(later)).toHaveAttribute("data-status", "0");
      // CART-029: close and my order wait until every order is done; Escape does not close either
      await expect(close).toBeDisabled();
      await expect(myOrder).toBeDisabled();
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeVisible();
      await push.release();
    }
    const keys = push.sent.map(push.keyOf);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => /^[0-9a-f-]{36}$/.test(k ?? ""))).toBe(true);

    await expect(rows(page).nth(0)).toHaveAttribute("data-status", "2");
    await expect(rows(page).nth(1)).toHaveAttribute("data-status", "2");
    // CART-027: code 1 / sign fail, with the server's message (D-14: Insufficient Balance)
    await expect(rows(page).nth(2)).toHaveAttribute("data-status", "3");
    await expect(rows(page).nth(2)).toContainText("Failed: Insufficient Balance");

    // The receipt: what was paid, what failed and why, the balance before and after
    const receipt = dialog(page).getByTestId("receipt");
    await expect(receipt).toContainText(`Paid (2 orders)${money(2 * price)}`);
    await expect(receipt).toContainText(`Balance before${money(2 * price)}`);
    await expect(receipt.getByTestId("balance-after")).toHaveText(money(0));
    await expect(receipt.getByRole("list", { name: "Orders not paid" })).toHaveText(
      `${a!.orderCode} · Queue Test · Shirt: Insufficient Balance`,
    );
    expect(await balance(page)).toBe(0);
    await expect(close).toBeEnabled();
    await expectAccessible(page, "[data-testid=submit-queue]");

    // CART-020: an order failed, so my order goes to /myOrder
    await expect(myOrder).toBeEnabled();
    await myOrder.click();
    await expect(page).toHaveURL(/\/myOrder$/);
    await expect(dialog(page)).toHaveCount(0);
    // The paid orders left the cart; the one that failed waits in the pending list (10371)
    const cart = await ok<Array<{ orderId: string }>>(page, "GET", "/api/pc/order/getOrderCartList?type=1&pageSize=80");
    for (const order of queue) expect(cart.map((o) => o.orderId)).not.toContain(order.orderId);
    const pending = await ok<Array<{ orderId: string; status: number }>>(
      page,
      "GET",
      `/api/pc/order/getOrderCartList?type=4&orderNum=${a!.orderCode}`,
    );
    expect(pending.map((o) => [o.orderId, o.status])).toEqual([[a!.orderId, 10371]]);
  });

  test("CART-020 every order paid: my order goes to /underProduction; a reload in the middle resumes with the same keys", async ({
    page,
  }) => {
    await signInFresh(page, 1_000_000);
    const orders = await makeOrders(page, 2, "Resume Test");
    await page.goto("/saveItems");
    await selectOrders(page, orders);
    // The queue takes the selection in the list's order: newest first.
    orders.reverse();
    await expect(page.getByRole("button", { name: "Checkout" })).toHaveAttribute("data-state", "ready");
    const push = await holdPushOrders(page);
    await page.getByRole("button", { name: "Checkout" }).click();
    await push.waitHeld(1);
    await push.release();
    await expect(rows(page).nth(0)).toHaveAttribute("data-status", "2");
    await push.waitHeld(1);
    const firstKey = push.keyOf(push.sent[1]!);
    // The page goes away while the second order is on its way (held: it never reaches the server).
    push.held.shift();
    await page.reload();

    // The queue opens again by itself: the paid order keeps its outcome, the other is sent with ITS key.
    await expect(dialog(page)).toBeVisible();
    await push.waitHeld(1);
    expect(push.orderOf(push.sent[2]!)).toBe(orders[1]!.orderId);
    expect(push.keyOf(push.sent[2]!)).toBe(firstKey);
    await expect(rows(page).nth(0)).toHaveAttribute("data-status", "2");
    await push.release();
    await expect(rows(page).nth(1)).toHaveAttribute("data-status", "2");
    await expect(dialog(page).getByTestId("receipt")).toContainText("Paid (2 orders)");
    await dialog(page).getByRole("button", { name: "My order" }).click();
    await expect(page).toHaveURL(/\/underProduction$/);
    // Sent again with the same key, each order is paid once: both are submitted (10030)
    for (const order of orders) {
      const found = await ok<Array<{ status: number }>>(
        page,
        "GET",
        `/api/pc/order/getOrderCartList?type=2&orderNum=${order.orderCode}`,
      );
      expect(found.map((o) => o.status)).toEqual([10030]);
    }
  });

  test("CART-039 CART-036 CART-037 CART-038 CART-052 checkout is grey with nothing selected and dimmed with Insufficient Balance", async ({
    page,
  }) => {
    await recordToasts(page);
    await signInFresh(page);
    const [order] = await makeOrders(page, 1, "Short Test");
    expect(await balance(page)).toBe(0);
    await page.goto("/saveItems");
    const checkout = page.getByRole("button", { name: "Checkout" });
    // CART-039: nothing selected
    await expect(checkout).toBeDisabled();
    await expect(checkout).toHaveAttribute("data-state", "empty");
    await selectOrders(page, [order!]);
    // CART-038: dimmed; CART-037, D-14: the tip
    await expect(checkout).toHaveAttribute("data-state", "short");
    await expect(checkout).toHaveAccessibleDescription("Insufficient Balance");
    await expect(page.getByRole("complementary", { name: "Summary" }).getByRole("alert")).toHaveText(
      "Insufficient Balance",
    );
    await checkout.click();
    await expect.poll(() => toastsSaid(page, "error")).toContain("Insufficient Balance");
    await expect(dialog(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  test("CART-011 CART-030 CART-031 CART-035 CART-047 CART-053 the quantity is sent 500 ms after the last change, never below 1, restored when the update fails", async ({
    page,
  }) => {
    await recordToasts(page);
    await page.clock.install();
    await signInFresh(page);
    const [order] = await makeOrders(page, 1, "Quantity Test");
    const amounts: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/updateCartOrderAmount")) amounts.push(new URL(r.url()).searchParams.get("amount")!);
    });
    await page.goto(`/saveItems?orderNum=${order!.orderCode}`);
    const item = card(page, order!);
    await expect(item).toBeVisible();
    const quantity = item.getByRole("textbox", { name: `Quantity of ${order!.orderCode}` });
    // CART-035: never below 1
    await item.getByRole("button", { name: `Decrease the quantity of ${order!.orderCode}` }).click();
    await expect(quantity).toHaveValue("1");
    await expect.poll(() => toastsSaid(page, "error")).toContain("The quantity cannot be less than 1");
    // From here the page's timers run only when the test says so.
    await page.clock.pauseAt(Date.now() + 1_000);

    const plus = item.getByRole("button", { name: `Increase the quantity of ${order!.orderCode}` });
    await plus.click();
    await plus.click();
    await expect(quantity).toHaveValue("3");
    await page.clock.runFor(499);
    expect(amounts).toEqual([]);
    const answered = page.waitForResponse((r) => r.url().includes("/updateCartOrderAmount"));
    await page.clock.runFor(1);
    await answered;
    // CART-030: one request with the last amount; CART-047: the price is the server's answer
    expect(amounts).toEqual(["3"]);
    await expect(item.getByText(`USD ${((3 * order!.priceCents) / 100).toFixed(2)}`)).toBeVisible();

    // The order is deleted in another request: the next update really fails.
    await ok(page, "POST", "/api/pc/order/deleteCartOrder", { orderId: order!.orderId });
    await plus.click();
    await expect(quantity).toHaveValue("4");
    const failed = page.waitForResponse((r) => r.url().includes("/updateCartOrderAmount"));
    await page.clock.runFor(500);
    await failed;
    // CART-031: the old amount is back; CART-053: Update failed
    await expect(quantity).toHaveValue("3");
    await expect.poll(() => toastsSaid(page, "error")).toContain("Update failed");
    expect(amounts).toEqual(["3", "4"]);
  });

  test("CART-030 CART-047 checkout waits while a quantity waits or is saved, refuses other clicks, then pays the server's new price", async ({
    page,
  }) => {
    await recordToasts(page);
    await page.clock.install();
    await signInFresh(page, 1_000_000);
    const [order] = await makeOrders(page, 1, "Saving Test");
    await page.goto(`/saveItems?orderNum=${order!.orderCode}`);
    await selectOrders(page, [order!]);
    const checkout = page.getByRole("button", { name: "Checkout" });
    await expect(checkout).toHaveAttribute("data-state", "ready");
    await page.clock.pauseAt(Date.now() + 1_000);

    const item = card(page, order!);
    await item.getByRole("button", { name: `Increase the quantity of ${order!.orderCode}` }).click();
    await expect(item.getByRole("textbox", { name: `Quantity of ${order!.orderCode}` })).toHaveValue("2");
    // The 500 ms wait: checkout is unavailable and says why
    await expect(checkout).toBeDisabled();
    await expect(checkout).toHaveAttribute("data-state", "saving");
    await expect(checkout).toHaveAccessibleDescription("Saving changes…");
    // A delete meanwhile is refused with a notice (shown once the page's clock runs), not dropped
    await item.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    const answered = page.waitForResponse((r) => r.url().includes("/updateCartOrderAmount"));
    await page.clock.runFor(500);
    await answered;
    // From here the page's timers run on their own again (the summary is read again after the update).
    await page.clock.resume();
    await expect.poll(() => toastsSaid(page, "error")).toContain("Please wait until the change is saved");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(checkout).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("subtotal")).toHaveText(money(2 * order!.priceCents));

    const push = await holdPushOrders(page);
    await checkout.click();
    await push.waitHeld(1);
    // The queue pays the price the server answered for quantity 2
    await expect(rows(page).nth(0)).toContainText(money(2 * order!.priceCents));
    await push.release();
    await expect(rows(page).nth(0)).toHaveAttribute("data-status", "2");
  });

  test("a failed summary read says so and Checkout says why it is unavailable; a failed balance read at checkout shows a toast", async ({
    page,
  }) => {
    await recordToasts(page);
    await signInFresh(page, 1_000_000);
    const [first, second] = await makeOrders(page, 2, "Sum Error Test");
    // The summary of the first order's selection gets no answer
    await page.route(
      (url) => url.pathname.endsWith("/getOrderSumPrice") && url.searchParams.get("orderId") === first!.orderId,
      (route) => route.abort(),
    );
    await page.goto(`/saveItems?orderNum=${first!.orderCode}`);
    await selectOrders(page, [first!]);
    const checkout = page.getByRole("button", { name: "Checkout" });
    await expect(page.getByTestId("subtotal")).toHaveText("Not available");
    await expect(page.getByTestId("balance")).toHaveText("Not available");
    await expect(checkout).toBeDisabled();
    await expect(checkout).toHaveAttribute("data-state", "error");
    await expect(checkout).toHaveAccessibleDescription(
      "The balance and the subtotal could not be read; checkout is unavailable. Reload the page.",
    );

    // The balance read when the queue starts gets no answer: nothing is sent, a toast says so
    await page.goto(`/saveItems?orderNum=${second!.orderCode}`);
    await selectOrders(page, [second!]);
    await expect(checkout).toHaveAttribute("data-state", "ready");
    await page.route(
      (url) => url.pathname.endsWith("/getOrderSumPrice") && url.searchParams.get("orderId") === "",
      (route) => route.abort(),
    );
    const push = await holdPushOrders(page);
    await checkout.click();
    await expect
      .poll(() => toastsSaid(page, "error"))
      .toContain("The balance could not be read; nothing was submitted.");
    await expect(dialog(page)).toHaveCount(0);
    expect(push.sent).toEqual([]);
    await expect(checkout).toHaveAttribute("data-state", "ready");
  });

  test("CART-012 CART-032 CART-033 CART-040 CART-048 the add-product box toggles, is refused beside a quantity other than 1, and reverts when the update fails", async ({
    page,
  }) => {
    await recordToasts(page);
    await signInFresh(page);
    const [order, two] = await makeOrders(page, 2, "Add Product Test");
    await ok(page, "GET", `/api/pc/order/updateCartOrderAmount?orderId=${two!.orderId}&amount=2`);
    await page.goto("/saveItems");
    const box = (o: MadeOrder) => card(page, o).getByRole("checkbox", { name: "Add product" });

    // CART-032: it toggles and is stored; pressed with the keyboard, it keeps the focus while it is saved
    const saved = page.waitForResponse((r) => r.url().includes("/updateOrderAddproduct"));
    await box(order!).focus();
    await page.keyboard.press("Space");
    await expect(box(order!)).toBeChecked();
    expect(((await (await saved).json()) as { code: number }).code).toBe(0);
    await expect(box(order!)).toBeFocused();
    const stored = await ok<Array<{ addProduct: number }>>(
      page,
      "GET",
      `/api/pc/order/getOrderCartList?type=1&orderNum=${order!.orderCode}`,
    );
    expect(stored.map((o) => o.addProduct)).toEqual([1]);

    // CART-040: with add-product set the quantity stays 1; at quantity 2 the box cannot change. Both
    // refusals say the same: each is waited for by the count of that message (the values stay as they were).
    const message = "The quantity cannot be modified when adding products";
    const refusals = async () => (await toastsSaid(page, "error")).filter((text) => text === message).length;
    await card(page, order!)
      .getByRole("button", { name: `Increase the quantity of ${order!.orderCode}` })
      .click();
    await expect.poll(refusals).toBe(1);
    await expect(card(page, order!).getByRole("textbox", { name: `Quantity of ${order!.orderCode}` })).toHaveValue("1");
    // a text on screen is not shown twice (src/ui/toast.ts): the first one goes before the second refusal
    const first = toast(page, "error").filter({ hasText: message });
    await first
      .getByRole("button", { name: "Close" })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await expect(first).toHaveCount(0);
    await box(two!).click();
    await expect.poll(refusals).toBe(2);
    await expect(box(two!)).not.toBeChecked();

    // CART-033: the order is deleted in another request; the change is refused and the box reverts
    await ok(page, "POST", "/api/pc/order/deleteCartOrder", { orderId: order!.orderId });
    const refused = page.waitForResponse((r) => r.url().includes("/updateOrderAddproduct"));
    await box(order!).click();
    await refused;
    await expect(box(order!)).toBeChecked();
    await expect.poll(() => toastsSaid(page, "error")).toContain("Update failed");
  });

  test("CART-014 CART-041 CART-049 a delete asks first; cancel keeps the order, confirm removes it", async ({
    page,
  }) => {
    await signInFresh(page);
    const [order] = await makeOrders(page, 1, "Delete Test");
    await page.goto(`/saveItems?orderNum=${order!.orderCode}`);
    await card(page, order!).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete order ${order!.orderCode}?` });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, "[data-testid=delete-confirm]");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(card(page, order!)).toBeVisible();
    await card(page, order!).getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(card(page, order!)).toHaveCount(0);
    await expect(page.getByText(`No saved item has the order number ${order!.orderCode}`)).toBeVisible();
    const envelope = await call(page, "GET", `/api/pc/order/getCartOrderDetail?orderId=${order!.orderId}`);
    expect(envelope.code).not.toBe(0);
  });

  test("CART-034 select and select-all are the stored check flag", async ({ page }) => {
    await signInFresh(page);
    const orders = await makeOrders(page, 2, "Select Test");
    await page.goto("/saveItems");
    const selectAll = page.getByRole("checkbox", { name: "Select all" });
    await expect(selectAll).not.toBeChecked();
    // the boxes are ticked at once, before the flags are stored: the reload waits for the server's answer
    const stored = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/pc/order/updateOrderCheck");
    await selectAll.click();
    await expect(selectAll).toBeChecked();
    for (const order of orders)
      await expect(card(page, order).getByRole("checkbox", { name: `Select order ${order.orderCode}` })).toBeChecked();
    expect(((await (await stored).json()) as { code: number }).code).toBe(0);
    // Stored: a reload shows the same selection
    await page.reload();
    await expect(selectAll).toBeChecked();
    await card(page, orders[0]!)
      .getByRole("checkbox", { name: `Select order ${orders[0]!.orderCode}` })
      .click();
    await expect(selectAll).not.toBeChecked();
    await expect
      .poll(async () => {
        const list = await ok<Array<{ orderId: string; check: number }>>(
          page,
          "GET",
          "/api/pc/order/getOrderCartList?type=1&pageSize=80",
        );
        return orders.map((o) => list.find((x) => x.orderId === o.orderId)?.check);
      })
      .toEqual([0, 1]);
  });

  test("CART-015 D-03 PROD-008 PROD-010 PROD-013 edit and buy again open the order's flow; the page and its cards pass axe", async ({
    page,
  }) => {
    await signInFresh(page);
    const [order] = await makeOrders(page, 1, "Route Test");
    await page.goto(`/saveItems?orderNum=${order!.orderCode}`);
    await expect(card(page, order!)).toContainText("Route Test");
    await expect(card(page, order!)).toContainText("RC1006");
    await expect(card(page, order!)).toContainText(`USD ${(order!.priceCents / 100).toFixed(2)}`);
    await expectAccessible(page);
    await card(page, order!).getByRole("button", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/newOrder\?/);
    expect(linkOf(page)).toEqual({ id: "1000", orderId: order!.orderId, orderType: "edit" });
    await page.goBack();
    // PROD-008: buy again opens the order's flow in a new tab, signed in; this tab stays on the cart
    const opened = page.context().waitForEvent("page");
    await card(page, order!).getByRole("button", { name: "Buy again" }).click();
    const tab = await opened;
    await expect(tab).toHaveURL(/\/newOrder\?/);
    expect(linkOf(tab)).toEqual({ id: "1000", orderId: order!.orderId, orderType: "buyagain" });
    await expect(tab.getByRole("button", { name: "Log in", exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/\/saveItems/);
  });
});

test("an empty cart says so and offers a new order; the summary is not shown", async ({ page }) => {
  await signInFresh(page);
  await page.goto("/saveItems");
  await expect(page.getByTestId("cart-empty")).toContainText("Your cart is empty");
  await expect(page.getByRole("link", { name: "New order" }).last()).toHaveAttribute("href", "/newOrder");
  await expect(page.getByRole("button", { name: "Checkout" })).toHaveCount(0);
  await expectAccessible(page);
});

test("the flow diagrams page draws the saved-items page, the submission queue and the cart card from their definitions", async ({
  page,
}) => {
  await signIn(page, "demo");
  for (const name of ["saveItems", "submitQueue", "cartItem"]) {
    await page.goto(`/flows/${name}`);
    await expect(page.getByRole("figure", { name, exact: true })).toBeVisible();
  }
  await page.goto("/flows/submitQueue");
  // uploading and verifying (the second asking of an unanswered order) each invoke pushOrder
  await expect(
    page.getByRole("figure", { name: "submitQueue", exact: true }).getByText("invokes pushOrder", { exact: true }),
  ).toHaveCount(2);
  // The page machine reads the balance before, then invokes the queue
  await page.goto("/flows/saveItems");
  const saveItems = page.getByRole("figure", { name: "saveItems", exact: true });
  await expect(saveItems.getByText("invokes readBalance", { exact: true })).toHaveCount(1);
  await expect(saveItems.getByText("invokes submitQueue", { exact: true })).toHaveCount(1);
});
