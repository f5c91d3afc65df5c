import type { APIRequestContext, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import { expect, expectAccessible, expectPictureDrawn, startSignedIn, test } from "./fixtures.ts";
import { fabricRow } from "../../server/db/catalogue/fabrics.ts";
import { makeOrders, ok, signInFresh, topUpTo } from "./cart.ts";
import { quotePrefixedCells } from "../server/xlsxText.ts";

/**
 * My order (PENDING, D-09; 002 §2) in Chromium against the real server: each test makes its own
 * orders through the API (as demo-sub1, whose empty balance leaves a submitted order pending review
 * with "Insufficient Balance"), and finds them by their own customer names and codes, never by
 * counting the seeded history.
 */

const PENDING = 10371;
const SHIRTING = fabricRow(6).fabricCode;

interface Account {
  username: string;
  password: string;
}
const DEMO: Account = { username: "demo", password: "demo1234" };
const SUB: Account = { username: "demo-sub1", password: "demo1234" };

async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const res = await request.post("/api/memberLogin", {
    params: { username: account.username, password: account.password },
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  return body.data.token;
}

async function apiGet<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  params?: Record<string, string | number>,
) {
  const res = await request.get(`/api${url}`, { params, headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; message: string; data: T; total?: number };
  expect(body.code, body.message).toBe(0);
  return body;
}

interface CraftNode {
  id: number;
  code: string;
  children?: CraftNode[];
}
const findCraft = (nodes: CraftNode[], code: string): CraftNode | undefined => {
  for (const node of nodes) {
    if (node.code === code) return node;
    const found = findCraft(node.children ?? [], code);
    if (found) return found;
  }
  return undefined;
};

/** A valid shirt draft (category 1000) for a customer and a customer order code. */
async function shirtDraft(
  request: APIRequestContext,
  token: string,
  customerName: string,
  cusOrderCode: string,
  amount = 1,
) {
  const crafts = (await apiGet<CraftNode[]>(request, token, "/pc/dict/zzCraft", { category: 1000 })).data;
  const parts = (
    await apiGet<{ id: number; defaultValue: number }[]>(request, token, "/pc/dict/measureInfo", {
      category: 1000,
      measureType: 10052,
    })
  ).data;
  return {
    clothCategory: 1000,
    type: 7,
    amount,
    cusOrderCode,
    fabric: SHIRTING,
    customerName,
    shortName: customerName.split(" ")[0],
    genderId: 10041,
    height: 168,
    weight: 58,
    detailList: [
      {
        clothCategory: 1000,
        craftList: [{ craftId: findCraft(crafts, "COLLAR_SPREAD")!.id }],
        embList: [],
        sizeList: parts.map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 })),
      },
    ],
  };
}

interface MadeOrder {
  orderId: string;
  orderCode: string;
  customerName: string;
  cusOrderCode: string;
}

/**
 * Orders pending review, made through the API: demo-sub1 has no balance, so a submitted order stays
 * pending (10371) with "Insufficient Balance".
 */
