import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { makeOrders, ok, signInFresh } from "./cart.ts";

/**
 * Issue 22: the allocation details and the billing ledger in Chromium at 1440 × 900, as a new main
 * account with two sub-accounts sees them. Its movements are written straight into the ledger by the
 * test hook /api/__test/allocate (the distribution calls are another area's); its order is saved and paid
 * through the real calls. Each page and modal is scanned by axe in English and Chinese.
 */

/** A fresh main account with two sub-accounts (long names: their remarks are cut at 18 characters). */
async function family(page: Page) {
  const main = await signInFresh(page, 500_000);
  const children = [`${main}-first-child`, `${main}-second-child`];
  for (const child of children) {
    const created = await page.request.post("/api/__test/member", { data: { username: child, parent: main } });
    expect(created.status(), await created.text()).toBe(200);
  }
  return { main, first: children[0]!, second: children[1]! };
}

const allocate = (page: Page, child: string, kind: string, amountCents: number) =>
  ok<number>(page, "POST", "/api/__test/allocate", { child, kind, amountCents });

/** The family of a computed colour (Tailwind 4 writes oklch(L C H)): by its hue. */
function familyOf(css: string): string {
  const hue = Number(/^oklch\([\d.]+ [\d.]+ ([\d.]+)\)$/.exec(css)?.[1] ?? NaN);
  if (hue < 40 || hue > 330) return "red";
  if (hue > 120 && hue < 170) return "green";
  if (hue > 230 && hue < 290) return "blue";
  return css;
}
const colourOf = async (locator: Locator, property: "color" | "backgroundColor") =>
  familyOf(await locator.evaluate((el, prop) => getComputedStyle(el)[prop], property));

test("SUB-009 SUB-010 SUB-011 SUB-012 SUB-013 SUB-014 SUB-015 SUB-016 SUB-043 allocation details: breadcrumbs, colours, pages, filter in the address", async ({
  page,
}) => {
  const { first, second } = await family(page);
  // 21 recharges of the first child (a second page), part taken back; the second recharged and emptied; a no-limit leg
  for (let n = 1; n <= 21; n += 1) await allocate(page, first, "sub_recharge", 1000);
  await allocate(page, first, "sub_take_back", 500);
  await allocate(page, second, "sub_recharge", 7000);
  await allocate(page, second, "sub_take_back_all", 7000);
  await allocate(page, first, "sub_no_limit", 2500);

  await page.goto("/allocationDetails");
  const table = page.getByTestId("allocation-table");
  await expect(table.locator("tbody tr")).toHaveCount(20);
  // SUB-009: the three breadcrumbs
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Individual account" })).toHaveAttribute("href", "/user");
  await expect(crumbs.getByRole("link", { name: "Sub account" })).toHaveAttribute("href", "/subAccount");
  await expect(crumbs.getByText("Allocation details")).toHaveAttribute("aria-current", "page");
  // SUB-010: the columns
  await expect(table.getByRole("columnheader")).toHaveText([
    "No.",
    "Date",
    "Sub account",
    "Transaction type",
    "Price",
    "Usable amount",
    "Details",
  ]);
  // newest first: the no-limit leg (blue), then the take-back-all (red), the recharge (green)
  const row = (n: number) => table.locator("tbody tr").nth(n);
  await expect(row(0)).toContainText("No limit");
  await expect(row(0).locator("[data-dot]")).toHaveAttribute("data-dot", "blue");
  await expect(row(1)).toContainText("Take back all");
  await expect(row(1).locator("[data-dot]")).toHaveAttribute("data-dot", "red");
  await expect(row(2).locator("[data-dot]")).toHaveAttribute("data-dot", "green");
  // SUB-011..013: the dots are drawn green, red and blue
  expect(await colourOf(row(0).locator("[data-dot] > span"), "backgroundColor")).toBe("blue");
  expect(await colourOf(row(1).locator("[data-dot] > span"), "backgroundColor")).toBe("red");
  expect(await colourOf(row(2).locator("[data-dot] > span"), "backgroundColor")).toBe("green");
  // SUB-014: a price starting with + is green, otherwise red
  await expect(row(0).locator("[data-tone]")).toHaveText("+USD\u00a025.00");
  await expect(row(0).locator("[data-tone]")).toHaveAttribute("data-tone", "green");
  await expect(row(1).locator("[data-tone]")).toHaveText("-USD\u00a070.00");
  await expect(row(1).locator("[data-tone]")).toHaveAttribute("data-tone", "red");
  expect(await colourOf(row(0).locator("[data-tone]"), "color")).toBe("green");
  expect(await colourOf(row(1).locator("[data-tone]"), "color")).toBe("red");
  // the usable amount after the movement: the second child is empty after its take-back
  await expect(row(1).getByRole("cell").nth(5)).toHaveText("USD\u00a00.00");
  await expectAccessible(page);

  // SUB-015, SUB-043: 25 movements, 20 a page
  await expect(page.getByRole("status").filter({ hasText: "25 movements" })).toBeVisible();
  await page.getByRole("button", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.locator("tbody tr")).toHaveCount(5);
  await expect(row(0).getByRole("cell").first()).toHaveText("21");

  // SUB-016: the filter modal: date range, sub-account chips, type chips, Back and Search
  await page.getByRole("button", { name: "Filter" }).click();
  const filter = page.getByTestId("allocation-filter");
  await expect(filter.getByLabel("From")).toBeVisible();
  await expect(filter.getByLabel("Until")).toBeVisible();
  await expectAccessible(page, "[data-testid=allocation-filter]");
  await filter.getByTestId("allocation-member-chips").getByRole("button", { name: second }).click();
  // Back closes without applying
  await filter.getByRole("button", { name: "Back", exact: true }).click();
  await expect(filter).toBeHidden();
  await expect(page).not.toHaveURL(/memberId/);
  await page.getByRole("button", { name: "Filter" }).click();
  await filter.getByTestId("allocation-member-chips").getByRole("button", { name: second }).click();
  await filter.getByTestId("allocation-type-chips").getByRole("button", { name: "Take back all" }).click();
  await filter.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/memberId=\d+/);
  await expect(page).toHaveURL(/dealItem=4/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(row(0)).toContainText(second);
  // the filter stays in the address: a reload shows the same
  await page.reload();
  await expect(table.locator("tbody tr")).toHaveCount(1);

  // the row links to its billing rows: the two sides of the movement
  await row(0)
    .getByRole("link", { name: /Billing rows/ })
    .click();
  await expect(page).toHaveURL(/\/billing\?transferId=\d+/);
  await expect(page.getByTestId("billing-table").locator("tbody tr")).toHaveCount(2);

  // Chinese: the page and the filter modal
  await page.evaluate(() => localStorage.setItem("locale", "zh"));
  await page.goto("/allocationDetails");
  await expect(page.getByRole("heading", { name: "分配详情" })).toBeVisible();
  await expect(table.getByRole("columnheader").first()).toHaveText("序号");
  await expectAccessible(page);
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(filter.getByRole("button", { name: "返回" })).toBeVisible();
  await expectAccessible(page, "[data-testid=allocation-filter]");
});

