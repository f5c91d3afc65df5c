import type { Page } from "@playwright/test";
import { expect, expectAccessible, startSignedIn, test, toast } from "./fixtures.ts";
import { balance, call, freshFamily, makeOrders, ok, signIn, signInFresh, topUpTo } from "./cart.ts";

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

/** A fresh account with one paid (submitted 10030) shirt and `spare` cents left on its balance. */
async function paidOrder(page: Page, customer: string, spare = 1_000) {
  await signInFresh(page);
  const [order] = await makeOrders(page, 1, customer);
  await topUpTo(page, order!.priceCents + spare);
  const pushed = await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${order!.orderId},`);
  expect(pushed[order!.orderId]).toMatchObject({ code: 0 });
  return order!;
}

test("PROD-037 PROD-056 D-13 on the production list a paid order is cancelled: its row, its status and the balance change", async ({
  page,
}) => {
  const order = await paidOrder(page, "Production Cancel");
  await page.goto(`/underProduction?orderNum=${order.orderCode}`);
  const row = page.getByTestId("production-table").getByRole("row").filter({ hasText: order.orderCode });
  await expect(row).toContainText("Submitted");
  await row.getByRole("button", { name: `Cancel order ${order.orderCode}` }).click();
  const confirm = page.getByTestId("cancel-order-confirm");
  await expect(confirm).toContainText(`Cancel order ${order.orderCode}?`);
  // PROD-004: nothing is refunded before the confirmation
  expect(await balance(page)).toBe(1_000);
  await confirm.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(toast(page, "success")).toContainText(`Order ${order.orderCode} cancelled`);
  // the list read again shows it cancelled (issue 20: the order list holds cancelled orders), with no cancel left
  await expect(row).toContainText("Cancelled");
  await expect(row.getByRole("button", { name: `Cancel order ${order.orderCode}` })).toHaveCount(0);
  expect(await balance(page)).toBe(1_000 + order.priceCents);

  // its details say Cancelled, and the timeline names who cancelled it
  await page.goto(`/orderDetails?orderId=${order.orderId}`);
  await expect(page.getByTestId("details-order")).toContainText("Cancelled");
  await expect(page.getByTestId("order-timeline").getByRole("listitem").last()).toContainText("Cancelled");
  // the balance shown (my order's summary) rose by the order's price
  await page.goto("/myOrder");
  await expect(page.getByTestId("pending-summary").locator("[data-cents]").last()).toHaveAttribute(
    "data-cents",
    String(1_000 + order.priceCents),
  );
});

test("PROD-055 PROD-054 on the production list pre-commit says success and the formula lists the measurements", async ({
  page,
}) => {
  const order = await paidOrder(page, "Production Tools");
  await page.goto(`/underProduction?orderNum=${order.orderCode}`);
  const row = page.getByTestId("production-table").getByRole("row").filter({ hasText: order.orderCode });
  await row.getByRole("button", { name: `Pre-commit order ${order.orderCode}` }).click();
  await expect(toast(page, "success")).toHaveText(/success/);
  // the row keeps the trace: the mark with its time, and no pre-commit any more
  await expect(row.getByTestId("pre-committed")).toContainText("Pre-committed");
  await expect(row.getByRole("button", { name: `Pre-commit order ${order.orderCode}` })).toHaveCount(0);

  await row.getByRole("button", { name: `Formula of order ${order.orderCode}` }).click();
  const formula = page.getByRole("dialog", { name: `Formula of order ${order.orderCode}` });
  await expect(formula).toBeVisible();
  await expect(formula).toContainText("Shirt");
  // one row per stored measurement, each "value + ease = finished"
  const items = formula.getByRole("row").filter({ hasText: /\d+\.\d{2} \+ -?\d+\.\d{2} = \d+\.\d{2}/ });
  expect(await items.count()).toBeGreaterThan(0);
  await expectAccessible(page, "[data-testid=order-formula]");
  await formula.getByText("Close", { exact: true }).click();
  await expect(formula).toBeHidden();
});

test("PROD-055 PROD-054 PROD-056 D-13 the details page offers the order's actions and shows their effect", async ({
  page,
}) => {
  const order = await paidOrder(page, "Details Actions");
  await page.goto(`/orderDetails?orderId=${order.orderId}`);
  const actions = page.getByTestId("details-actions");
  await expect(actions.getByRole("button", { name: `Order customer ${order.orderCode}` })).toBeVisible();

  await actions.getByRole("button", { name: `Pre-commit order ${order.orderCode}` }).click();
  await expect(toast(page, "success")).toHaveText(/success/);
  // PROD-055: the details show it: the mark in place of the button, a step on the timeline
  await expect(actions.getByTestId("pre-committed")).toContainText("Pre-committed");
  await expect(actions.getByRole("button", { name: `Pre-commit order ${order.orderCode}` })).toHaveCount(0);
  await expect(page.getByTestId("order-timeline").getByRole("listitem").last()).toContainText("Pre-committed");

  await actions.getByRole("button", { name: `Formula of order ${order.orderCode}` }).click();
  const formula = page.getByRole("dialog", { name: `Formula of order ${order.orderCode}` });
  await expect(formula.getByRole("table")).toBeVisible();
  await formula.getByText("Close", { exact: true }).click();
  await expect(formula).toBeHidden();
  await expectAccessible(page);

  const timeline = page.getByTestId("order-timeline").getByRole("listitem");
  await actions.getByRole("button", { name: `Cancel order ${order.orderCode}` }).click();
  await page.getByTestId("cancel-order-confirm").getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(toast(page, "success").filter({ hasText: `Order ${order.orderCode} cancelled` })).toBeVisible();
  // the page reads the order again: its status, its timeline, and no cancel or pre-commit any more
  await expect(page.getByTestId("details-order")).toContainText("Cancelled");
  const events = await ok<unknown[]>(page, "GET", `/api/pc/order/timeline?orderId=${order.orderId}`);
  await expect(timeline).toHaveCount(events.length);
  await expect(timeline.last()).toContainText("Cancelled");
  await expect(actions.getByRole("button", { name: `Cancel order ${order.orderCode}` })).toHaveCount(0);
  await expect(actions.getByRole("button", { name: `Pre-commit order ${order.orderCode}` })).toHaveCount(0);
  expect(await balance(page)).toBe(1_000 + order.priceCents);
});

test("PROD-055 PROD-054 on the pending list a pending order is pre-committed and shows its formula", async ({
  page,
}) => {
  await signInFresh(page);
  const [order] = await makeOrders(page, 1, "Pending Tools");
  // no balance: the submission leaves the order pending review (10371)
  await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${order!.orderId},`);
  await page.goto("/myOrder");
  const row = page.getByTestId("pending-table").getByRole("row").filter({ hasText: order!.orderCode });
  await expect(row).toContainText("Pending review");
  await row.getByRole("button", { name: `Pre-commit order ${order!.orderCode}` }).click();
  await expect(toast(page, "success")).toHaveText(/success/);
  await row.getByRole("button", { name: `Formula of order ${order!.orderCode}` }).click();
  const formula = page.getByRole("dialog", { name: `Formula of order ${order!.orderCode}` });
  await expect(formula.getByRole("table")).toContainText("Shirt");
  await expectAccessible(page, "[data-testid=order-formula]");
});