async function pendingOrders(
  request: APIRequestContext,
  count: number,
  tag: string,
  cusOrderCode: (i: number) => string = (i) => `${tag}-${i}`,
): Promise<MadeOrder[]> {
  const token = await tokenOf(request, SUB);
  const made: MadeOrder[] = [];
  for (let i = 0; i < count; i++) {
    const customerName = `${tag} Customer ${String(i).padStart(2, "0")}`;
    const draft = await shirtDraft(request, token, customerName, cusOrderCode(i));
    const res = await request.post("/api/pc/order/saveSubmitOrder", {
      data: draft,
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as {
      code: number;
      message: string;
      data: { orderId: string; orderCode: string; statusId: number }[];
    };
    expect(body.code, body.message).toBe(0);
    expect(body.data[0]!.statusId).toBe(PENDING);
    made.push({
      orderId: body.data[0]!.orderId,
      orderCode: body.data[0]!.orderCode,
      customerName,
      cusOrderCode: cusOrderCode(i),
    });
  }
  return made;
}

/** A tag no other test (or run) uses, so a test finds only its own orders. */
const tagOf = (name: string) => `${name}${Date.now().toString(36).slice(-5)}`;

async function openMyOrder(page: Page, account: Account, query = "") {
  await startSignedIn(page, `/myOrder${query}`, account);
  await expect(page.getByTestId("pending-orders")).toBeVisible();
}

const table = (page: Page) => page.getByTestId("pending-table");
const rowOf = (page: Page, text: string) => table(page).getByRole("row").filter({ hasText: text });

test("CART-006 CART-021 CART-024 my order lists the account's pending orders with the fields a tailor needs", async ({
  page,
  request,
}) => {
  const [order] = await pendingOrders(request, 1, tagOf("List"));
  await openMyOrder(page, SUB);
  const row = rowOf(page, order!.orderCode);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(order!.customerName);
  await expect(row).toContainText(`Customer order ${order!.cusOrderCode}`);
  await expect(row).toContainText(SHIRTING);
  await expect(row).toContainText("Shirt");
  await expect(row).toContainText("Simple Order");
  await expect(row).toContainText(/USD\s\d/);
  await expect(row).toContainText("Pending review");
  // the reason it is pending (blError)
  await expect(row).toContainText("Insufficient Balance");
  await expectAccessible(page);
});

test("CART-054 CART-006 my order shows 10 a page, and 20, 40, 60 or 80 on request", async ({ page, request }) => {
  await pendingOrders(request, 11, tagOf("Page"));
  await openMyOrder(page, SUB);
  const rows = table(page).locator("tbody tr");
  await expect(rows).toHaveCount(10);
  const total = Number((await page.getByText(/^\d+ orders$/).textContent())!.split(" ")[0]);
  expect(total).toBeGreaterThan(10);
  await expect(page.getByRole("navigation", { name: "Pages" })).toBeVisible();
  await page.getByRole("combobox", { name: "Per page" }).click();
  await expect(page.getByRole("option")).toHaveText(["10", "20", "40", "60", "80"]);
  await page.getByRole("option", { name: "20" }).click();
  await expect(page).toHaveURL(/size=20/);
  // the count and the rows come from one answer (other tests may add orders meanwhile)
  await expect(async () => {
    const now = Number((await page.getByText(/^\d+ orders$/).textContent())!.split(" ")[0]);
    expect(await rows.count()).toBe(Math.min(now, 20));
  }).toPass();
  // page 2 of 10 a page holds the rest of the first 20
  await page.getByRole("combobox", { name: "Per page" }).click();
  await page.getByRole("option", { name: "10" }).click();
  await expect(page).not.toHaveURL(/size=20/);
  await expect(rows).toHaveCount(10);
  const pageOne = await rows.first().textContent();
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  // page 1 also holds 10 rows and stays shown while page 2 loads: wait for page 2's rows
  await expect(rows.first()).not.toHaveText(pageOne!);
  await expect(async () => {
    const now = Number((await page.getByText(/^\d+ orders$/).textContent())!.split(" ")[0]);
    expect(await rows.count()).toBe(Math.min(now - 10, 10));
  }).toPass();
});

test("CART-054 a page past the last (an old link) says so and offers the first page", async ({ page, request }) => {
  const [order] = await pendingOrders(request, 1, tagOf("Past"));
  await openMyOrder(page, SUB, "?page=9999");
  await expect(table(page)).toContainText("There are no orders on this page.");
  await page.getByRole("button", { name: "First page" }).click();
  await expect(page).toHaveURL(/\/myOrder$/);
  await expect(rowOf(page, order!.orderCode)).toHaveCount(1);
});

test("CART-003 CART-009 CART-050 the order-number lookup opens a saved order in saved items, a pending one here and a paid one in the order list", async ({
  page,
  request,
  browser,
}) => {
  const tag = tagOf("Look");
  const token = await tokenOf(request, DEMO);
  const post = async (path: string, draft: unknown) => {
    const res = await request.post(`/api/pc/order/${path}`, {
      data: draft,
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { code: number; message: string; data: unknown };
    expect(body.code, body.message).toBe(0);
    return body.data;
  };
  const saved = (await post("saveOrder", await shirtDraft(request, token, `${tag} Saved`, `${tag}-S`))) as {
    orderCode: string;
  };
  const [paid] = (await post("saveSubmitOrder", await shirtDraft(request, token, `${tag} Paid`, `${tag}-P`))) as {
    orderCode: string;
    statusId: number;
  }[];
  expect(paid!.statusId).toBe(10030);

  await openMyOrder(page, DEMO);
  const lookup = page.getByRole("combobox", { name: "Order number" });
  await lookup.fill(`${tag}-S`);
  const options = page.getByRole("listbox", { name: "Orders found" }).getByRole("option");
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(saved.orderCode);
  await expect(options.first()).toContainText("Saved items");
  await options.first().click();
  await expect(page).toHaveURL(new RegExp(`/saveItems\\?orderNum=${saved.orderCode}$`));

  // a pending order (demo-sub1 has no balance) is on this page: the list narrows to it
  const [pending] = await pendingOrders(request, 1, tag);
  const subPage = await (await browser.newContext()).newPage();
  await openMyOrder(subPage, SUB);
  await subPage.getByRole("combobox", { name: "Order number" }).fill(pending!.orderCode);
  const subOptions = subPage.getByRole("listbox", { name: "Orders found" }).getByRole("option");
  await expect(subOptions).toHaveCount(1);
  await expect(subOptions.first()).toContainText("Pending");
  await subOptions.first().click();
  await expect(subPage).toHaveURL(new RegExp(`/myOrder\\?orderNum=${pending!.orderCode}$`));
  await expect(table(subPage).getByRole("row")).toHaveCount(2);
  await expect(rowOf(subPage, pending!.orderCode)).toHaveCount(1);
  await subPage.context().close();

  await page.goto("/myOrder");
  await expect(page.getByTestId("pending-orders")).toBeVisible();
  await page.getByRole("combobox", { name: "Order number" }).fill(paid!.orderCode);
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText("Order list");
  // Enter on the active option picks it, as a click does
  await page.getByRole("combobox", { name: "Order number" }).press("ArrowDown");
  await page.getByRole("combobox", { name: "Order number" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/underProduction\\?orderNum=${paid!.orderCode}$`));
});

test("CART-004 the filter narrows the list by garment category and keeps it in the address", async ({
  page,
  request,
}) => {
  const [order] = await pendingOrders(request, 1, tagOf("Filt"));
  await openMyOrder(page, SUB);
  await expect(rowOf(page, order!.orderCode)).toHaveCount(1);

  await page.getByRole("button", { name: "Filter" }).click();
  const modal = page.getByTestId("pending-filter");
  await expect(modal).toBeVisible();
  await expectAccessible(page, "[data-testid=pending-filter]");
  await modal.getByRole("combobox", { name: "Garment category" }).click();
  await page.getByRole("option", { name: "Suit", exact: true }).click();
  await modal.getByRole("button", { name: "Apply" }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/clothId=3000/);
  await expect(rowOf(page, order!.orderCode)).toHaveCount(0);
  // the Category column, found by its header (the columns before it change as the list grows)
  const column = (await table(page).locator("thead th").allTextContents()).indexOf("Category") + 1;
  expect(column).toBeGreaterThan(0);
  const categories = await table(page).locator(`tbody tr td:nth-child(${column})`).allTextContents();
  expect(categories.length).toBeGreaterThan(0);
  for (const category of categories) expect(category).toBe("Suit");

  await page.getByRole("button", { name: /Filter/ }).click();
  await modal.getByRole("combobox", { name: "Garment category" }).click();
  await page.getByRole("option", { name: "Shirt", exact: true }).click();
  await modal.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/clothId=1000/);
  await expect(rowOf(page, order!.orderCode)).toHaveCount(1);
  // the address alone reproduces the list
  await page.reload();
  await expect(rowOf(page, order!.orderCode)).toHaveCount(1);
});

test("CART-004 the main account's member filter shows a sub-account's pending orders read-only", async ({
  page,
  request,
}) => {
  const [order] = await pendingOrders(request, 1, tagOf("Memb"));
  await openMyOrder(page, DEMO);
  // the main account's own list does not hold its sub-account's orders
  await expect(table(page)).toBeVisible();
  await expect(rowOf(page, order!.orderCode)).toHaveCount(0);

  await page.getByRole("button", { name: "Filter" }).click();
  const modal = page.getByTestId("pending-filter");
  await modal.getByRole("combobox", { name: "Member" }).click();
  await expect(page.getByRole("option", { name: "demo (me)" })).toBeVisible();
  await page.getByRole("option", { name: "demo-sub1", exact: true }).click();
  await modal.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/userId=\d+/);
  const row = rowOf(page, order!.orderCode);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Read only (demo-sub1)");
  await expect(row.getByRole("checkbox")).toBeDisabled();
  await expect(page.getByTestId("pending-member")).toContainText("demo-sub1");
});

test("CART-005 Export saves the filtered list as a spreadsheet, a leading = kept as text", async ({
  page,
  request,
}) => {
  const tag = tagOf("Xprt");
  const [formula, plain] = await pendingOrders(request, 2, tag, (i) =>
    i === 0 ? `=HYPERLINK("x","${tag}")` : `${tag}-1`,
  );
  await openMyOrder(page, SUB);
  // the file is held back until the page has said it is preparing it
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/pc/order/exportOrderList**", async (route) => {
    await held;
    await route.continue();
  });
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preparing the spreadsheet…" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export" })).toBeDisabled();
  release();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText("Preparing the spreadsheet…")).toBeHidden();
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
    rows.push(cells);
  });
  const header = rows[0]!;
  expect(header).toEqual(expect.arrayContaining(["Order number", "Customer order number", "Customer"]));
  const rowFor = (code: string) => rows.find((cells) => cells.includes(code));
  expect(rowFor(plain!.orderCode)).toEqual(expect.arrayContaining([plain!.customerName, plain!.cusOrderCode]));
  // the formula is text: a spreadsheet shows it as it is (no apostrophe) and never runs it (issue 20:
  // a string cell with the quotePrefix style, the format's own text marker)
  const cells = rowFor(formula!.orderCode)!;
  expect(cells).toContain(formula!.cusOrderCode);
  expect(cells).not.toContain(`'${formula!.cusOrderCode}`);
  let address = "";
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.value === formula!.cusOrderCode) address = cell.address;
    }),
  );
  expect([...(await quotePrefixedCells(await readFile(file)))]).toContain(address);
  sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
});

test("CART-005 an export that fails says so on the page", async ({ page }) => {
  await openMyOrder(page, SUB);
  await page.route("**/api/pc/order/exportOrderList**", (route) => route.abort());
  await page.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The export failed. Please try again." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export" })).toBeEnabled();
});

