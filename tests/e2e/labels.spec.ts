import type { Page } from "@playwright/test";
import { expect, expectAccessible, recordToasts, test, toastsSaid } from "./fixtures.ts";
import { makeOrders, ok, signInFresh } from "./cart.ts";
import { MAX_LABELS } from "../../domain/labels.ts";

/**
 * Issue 12, labels in the browser (LABEL-003..023, CART-013, CART-042, PROD-022): a fresh account makes
 * a label in the library, puts it on two of its three orders from the cart cards, finds exactly those
 * two through the filter of my order, and deletes the label: the orders lose it.
 */
const card = (page: Page, code: string) => page.getByTestId("cart-item").filter({ hasText: code });
const table = (page: Page) => page.getByTestId("pending-table");
const rowOf = (page: Page, code: string) => table(page).getByRole("row").filter({ hasText: code });

test("LABEL-003 LABEL-005 LABEL-006 LABEL-007 LABEL-008 LABEL-009 LABEL-017 LABEL-018 LABEL-022 LABEL-023 CART-013 CART-042 PROD-022 create a label, label two orders, filter by it, delete it", async ({
  page,
}) => {
  await recordToasts(page);
  await signInFresh(page);
  const [first, second, third] = await makeOrders(page, 3, "Label Test");
  await page.goto("/saveItems");
  await expect(card(page, third!.orderCode)).toBeVisible();

  // the library, from the cart's header
  await page.getByRole("button", { name: "Labels", exact: true }).click();
  const library = page.getByTestId("label-library");
  await expect(library).toBeVisible();
  await expect(library.getByText("No labels yet. Create one below.")).toBeVisible();
  // LABEL-003, LABEL-004: nine colours and the default, which is chosen. Issue 20: the field is the
  // label's colour (not a font's), and each swatch is heard by its colour's name, not as a hex code.
  const colours = library.getByRole("radiogroup", { name: "Label colour" });
  await expect(colours.getByRole("radio")).toHaveCount(10);
  await expect(colours.getByRole("radio", { name: "Orange (default)" })).toBeChecked();
  // each radio is named by its <label> (the swatch itself is hidden from assistive technology)
  const names = (await colours.locator("label").allTextContents()).map((name) => name.trim());
  expect(names).toHaveLength(10);
  expect(new Set(names).size).toBe(10);
  for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+( [a-z]+)*( \(default\))?$/);
  await expectAccessible(page, "[data-testid=label-library]");

  // LABEL-007: the text is required
  await library.getByRole("button", { name: "Create label" }).click();
  await expect(library.getByText("fill content", { exact: true })).toBeVisible();
  await expect(library.getByLabel("Label text")).toHaveAttribute("aria-invalid", "true");

  // LABEL-005: a light colour (#FFD166) has black text
  await colours.getByRole("radio", { name: "Yellow", exact: true }).click();
  await library.getByLabel("Label text").fill("VIP");
  await library.getByRole("button", { name: "Create label" }).click();
  const chip = library.getByTestId("label-library-list").getByText("VIP", { exact: true });
  await expect(chip).toBeVisible();
  await expect(chip.locator("..")).toHaveCSS("color", "rgb(0, 0, 0)");
  await expect(chip.locator("..")).toHaveCSS("background-color", "rgb(255, 209, 102)");
  await expect.poll(() => toastsSaid(page, "success")).toContain("new label created");
  // a dark colour keeps white text
  await colours.getByRole("radio", { name: "Purple", exact: true }).click();
  await library.getByLabel("Label text").fill("Rush");
  await library.getByRole("button", { name: "Create label" }).click();
  const dark = library.getByTestId("label-library-list").getByText("Rush", { exact: true });
  await expect(dark.locator("..")).toHaveCSS("color", "rgb(255, 255, 255)");
  await library.getByRole("button", { name: "Close" }).click();
  await expect(library).toBeHidden();

  // LABEL-023, CART-013: the editor on a card; LABEL-008 at least one label to confirm
  for (const order of [first!, second!]) {
    await card(page, order.orderCode)
      .getByRole("button", { name: `Labels of ${order.orderCode}` })
      .click();
    const editor = page.getByTestId("label-editor");
    await expect(editor.getByRole("checkbox")).toHaveCount(2);
    if (order === first) {
      await expectAccessible(page, "[data-testid=label-editor]");
      await editor.getByRole("button", { name: "Confirm" }).click();
      await expect(editor.getByRole("alert")).toHaveText("Please select at least one label");
    }
    await editor.getByRole("checkbox", { name: "VIP" }).click();
    await editor.getByRole("button", { name: "Confirm" }).click();
    await expect(editor).toBeHidden();
    await expect(card(page, order.orderCode).getByTestId("order-labels")).toHaveText(/VIP/);
  }
  await expect.poll(() => toastsSaid(page, "success")).toContain("label updated");
  await expect(card(page, third!.orderCode).getByTestId("order-labels")).toHaveCount(0);

  // PROD-022: all of my orders, filtered by the label: exactly the two
  await page.goto("/myOrder?list=all");
  await expect(rowOf(page, third!.orderCode)).toHaveCount(1);
  await page.getByRole("button", { name: "Filter" }).click();
  const filter = page.getByTestId("pending-filter");
  await expect(filter.getByRole("checkbox", { name: "VIP" })).toBeVisible();
  await expectAccessible(page, "[data-testid=pending-filter]");
  await filter.getByRole("checkbox", { name: "VIP" }).click();
  await filter.getByRole("button", { name: "Apply" }).click();
  await expect(filter).toBeHidden();
  await expect(page).toHaveURL(/labelIds=/);
  await expect(table(page).locator("tbody tr")).toHaveCount(2);
  // the address alone reproduces the filtered list
  await page.reload();
  await expect(table(page).locator("tbody tr")).toHaveCount(2);
  await expect(rowOf(page, first!.orderCode)).toHaveCount(1);
  await expect(rowOf(page, second!.orderCode)).toHaveCount(1);
  await expect(rowOf(page, third!.orderCode)).toHaveCount(0);
  await expectAccessible(page);

  // LABEL-009: deleting from the library warns that the orders lose it; LABEL-022 the toast
  await page.getByRole("button", { name: "Labels", exact: true }).click();
  await page.getByRole("button", { name: "Delete the label VIP" }).click();
  const confirm = page.getByTestId("label-delete-confirm");
  await expect(confirm).toContainText("All orders marked with this label will lose it.");
  await expectAccessible(page, "[data-testid=label-delete-confirm]");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(() => toastsSaid(page, "success")).toContain("deleted successful");
  await expect(page.getByTestId("label-library-list").getByText("VIP", { exact: true })).toHaveCount(0);
  await page.getByTestId("label-library").getByRole("button", { name: "Close" }).click();

  // the filter of a deleted label finds nothing; without it, no order shows the label
  await expect(table(page).locator("tbody tr").filter({ hasText: first!.orderCode })).toHaveCount(0);
  await page.getByRole("button", { name: "Clear the filter" }).click();
  await expect(rowOf(page, first!.orderCode)).toHaveCount(1);
  await expect(table(page).getByText("VIP", { exact: true })).toHaveCount(0);
  const stored = await ok<Array<{ orderId: string; labels: unknown[] }>>(
    page,
    "GET",
    "/api/pc/order/getOrderCartList?type=3&pageSize=80",
  );
  expect(stored.map((row) => row.labels)).toEqual([[], [], []]);
});