/** Each row of a list table as one snapshot: its order code, status, read-only mark and whether it offers cancel. */
async function rowOffers(page: Page, table: string) {
  return page.getByTestId(table).evaluate((el) =>
    [...el.querySelectorAll("tbody tr")]
      .filter((tr) => tr.querySelector("[data-status]"))
      .map((tr) => ({
        status: Number(tr.querySelector("[data-status]")!.getAttribute("data-status")),
        readOnly: /Read only/.test(tr.textContent ?? ""),
        cancel: [...tr.querySelectorAll("button")].some((b) =>
          /^Cancel order /.test(b.getAttribute("aria-label") ?? ""),
        ),
      })),
  );
}

test("PROD-036 D-13 every list offers cancel for 10030, 10371 and 206012 only", async ({ page }) => {
  await signIn(page, "demo");
  const cancellable = [10030, 10371, 206012];
  const seen = new Set<number>();
  for (const [url, table] of [
    ["/underProduction?size=80", "production-table"],
    ["/myOrder", "pending-table"],
  ] as const) {
    await page.goto(url);
    await expect(page.getByTestId(table).locator("[data-status]").first()).toBeVisible();
    const rows = await rowOffers(page, table);
    for (const row of rows) {
      seen.add(row.status);
      // a sub-account's order is read-only for its main account: no cancel whatever its status
      expect(row.cancel, JSON.stringify(row)).toBe(!row.readOnly && cancellable.includes(row.status));
    }
  }
  // the seeded history covers both sides: statuses that offer cancel and statuses that do not
  expect([...seen].filter((s) => cancellable.includes(s)).length).toBeGreaterThanOrEqual(2);
  expect([...seen].filter((s) => !cancellable.includes(s)).length).toBeGreaterThanOrEqual(3);
});