test("CART-008 CART-023 CART-051 CART-018 D-03 a recommended product's go-to-order opens /newOrder for type 7 and /peofessionalOrder for type 8", async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, SUB);
  const products = (
    await apiGet<{ id: number; type: number; name: string; categoryId: number }[]>(
      request,
      token,
      "/pc/order/getRecommendClothList",
    )
  ).data;
  const simple = products.find((p) => p.type === 7);
  const professional = products.find((p) => p.type === 8);
  expect(simple, "a recommended product of type 7").toBeDefined();
  expect(professional, "a recommended product of type 8").toBeDefined();
  if (!simple || !professional) return;

  await openMyOrder(page, SUB);
  const cards = page.getByRole("list", { name: "Recommended products" }).getByRole("listitem");
  await expect(cards).toHaveCount(products.length);
  // each card shows its picture (a URL the server answers) and its name
  for (const card of await cards.all()) {
    await expectPictureDrawn(card.locator("img"));
  }
  await expect(cards.filter({ hasText: simple.name })).toHaveCount(1);
  await page.getByRole("link", { name: `Go to order: ${simple.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/newOrder\\?id=${simple.categoryId}$`));

  await page.goto("/myOrder");
  await page.getByRole("link", { name: `Go to order: ${professional.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/peofessionalOrder\\?id=${professional.categoryId}$`));
});