test("LABEL-020 a label taken off a pending-list order says so, and the editor offers the library", async ({
  page,
}) => {
  await recordToasts(page);
  await signInFresh(page);
  const [order] = await makeOrders(page, 1, "Label Remove");
  const label = await ok<{ id: number }>(page, "POST", "/api/pc/label/saveLabel", {
    color: "#2196F3",
    content: "Blue",
    type: "cart",
  });
  await ok(page, "GET", `/api/pc/label/editOrderLabel?orderId=${order!.orderId}&labelIds=${label.id}`);
  await page.goto("/myOrder?list=all");
  const row = rowOf(page, order!.orderCode);
  await expect(row.getByTestId("order-labels")).toHaveText(/Blue/);
  await row.getByRole("button", { name: "Remove the label Blue" }).click();
  await expect(row.getByTestId("order-labels")).toHaveCount(0);
  await expect.poll(() => toastsSaid(page, "success")).toContain("label deleted");

  // the editor opens the library over it
  await row.getByRole("button", { name: `Labels of ${order!.orderCode}` }).click();
  const editor = page.getByTestId("label-editor");
  await expect(editor.getByRole("checkbox", { name: "Blue" })).not.toBeChecked();
  await editor.getByRole("button", { name: "Open the label library" }).click();
  await expect(page.getByTestId("label-library")).toBeVisible();
  await expectAccessible(page, "[data-testid=label-library]");
});

/** Another tab's call: the same account changes the labels behind this page's back. */
const elsewhere = (page: Page, method: "GET" | "POST", url: string, body?: unknown) => ok(page, method, url, body);
const saveLabel = (page: Page, content: string, color = "#2196F3") =>
  elsewhere(page, "POST", "/api/pc/label/saveLabel", { color, content, type: "cart" }) as Promise<{ id: number }>;