test("PROD-052 the pending list lets an item be changed by its isEdit and status: a sub-account's stays read-only", async ({
  page,
  browser,
}) => {
  // A family of its own: the shared demo accounts' pending orders are paid or cancelled by other specs.
  const { main, child } = await freshFamily(page);
  const childPage = await (await browser.newContext()).newPage();
  await startSignedIn(childPage, "/", { username: child, password: "demo1234" });
  const [theirs] = await makeOrders(childPage, 1, "Sub Pending");
  // no balance: each submission leaves its order pending review (10371)
  await ok<Push>(childPage, "GET", `/api/pc/order/pushOrder?orderIds=${theirs!.orderId},`);
  await childPage.context().close();
  await startSignedIn(page, "/", { username: main, password: "demo1234" });
  const [mine] = await makeOrders(page, 1, "Own Pending");
  await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${mine!.orderId},`);
  const members = await ok<Array<{ id: number; username: string }>>(
    page,
    "GET",
    "/api/pc/member/findAllSubAccount?isContainsSelf=1",
  );
  const sub = members.find((m) => m.username === child)!;

  // the caller's own pending order: isEdit 1 and pending, so it can be selected
  await page.goto("/myOrder");
  const own = page.getByTestId("pending-table").getByRole("row").filter({ hasText: mine!.orderCode });
  await expect(own.locator("[data-status='10371']")).toBeVisible();
  await expect(own.getByRole("checkbox")).toBeEnabled();
  await expect(own).not.toContainText("Read only");
  // the sub-account's pending order: the server says isEdit 0, so it is read-only
  await page.goto(`/myOrder?userId=${sub.id}`);
  await expect(page.getByTestId("pending-member")).toContainText(child);
  const row = page.getByTestId("pending-table").getByRole("row").filter({ hasText: theirs!.orderCode });
  await expect(row.locator("[data-status='10371']")).toBeVisible();
  await expect(row.getByRole("checkbox")).toBeDisabled();
  await expect(row).toContainText(`Read only (${child})`);
});

test("PROD-005 urgent production: a reason is asked, the request lands on the timeline, a second ask says when", async ({
  page,
}) => {
  const order = await paidOrder(page, "Urgent Order");
  await page.goto(`/underProduction?orderNum=${order.orderCode}`);
  const row = page.getByTestId("production-table").getByRole("row").filter({ hasText: order.orderCode });
  await row.getByRole("button", { name: `Urgent production of order ${order.orderCode}` }).click();
  const dialog = page.getByTestId("urgent-dialog");
  await expect(dialog.getByRole("textbox", { name: "Reason" })).toBeVisible();
  await expectAccessible(page, "[data-testid=urgent-dialog]");
  // the reason is required: named under the field, nothing sent
  await dialog.getByRole("button", { name: "Ask for urgent production" }).click();
  await expect(dialog).toContainText("The reason cannot be empty");
  await expect(dialog.getByRole("textbox", { name: "Reason" })).toBeFocused();
  await dialog.getByRole("textbox", { name: "Reason" }).fill("Wedding moved up");
  await dialog.getByRole("button", { name: "Ask for urgent production" }).click();
  await expect(toast(page, "success")).toContainText(`Urgent production asked for order ${order.orderCode}`);
  await expect(dialog).toBeHidden();
  // no money moved
  expect(await balance(page)).toBe(1_000);

  // asked again: the modal says when, and offers no second request
  await row.getByRole("button", { name: `Urgent production of order ${order.orderCode}` }).click();
  await expect(page.getByTestId("urgent-asked")).toContainText("Urgent production was already asked on");
  await expect(page.getByTestId("urgent-asked")).toContainText("Wedding moved up");
  await expect(dialog.getByRole("button", { name: "Ask for urgent production" })).toHaveCount(0);
  await expectAccessible(page, "[data-testid=urgent-dialog]");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // the details page: the timeline shows the request; the server refuses a second one with its message
  await page.goto(`/orderDetails?orderId=${order.orderId}`);
  await expect(page.getByTestId("order-timeline").getByRole("listitem").last()).toContainText("Wedding moved up");
  const again = await call(page, "POST", `/api/pc/order/urgent/${order.orderId}`, { reason: "Again" });
  expect(again.code).toBe(1002);
});

test("PROD-007 PROD-052 the note: the owner writes it on the pending list; the production list shows it read-only", async ({
  page,
}) => {
  await signInFresh(page);
  const [pending, paid] = await makeOrders(page, 2, "Note Test");
  await topUpTo(page, paid!.priceCents);
  await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${paid!.orderId},`);
  await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${pending!.orderId},`);

  // the pending order (editable) offers to add a note
  await page.goto("/myOrder");
  const row = page.getByTestId("pending-table").getByRole("row").filter({ hasText: pending!.orderCode });
  await row.getByRole("button", { name: `Add a note to order ${pending!.orderCode}` }).click();
  const card = page.getByTestId("order-note");
  const note = card.getByRole("textbox", { name: "Note" });
  await expect(note).toHaveAttribute("maxlength", "500");
  await expectAccessible(page, "[data-testid=order-note]");
  await note.fill("Longer sleeves, 2 cm");
  await card.getByRole("button", { name: "Save note" }).click();
  await expect(toast(page, "success")).toContainText(`Note of order ${pending!.orderCode} saved`);
  await expect(card).toBeHidden();
  // the row now has a note; opened, it shows the stored text for editing
  await row.getByRole("button", { name: `Note of order ${pending!.orderCode}` }).click();
  await expect(card.getByRole("textbox", { name: "Note" })).toHaveValue("Longer sleeves, 2 cm");
  await card.getByRole("button", { name: "Cancel" }).click();

  // once paid, the order is in production: its note is refused a change and shown read-only there
  const all = await ok<Array<{ orderId: string; remark: string }>>(
    page,
    "GET",
    "/api/pc/order/getOrderCartList?type=3&pageSize=40",
  );
  expect(all.find((o) => o.orderId === pending!.orderId)?.remark).toBe("Longer sleeves, 2 cm");
  await topUpTo(page, pending!.priceCents);
  await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${pending!.orderId},`);
  const refused = await call(page, "POST", "/api/pc/order/updateRemark", {
    orderId: pending!.orderId,
    remark: "Too late",
  });
  expect(refused.code).toBe(1002);
  await page.goto(`/underProduction?orderNum=${pending!.orderCode}`);
  const made = page.getByTestId("production-table").getByRole("row").filter({ hasText: pending!.orderCode });
  await made.getByRole("button", { name: `Note of order ${pending!.orderCode}` }).click();
  await expect(card.getByTestId("order-note-text")).toHaveText("Longer sleeves, 2 cm");
  await expect(card.getByRole("textbox")).toHaveCount(0);
  await expectAccessible(page, "[data-testid=order-note]");
  await card.getByRole("button", { name: "Close" }).first().click();
  // an order without a note that cannot be changed shows no note button at all
  await page.goto(`/underProduction?orderNum=${paid!.orderCode}`);
  const other = page.getByTestId("production-table").getByRole("row").filter({ hasText: paid!.orderCode });
  await expect(other).toBeVisible();
  await expect(other.getByRole("button", { name: new RegExp(`note.*${paid!.orderCode}`, "i") })).toHaveCount(0);
});