test("ACCT-013 BILL-001 BILL-002 BILL-003 BILL-004 BILL-005 BILL-007 BILL-008 BILL-011 BILL-015 BILL-016 billing: search, filter, balance line, colours, pages, export and statement", async ({
  page,
}) => {
  const { main, first } = await family(page);
  for (let n = 1; n <= 11; n += 1) await allocate(page, first, "sub_recharge", 1000);
  // an order of the account itself, saved and paid through the real calls
  const [order] = await makeOrders(page, 1, "Nora Billing");
  await ok(page, "GET", `/api/pc/order/pushOrder?orderIds=${order!.orderId},`);

  await page.goto("/billing");
  const table = page.getByTestId("billing-table");
  // BILL-004, BILL-015: the table, 20 a page (22 recharge sides, the top-up, the payment)
  await expect(table.locator("tbody tr")).toHaveCount(20);
  await expect(page.getByRole("status").filter({ hasText: "24 movements" })).toBeVisible();
  // BILL-003: the balance line: 5,000.00 in, 110.00 to the child, the order paid
  const balance = 500_000 - 11_000 - order!.priceCents;
  await expect(page.getByTestId("billing-balance")).toContainText(
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", currencyDisplay: "code" }).format(
      balance / 100,
    ),
  );
  // BILL-007, BILL-008: + green, - red
  const paid = table.locator("tbody tr").filter({ hasText: order!.orderCode });
  await expect(paid.locator("[data-tone]")).toHaveAttribute("data-tone", "red");
  await expect(paid.locator("[data-tone]")).toHaveText(/^-USD/);
  await expect(paid).toContainText("Nora Billing");
  await expect(paid).toContainText("RC1006");
  await expect(paid.getByRole("img")).toBeVisible();
  const received = table.locator("tbody tr").filter({ hasText: first }).filter({ hasText: "Recharge" }).first();
  await expect(received.locator("[data-tone]")).toHaveAttribute("data-tone", "green");
  expect(await colourOf(received.locator("[data-tone]"), "color")).toBe("green");
  expect(await colourOf(paid.locator("[data-tone]"), "color")).toBe("red");
  // BILL-016: the remark cut at 18 characters, the whole text on hover
  const remark = received.getByTestId("billing-remark");
  await expect(remark).toHaveAttribute("title", `From ${main}`);
  expect(Array.from((await remark.textContent())!.replace("…", ""))).toHaveLength(18);
  await expectAccessible(page);

  // BILL-005: the pager
  await page.getByRole("button", { name: "Page 2", exact: true }).click();
  await expect(table.locator("tbody tr")).toHaveCount(4);

  // BILL-001: the keyword search (kept in the address)
  // pressed with Enter, the field keeps its focus for the next search, and the address's keyword is shown
  // in it when the user goes back and forward
  const keyword = page.getByLabel("Keyword");
  await keyword.fill("nora");
  await keyword.press("Enter");
  await expect(page).toHaveURL(/keyword=nora/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr")).toContainText(order!.orderCode);
  await expect(keyword).toBeFocused();
  // (the same field throughout, following the address: not a new one made for each address)
  await keyword.evaluate((field) => (field.dataset.kept = "yes"));
  await page.goBack();
  await expect(page).not.toHaveURL(/keyword=/);
  await expect(keyword).toHaveValue("");
  await page.goForward();
  await expect(keyword).toHaveValue("nora");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(keyword).toHaveAttribute("data-kept", "yes");

  // BILL-002, BILL-011: the filter; the member chips are the sub-accounts and the account itself
  await page.getByLabel("Keyword").fill("");
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).not.toHaveURL(/keyword=/);
  await page.getByRole("button", { name: "Filter" }).click();
  const filter = page.getByTestId("billing-filter");
  const members = filter.getByTestId("billing-member-chips").getByRole("button");
  await expect(members).toHaveText(["All", main, first, `${main}-second-child`]);
  await expect(filter.getByLabel("Deal date from")).toBeVisible();
  await expect(filter.getByLabel("Delivery date from")).toBeVisible();
  await expectAccessible(page, "[data-testid=billing-filter]");
  // a reversed range holds Search with its message
  await filter.getByLabel("Deal date from").fill("2026-03-02");
  await filter.getByLabel("Deal date until").fill("2026-03-01");
  await expect(filter.getByText("The end date is before the start date")).toBeVisible();
  await expect(filter.getByRole("button", { name: "Search" })).toBeDisabled();
  await filter.getByLabel("Deal date from").fill("");
  await filter.getByLabel("Deal date until").fill("");
  await filter.getByRole("button", { name: first }).click();
  await filter.getByTestId("billing-deal-chips").getByRole("button", { name: "Recharge" }).click();
  await filter.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/dealItem=3/);
  await expect(page.getByRole("status").filter({ hasText: "11 movements" })).toBeVisible();
  await expect(page.getByTestId("billing-balance")).toContainText(`Balance of ${first}: USD\u00a0110.00`);

  // the export of the filtered rows
  const exported = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const sheet = await exported;
  expect(sheet.suggestedFilename()).toMatch(/^billing-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect((await readFile((await sheet.path())!)).subarray(0, 2).toString()).toBe("PK");

  // the statement of a period: both days required
  const today = new Date().toISOString().slice(0, 10);
  await page.getByRole("button", { name: "Statement" }).click();
  const dialog = page.getByTestId("statement-dialog");
  await expect(dialog.getByRole("button", { name: "Download PDF" })).toBeDisabled();
  await dialog.getByLabel("First day").fill(today);
  await dialog.getByLabel("Last day").fill(today);
  await expectAccessible(page, "[data-testid=statement-dialog]");
  const statement = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download PDF" }).click();
  const pdf = await statement;
  expect(pdf.suggestedFilename()).toBe(`statement-${today}-${today}.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
  await expect(dialog).toBeHidden();

  // Chinese: the page, the filter and the statement dialog
  await page.evaluate(() => localStorage.setItem("locale", "zh"));
  await page.goto("/billing");
  await expect(page.getByRole("heading", { name: "账单" })).toBeVisible();
  await expect(page.getByTestId("billing-balance")).toContainText("余额：");
  await expectAccessible(page);
  await page.getByRole("button", { name: "筛选" }).click();
  await expectAccessible(page, "[data-testid=billing-filter]");
  await page.getByTestId("billing-filter").getByRole("button", { name: "返回" }).click();
  await page.getByRole("button", { name: "对账单" }).click();
  await expectAccessible(page, "[data-testid=statement-dialog]");
});