test("LABEL-014 LABEL-016 the library's save and delete the server refuses say the server's message in an error toast", async ({
  page,
}) => {
  test.slow(); // a hundred labels are made first
  await recordToasts(page);
  await signInFresh(page);
  await makeOrders(page, 1, "Label Refusal");
  // the account holds as many labels as it may (MAX_LABELS, domain/labels.ts), one of them "Doomed"
  const doomed = await saveLabel(page, "Doomed");
  await Promise.all(Array.from({ length: MAX_LABELS - 1 }, (_, k) => saveLabel(page, `L${k + 1}`)));
  await page.goto("/saveItems");
  await page.getByRole("button", { name: "Labels", exact: true }).click();
  const library = page.getByTestId("label-library");
  await expect(library.getByTestId("label-library-list").getByText("Doomed", { exact: true })).toBeVisible();

  // LABEL-014: the server refuses the 101st label: its message in an error toast, nothing added
  await library.getByLabel("Label text").fill("Overflow");
  await library.getByRole("button", { name: "Create label" }).click();
  await expect.poll(() => toastsSaid(page, "error")).toContain(`An account has at most ${MAX_LABELS} labels`);
  await expect(library.getByTestId("label-library-list").getByText("Overflow", { exact: true })).toHaveCount(0);

  // LABEL-016: "Doomed" deleted in another tab, then deleted here: the server's message
  await elsewhere(page, "POST", `/api/pc/label/del/${doomed.id}`);
  await library.getByRole("button", { name: "Delete the label Doomed" }).click();
  const confirm = page.getByTestId("label-delete-confirm");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect.poll(() => toastsSaid(page, "error")).toContain(`Label ${doomed.id} does not exist`);
  await page.getByTestId("label-delete-confirm").getByRole("button", { name: "Cancel" }).click();
  await expect(library.getByTestId("label-library-list").getByText("Doomed", { exact: true })).toHaveCount(0);

  // nothing was lost: the server still holds every label but "Doomed"
  const stored = await ok<Array<{ content: string }>>(page, "GET", "/api/pc/label/getLabelList?type=cart");
  expect(stored).toHaveLength(MAX_LABELS - 1);
  expect(stored.map((label) => label.content)).toContain("L1");
});

test("LABEL-021 a label removed from a list row that the server refuses says the server's message", async ({
  page,
}) => {
  await recordToasts(page);
  await signInFresh(page);
  const [order] = await makeOrders(page, 1, "Label Remove Refused");
  const blue = await saveLabel(page, "Blue");
  const red = await saveLabel(page, "Red", "#FF5733");
  await elsewhere(page, "GET", `/api/pc/label/editOrderLabel?orderId=${order!.orderId}&labelIds=${blue.id},${red.id}`);
  await page.goto("/myOrder?list=all");
  const row = rowOf(page, order!.orderCode);
  await expect(row.getByTestId("order-labels")).toHaveText(/Blue.*Red/);

  // "Red" deleted in another tab: taking "Blue" off here keeps "Red", which no longer exists
  await elsewhere(page, "POST", `/api/pc/label/del/${red.id}`);
  await row.getByRole("button", { name: "Remove the label Blue" }).click();
  await expect.poll(() => toastsSaid(page, "error")).toContain(`Label ${red.id} does not exist`);
  // the row shows what the server holds: Blue still on, Red gone with the library's label
  await expect(row.getByTestId("order-labels")).not.toContainText("Red");
  await expect(row.getByTestId("order-labels")).toContainText("Blue");
});

test("LABEL-018 issue 20: a toast shown while a dialog is open is announced (a status screen readers can reach)", async ({
  page,
}) => {
  await signInFresh(page);
  await page.goto("/saveItems");
  await page.getByRole("button", { name: "Labels", exact: true }).click();
  const library = page.getByTestId("label-library");
  await expect(library).toBeVisible();
  // the modal hides the rest of the page from assistive technology ...
  await expect(page.locator("#root")).toHaveAttribute("aria-hidden", "true");
  await library.getByLabel("Label text").fill("Announced");
  await library.getByRole("button", { name: "Create label" }).click();
  // ... but not the toast: it is in the accessibility tree (getByRole leaves out aria-hidden subtrees) as a
  // live status, while the dialog is still open. Asked first, right after the click: the toast closes after
  // 4 s, and the list's read again after the save may take that long on a loaded machine.
  const shown = page.locator("[data-kind=success]").filter({ hasText: "new label created" });
  await expect(shown).toBeVisible();
  // the toast itself, not only Radix's one-second announcement of it, is outside every hidden subtree
  expect(await shown.evaluate((toast) => toast.closest("[aria-hidden=true]") === null)).toBe(true);
  // screen readers reach it in the notifications region (getByRole leaves out what is aria-hidden)
  await expect(
    page
      .getByRole("region", { name: /^Notification/ })
      .getByRole("listitem")
      .filter({ hasText: "new label created" }),
  ).toHaveCount(1);
  await expect(library).toBeVisible();
  await expect(library.getByTestId("label-library-list").getByText("Announced", { exact: true })).toBeVisible();
});