test("PROD-065 D-13 a cancel refused from a stale details page closes the confirmation and shows the order as it now is (issue 20)", async ({
  page,
}) => {
  const order = await paidOrder(page, "Stale Tab");
  await page.goto(`/orderDetails?orderId=${order.orderId}`);
  const details = page.getByTestId("order-details");
  await expect(details.getByTestId("details-order")).toContainText("Submitted");
  await details.getByRole("button", { name: `Cancel order ${order.orderCode}` }).click();
  const confirm = page.getByTestId("cancel-order-confirm");
  await expect(confirm).toBeVisible();
  // another tab cancels the order meanwhile: this page still shows it submitted
  await ok(page, "GET", `/api/pc/order/canceMtmOrder?orderId=${order.orderId}`);
  await confirm.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(toast(page, "error")).toContainText(`Order ${order.orderCode} cannot be cancelled in its status`);
  await expect(confirm).toBeHidden();
  await expect(details.getByTestId("details-order")).toContainText("Cancelled");
  await expect(details.getByTestId("details-order")).not.toContainText("Submitted");
  // the cancel is no longer offered for a cancelled order
  await expect(details.getByRole("button", { name: `Cancel order ${order.orderCode}` })).toHaveCount(0);
});

test("PROD-065 a toast shown while a dialog is open is not inside an aria-hidden subtree (issue 20)", async ({
  page,
}) => {
  const order = await paidOrder(page, "Toast Dialog");
  await page.goto(`/orderDetails?orderId=${order.orderId}`);
  await page.getByRole("button", { name: `Cancel order ${order.orderCode}` }).click();
  const confirm = page.getByTestId("cancel-order-confirm");
  await expect(confirm).toBeVisible();
  // the answer is lost: the confirmation stays open for the retry and an error toast says so
  await page.route("**/api/pc/order/canceMtmOrder**", (route) => route.abort());
  await confirm.getByRole("button", { name: "Yes, cancel it" }).click();
  const shown = toast(page, "error");
  await expect(shown).toBeVisible();
  await expect(confirm).toBeVisible();
  // Again, with the toasts' list already on the page when the dialog opens (the Toaster loads with the
  // first toast): close the confirmation and the toast, open the confirmation, lose the answer once more.
  await confirm.getByRole("button", { name: "Keep the order" }).click();
  await expect(confirm).toBeHidden();
  await shown.getByRole("button", { name: "Close" }).click();
  await expect(shown).toHaveCount(0);
  await page.getByRole("button", { name: `Cancel order ${order.orderCode}` }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(shown).toBeVisible();
  // the dialog hides the rest of the page from screen readers, but not the toast (asked while the toast is
  // surely shown: it closes after 4 s)
  const insideHidden = (el: Element) => el.closest('[aria-hidden="true"]') !== null;
  expect(await shown.first().evaluate(insideHidden)).toBe(false);
  await expect(confirm).toBeVisible();
  expect(await page.locator("h1").first().evaluate(insideHidden)).toBe(true);
});

test("PROD-055 the details' actions are alike bordered buttons, Buy again and Order customer among them (issue 20)", async ({
  page,
}) => {
  const order = await paidOrder(page, "Alike Buttons");
  await page.goto(`/orderDetails?orderId=${order.orderId}`);
  const actions = page.getByTestId("details-actions");
  await expect(actions.getByRole("button", { name: `Order customer ${order.orderCode}` })).toBeVisible();
  await expect(
    actions
      .getByRole("link", { name: /^Buy order .* again/ })
      .or(actions.getByRole("button", { name: /^Buy order .* again/ })),
  ).toBeVisible();
  const looks = await actions.locator("a, button").evaluateAll((els) =>
    els.map((el) => {
      const style = getComputedStyle(el);
      return {
        name: el.getAttribute("aria-label") ?? el.textContent,
        border: style.borderTopWidth,
        height: el.getBoundingClientRect().height,
      };
    }),
  );
  expect(looks.length).toBeGreaterThan(3);
  for (const look of looks) {
    expect(look.border, look.name ?? "").not.toBe("0px");
    expect(look.height, look.name ?? "").toBe(looks[0]!.height);
  }
});