test("CART-034 CART-006 CART-039 selection is the stored check flag, one order or the whole page", async ({ page }) => {
  // a fresh account: select-all checks the whole page, which must hold this test's orders alone
  await signInFresh(page);
  const [first, second] = await makeOrders(page, 2, "Selection");
  // no balance: the submission leaves both orders pending review
  for (const order of [first!, second!]) await ok(page, "GET", `/api/pc/order/pushOrder?orderIds=${order.orderId},`);
  // the list of one order (orderNum) first
  await page.goto(`/myOrder?orderNum=${first!.orderCode}`);
  await expect(page.getByTestId("pending-orders")).toBeVisible();
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  const summary = page.getByTestId("pending-summary");
  const submit = summary.getByRole("button", { name: "Submit" });
  // CART-039: nothing selected, Submit is grey and inactive
  await expect(summary).toContainText("0 orders selected");
  await expect(submit).toBeDisabled();
  const box = rowOf(page, first!.orderCode).getByRole("checkbox");
  await box.click();
  await expect(box).toBeChecked();
  await expect(summary).toContainText("1 order selected");
  await expect(summary).toContainText(/Subtotal USD\s\d/);

  // CART-034: the flag is stored, so the full list (and a reload) shows the same selection
  await page.goto("/myOrder");
  await expect(rowOf(page, first!.orderCode).getByRole("checkbox")).toBeChecked();
  await expect(rowOf(page, second!.orderCode).getByRole("checkbox")).not.toBeChecked();

  // select-all checks every order of the page, and clears them again
  const selectAll = page.getByRole("checkbox", { name: "Select all orders on this page" });
  await selectAll.click();
  await expect(selectAll).toBeChecked();
  await expect(rowOf(page, second!.orderCode).getByRole("checkbox")).toBeChecked();
  await selectAll.click();
  await expect(selectAll).not.toBeChecked();
  await expect(rowOf(page, first!.orderCode).getByRole("checkbox")).not.toBeChecked();
  await expect(rowOf(page, second!.orderCode).getByRole("checkbox")).not.toBeChecked();
  await expectAccessible(page);
});

test("CART-004 a filter that matches nothing says so, and clearing it shows the list again", async ({
  page,
  request,
}) => {
  const [order] = await pendingOrders(request, 1, tagOf("Empty"));
  // a day long before any order (the address holds the filter)
  await openMyOrder(page, SUB, "?start=2001-01-01&end=2001-01-02");
  await expect(page.getByTestId("pending-empty")).toContainText("No orders here");
  await expect(page.getByTestId("pending-empty")).toContainText("No order matches the filter.");
  await expect(page.getByText(/^0 orders$/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Clear the filter" }).click();
  await expect(page).toHaveURL(/\/myOrder$/);
  await expect(rowOf(page, order!.orderCode)).toHaveCount(1);
});

test("CART-021 CART-024 my order speaks Chinese: titles, status, money with its currency", async ({
  page,
  request,
}) => {
  const [order] = await pendingOrders(request, 1, tagOf("Zh"));
  await openMyOrder(page, SUB);
  await page.evaluate(() => localStorage.setItem("locale", "zh"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("待审核");
  const row = rowOf(page, order!.orderCode);
  await expect(row).toContainText("衬衫");
  await expect(row).toContainText("待审核");
  await expect(row).toContainText(`客户单号 ${order!.cusOrderCode}`);
  await expect(row).toContainText(/USD\s\d/);
  await expect(page.getByTestId("pending-summary")).toContainText("余额");
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(page.getByTestId("pending-filter")).toContainText("筛选订单");
  await expectAccessible(page, "[data-testid=pending-filter]");
});

const ACME: Account = { username: "acme", password: "acme1234" };

/** The signed-in account's ledger balance in cents, and a top-up through the ledger (TEST_HOOKS). */
const balanceOf = async (request: APIRequestContext, token: string) =>
  (await apiGet<number>(request, token, "/__test/balance")).data;
async function topUp(request: APIRequestContext, token: string, amountCents: number) {
  const res = await request.post("/api/__test/topUp", {
    data: { amountCents },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

test("CART-007 CART-036 CART-037 CART-038 D-14 CART-019 CART-020 the summary refuses a subtotal above the balance, and Submit pays through the queue", async ({
  page,
  request,
}) => {
  // acme's money is this test's alone: 99 shirts an order are paid until the balance falls short of
  // one, and from then on an order stays pending review (10371) with "Insufficient Balance"
  const tag = tagOf("Pay");
  const token = await tokenOf(request, ACME);
  const pending: { orderId: string; orderCode: string }[] = [];
  for (let i = 0; pending.length < 2 && i < 10; i++) {
    const res = await request.post("/api/pc/order/saveSubmitOrder", {
      data: await shirtDraft(request, token, `${tag} Customer`, `${tag}-${i}`, 99),
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as {
      code: number;
      data: { orderId: string; orderCode: string; statusId: number }[];
    };
    expect(body.code).toBe(0);
    if (body.data[0]!.statusId === PENDING) pending.push(body.data[0]!);
  }
  expect(pending).toHaveLength(2);
  const [first, second] = pending as [{ orderId: string; orderCode: string }, { orderId: string; orderCode: string }];

  await openMyOrder(page, ACME);
  const summary = page.getByTestId("pending-summary");
  const submit = summary.getByRole("button", { name: "Submit" });
  await rowOf(page, first.orderCode).getByRole("checkbox").click();
  await expect(summary).toContainText("1 order selected");
  // CART-037, CART-038, D-14: short of the subtotal, Submit is dimmed and says why
  await expect(summary.getByText("Insufficient Balance")).toBeVisible();
  await expect(submit).toBeDisabled();

  // exactly what the first order costs: it is paid, the balance ends at 0
  const price = Number(await rowOf(page, first.orderCode).locator("[data-cents]").getAttribute("data-cents"));
  await topUp(request, token, price - (await balanceOf(request, token)));
  await page.reload();
  await expect(summary).toContainText("1 order selected");
  await expect(summary.getByText("Insufficient Balance")).toBeHidden();
  await expect(submit).toBeEnabled();
  await submit.click();

  // CART-019: the submit-progress dialog lists the order with its outcome, then the receipt
  const dialog = page.getByTestId("submit-queue");
  await expect(dialog.getByRole("listitem").filter({ hasText: first.orderCode })).toContainText("Paid");
  const myOrder = dialog.getByRole("button", { name: "My order", exact: true });
  await expect(myOrder).toBeEnabled();
  await expect(dialog).toContainText("Balance after");
  await expectAccessible(page, "[data-testid=submit-queue]");
  expect(await balanceOf(request, token)).toBe(0);
  // CART-020: nothing failed, so "my order" goes to the order list
  await myOrder.click();
  await expect(page).toHaveURL(/\/underProduction$/);

  // the paid order has left the pending list; the other one is still there
  await page.goto("/myOrder");
  await expect(rowOf(page, second.orderCode)).toHaveCount(1);
  await expect(rowOf(page, first.orderCode)).toHaveCount(0);
});

test("CART-010 CART-056 All orders lists a paid and a pending order with a keyword search, and offers no selection or submission", async ({
  page,
}) => {
  // a fresh account: its money and orders are this test's alone
  await signInFresh(page);
  const tag = tagOf("All");
  const [paid] = await makeOrders(page, 1, `${tag} Paid`);
  const [pending] = await makeOrders(page, 1, `${tag} Waits`);
  await topUpTo(page, paid!.priceCents);
  type Push = Record<string, { code: number; sign: string }>;
  const first = await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${paid!.orderId},`);
  expect(first[paid!.orderId]).toMatchObject({ code: 0, sign: "success" });
  // the balance is spent: the second order stays pending review
  const second = await ok<Push>(page, "GET", `/api/pc/order/pushOrder?orderIds=${pending!.orderId},`);
  expect(second[pending!.orderId]).toMatchObject({ code: 1, sign: "fail" });

  await page.goto("/myOrder");
  await expect(page.getByTestId("pending-orders")).toBeVisible();
  // the pending view shows only the pending order
  await expect(rowOf(page, pending!.orderCode)).toHaveCount(1);
  await expect(rowOf(page, paid!.orderCode)).toHaveCount(0);

  await page.getByRole("tab", { name: "All orders" }).click();
  await expect(page).toHaveURL(/list=all/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All orders");
  await expect(rowOf(page, paid!.orderCode)).toContainText("Submitted");
  await expect(rowOf(page, pending!.orderCode)).toContainText("Pending review");
  // newest first
  await expect(table(page).locator("tbody tr").first()).toContainText(pending!.orderCode);
  // no selection, no summary, no Submit on this view
  await expect(table(page).getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByTestId("pending-summary")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  await expectAccessible(page);

  // the same filter, any status by default: Submitted keeps only the paid order, and the view
  await page.getByRole("button", { name: "Filter" }).click();
  const modal = page.getByTestId("pending-filter");
  const status = modal.getByRole("combobox", { name: "Status" });
  await expect(status).toHaveText("Any");
  await status.click();
  await page.getByRole("option", { name: "Submitted", exact: true }).click();
  await modal.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=10030/);
  await expect(page).toHaveURL(/list=all/);
  await expect(rowOf(page, paid!.orderCode)).toHaveCount(1);
  await expect(rowOf(page, pending!.orderCode)).toHaveCount(0);
  await page.getByRole("button", { name: "Clear the filter" }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(rowOf(page, pending!.orderCode)).toHaveCount(1);

  // the keyword (here the customer's name) narrows the list to one order, and stays in the address
  const search = page.getByRole("search", { name: "Search all orders" });
  await search.getByLabel("Order code, customer order code or customer name").fill(`${tag} Waits`);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/keyWord=/);
  await expect(rowOf(page, paid!.orderCode)).toHaveCount(0);
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(rowOf(page, pending!.orderCode)).toHaveCount(1);
  await page.reload();
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(rowOf(page, pending!.orderCode)).toHaveCount(1);

  // back to pending review: the selection is offered again
  await page.getByRole("tab", { name: "Pending review" }).click();
  await expect(page).not.toHaveURL(/list=all/);
  await expect(rowOf(page, pending!.orderCode).getByRole("checkbox")).toHaveCount(1);
});

test("CART-010 PROD-006 PROD-054 all orders: the caller's own orders are not read-only; a cancelled order offers no order tools", async ({
  page,
}) => {
  // issue 20 §11: demo's own submitted orders said "Read only (demo)", and cancelled orders offered the
  // consumption query and the formula
  await openMyOrder(page, DEMO, "?list=all&status=10030&size=80");
  const rows = table(page).locator("tbody tr");
  await expect(rows.first()).toContainText("Submitted");
  await expect(table(page)).not.toContainText("Read only");

  await page.goto("/myOrder?list=all&status=10372&size=80");
  await expect(rows.first()).toContainText("Cancelled");
  await expect(table(page)).not.toContainText("Read only");
  expect(await rows.count()).toBeGreaterThan(0);
  // the row still opens its details and its customer, but a cancelled order is over
  await expect(rows.first().getByRole("link").first()).toBeVisible();
  for (const name of [/^Consumption query/, /^Formula of order/, /^Pre-commit order/])
    await expect(table(page).getByRole("button", { name })).toHaveCount(0);
  await expectAccessible(page);

  // the order list (under production) holds cancelled orders too: the same rule
  await page.goto("/underProduction?status=10372");
  const production = page.getByTestId("under-production");
  await expect(production.locator("tbody tr").first()).toContainText("Cancelled");
  for (const name of [/^Consumption query/, /^Formula of order/, /^Pre-commit order/])
    await expect(production.getByRole("button", { name })).toHaveCount(0);
});
