import type { APIRequestContext, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { fabricRow } from "../../server/db/catalogue/fabrics.ts";
import { expect, expectAccessible, startSignedIn, test } from "./fixtures.ts";

/**
 * Order details (002 §2, PROD-016..021) and its PDF (PROD-018, PROD-068..070) in Chromium against the
 * real server: each test makes its own order through the API as demo-sub1 (no balance, so it stays
 * pending review and shows on my order) and opens it from that list.
 */

const SUB = { username: "demo-sub1", password: "demo1234" };
const SHIRTING = fabricRow(6).fabricCode;

interface CraftNode {
  id: number;
  code: string;
  name: string;
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

async function apiGet<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  params: Record<string, string | number>,
) {
  const res = await request.get(`/api${url}`, { params, headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

interface MadeOrder {
  orderId: string;
  orderCode: string;
  customerName: string;
  cusOrderCode: string;
  craftName: string;
}

/** A shirt with a spread collar, submitted as demo-sub1: it waits in pending review. */
async function pendingShirt(request: APIRequestContext, tag: string): Promise<MadeOrder> {
  const login = await request.post("/api/memberLogin", { params: SUB });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const crafts = await apiGet<CraftNode[]>(request, token, "/pc/dict/zzCraft", { category: 1000 });
  const collar = findCraft(crafts, "COLLAR_SPREAD")!;
  const parts = await apiGet<{ id: number; defaultValue: number }[]>(request, token, "/pc/dict/measureInfo", {
    category: 1000,
    measureType: 10052,
  });
  const customerName = `${tag} Customer`;
  const cusOrderCode = `${tag}-1`;
  const res = await request.post("/api/pc/order/saveSubmitOrder", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      clothCategory: 1000,
      type: 7,
      cusOrderCode,
      fabric: SHIRTING,
      customerName,
      shortName: tag,
      genderId: 10041,
      height: 168,
      weight: 58,
      remark: `${tag} remark`,
      detailList: [
        {
          clothCategory: 1000,
          craftList: [{ craftId: collar.id }],
          embList: [],
          sizeList: parts.map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 })),
        },
      ],
    },
  });
  const body = (await res.json()) as { code: number; message: string; data: { orderId: string; orderCode: string }[] };
  expect(body.code, body.message).toBe(0);
  return { ...body.data[0]!, customerName, cusOrderCode, craftName: collar.name };
}

/** The text of every page of a PDF. */
async function textOf(doc: Awaited<ReturnType<typeof getDocument>["promise"]>) {
  let text = "";
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join("\n");
  }
  await doc.destroy();
  return text;
}

const tagOf = (name: string) => `${name}${Date.now().toString(36).slice(-5)}`;

/**
 * Signs in on my order and opens the order's details from its code in the list. The list is narrowed
 * to the order (orderNum): other specs add demo-sub1's pending orders meanwhile, which could push it
 * off the first page.
 */
async function openFromList(page: Page, order: MadeOrder) {
  await startSignedIn(page, `/myOrder?orderNum=${order.orderCode}`, SUB);
  await expect(page.getByTestId("pending-orders")).toBeVisible();
  await page.getByRole("link", { name: order.orderCode, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orderDetails\\?orderId=${order.orderId}$`));
  await expect(page.getByTestId("order-details")).toBeVisible();
}

test("PROD-016 PROD-017 PROD-019 PROD-020 PROD-053 the details open from my order with every field", async ({
  page,
  request,
}) => {
  const order = await pendingShirt(request, tagOf("Details"));
  await openFromList(page, order);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${order.orderCode}`);
  const orderPart = page.getByTestId("details-order");
  await expect(page.getByTestId("details-orderCode")).toHaveText(order.orderCode);
  await expect(orderPart).toContainText("Shirt");
  await expect(orderPart).toContainText(SHIRTING);
  await expect(orderPart).toContainText("Pending review");
  await expect(orderPart).toContainText("Simple Order");
  await expect(orderPart).toContainText(`${order.customerName.split(" ")[0]} remark`);
  // money with its currency
  await expect(page.getByTestId("details-price")).toHaveText(/^USD\s[\d,]+\.\d{2}$/);
  const customer = page.getByTestId("details-customer");
  await expect(page.getByTestId("details-custName")).toHaveText(order.customerName);
  await expect(customer).toContainText(order.cusOrderCode);
  await expect(customer).toContainText("168 cm");
  await expect(customer).toContainText("58 kg");
  // PROD-020: the piece's craft with its code and price
  const crafts = page.getByRole("table", { name: "Crafts of Shirt" });
  const collar = crafts.getByRole("row").filter({ hasText: "COLLAR_SPREAD" });
  await expect(collar).toContainText(order.craftName);
  await expect(collar).toContainText(/USD\s\d/);
  await expect(page.getByRole("table", { name: "Measurements of Shirt" })).toBeVisible();
  await expect(page.getByTestId("details-timeline")).toBeVisible();
  // PROD-017: no step bar
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("list", { name: /step/i })).toHaveCount(0);
  await expectAccessible(page);

  // PROD-016: the breadcrumb leads back to my order
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "My order" }).click();
  await expect(page).toHaveURL(/\/myOrder$/);
  await expect(page.getByTestId("pending-orders")).toBeVisible();
});

test("PROD-067 a craft picture that fails to load shows the placeholder", async ({ page, request }) => {
  const order = await pendingShirt(request, tagOf("Picture"));
  await page.route("**/api/pc/dict/craftImage/**", (route) => route.fulfill({ status: 404, body: "" }));
  await openFromList(page, order);
  const crafts = page.getByRole("table", { name: "Crafts of Shirt" });
  await expect(crafts.getByRole("img", { name: order.craftName })).toHaveText("No picture");
  await expectAccessible(page);
});

test("PROD-018 PROD-068 PROD-070 Export PDF downloads <orderCode>.pdf whose text is the order", async ({
  page,
  request,
}) => {
  const order = await pendingShirt(request, tagOf("Pdf"));
  await openFromList(page, order);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${order.orderCode}.pdf`);
  await expect(page.getByRole("status").filter({ hasText: `Downloaded ${order.orderCode}.pdf` })).toBeVisible();
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const doc = await getDocument({ data: new Uint8Array(await readFile(file)) }).promise;
  const page1 = await doc.getPage(1);
  // PROD-068: A4
  expect(page1.view.map((v) => Math.round(v))).toEqual([0, 0, 595, 842]);
  const text = await textOf(doc);
  expect(text).toContain(order.orderCode);
  expect(text).toContain(order.customerName);
  expect(text).toContain(order.cusOrderCode);
  expect(text).toContain(order.craftName);
  expect(text).toContain("Timeline");
  await expectAccessible(page);
});

test("an order of another account is not shown: the page says it could not be loaded", async ({ page, request }) => {
  const order = await pendingShirt(request, tagOf("Foreign"));
  await startSignedIn(page, `/orderDetails?orderId=${order.orderId}`, { username: "acme", password: "acme1234" });
  await expect(page.getByRole("heading", { name: "This order could not be shown" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(`Order ${order.orderId} does not exist`);
  await expect(page.getByText(order.customerName)).toHaveCount(0);
  await expectAccessible(page);
});

test("PROD-018 PROD-020 in Chinese the page and its PDF name the craft in Chinese (the embedded CJK font)", async ({
  page,
  request,
}) => {
  const order = await pendingShirt(request, tagOf("Zh"));
  const login = await request.post("/api/memberLogin", { params: SUB });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const zhCrafts = (await (
    await request.get("/api/pc/dict/zzCraft", {
      params: { category: 1000 },
      headers: { Authorization: `Bearer ${token}`, "Accept-Language": "zh-CN" },
    })
  ).json()) as { data: CraftNode[] };
  const zhName = findCraft(zhCrafts.data, "COLLAR_SPREAD")!.name;
  expect(zhName).toMatch(/[\u4e00-\u9fff]/);

  await openFromList(page, order);
  await page.evaluate(() => localStorage.setItem("locale", "zh"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("navigation", { name: "面包屑导航" })).toContainText("订单详情");
  await expect(
    page.getByRole("table", { name: "衬衫 的工艺" }).getByRole("row").filter({ hasText: zhName }),
  ).toHaveCount(1);
  await expect(page.getByTestId("details-price")).toHaveText(/USD/);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "导出 PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${order.orderCode}.pdf`);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const doc = await getDocument({ data: new Uint8Array(await readFile(file)) }).promise;
  const text = await textOf(doc);
  expect(text).toContain("订单详情");
  expect(text).toContain(zhName);
  expect(text).toContain(order.orderCode);
  await expectAccessible(page);
});

test("SHELL-003 switching to Chinese on the details shows every dictionary value in Chinese without a reload (issue 20)", async ({
  page,
  request,
}) => {
  const order = await pendingShirt(request, tagOf("Switch"));
  const login = await request.post("/api/memberLogin", { params: SUB });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const zh = { Authorization: `Bearer ${token}`, "Accept-Language": "zh-CN" };
  const detail = (
    (await (
      await request.get("/api/pc/order/orderDetail", { params: { orderId: order.orderId }, headers: zh })
    ).json()) as {
      data: { statusName: string; clothZhName: string; customer: { genderName: string } };
    }
  ).data;
  const types = (
    (await (
      await request.get("/api/pc/dictsystem/orderSearchDict", { params: { category: 7 }, headers: zh })
    ).json()) as { data: { dealItem: number; name: string }[] }
  ).data;
  const zhType = types.find((type) => type.dealItem === 7)!.name;
  for (const value of [detail.statusName, detail.clothZhName, detail.customer.genderName, zhType])
    expect(value).toMatch(/[\u4e00-\u9fff]/);

  await openFromList(page, order);
  const orderPart = page.getByTestId("details-order");
  await expect(orderPart).toContainText("Pending review");
  await expect(orderPart).toContainText("Simple Order");
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await page.getByRole("button", { name: "中文" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(orderPart).toContainText(detail.statusName);
  await expect(orderPart).toContainText(detail.clothZhName);
  await expect(orderPart).toContainText(zhType);
  await expect(page.getByTestId("details-customer")).toContainText(detail.customer.genderName);
  // "Order" is the noun (订单), not "place an order" (下单) or "purchase" (订购), with a space before the code
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`订单 ${order.orderCode}`);
  await expect(page.getByRole("heading", { level: 2, name: "订单", exact: true })).toBeVisible();
  for (const english of ["Pending review", "Simple Order"]) await expect(orderPart).not.toContainText(english);
  await expect(page.getByTestId("details-customer")).not.toContainText("Male");
  // the same document: no reload happened
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});

test("D-13 PROD-055 the details offer the order's actions to its own account; its main account only reads it", async ({
  page,
  request,
  browser,
}) => {
  const order = await pendingShirt(request, tagOf("Own"));
  await openFromList(page, order);
  const actions = page.getByTestId("details-actions");
  await expect(actions.getByRole("button", { name: `Cancel order ${order.orderCode}` })).toBeVisible();
  await expect(actions.getByRole("button", { name: `Pre-commit order ${order.orderCode}` })).toBeVisible();
  await expect(actions.getByRole("button", { name: `Formula of order ${order.orderCode}` })).toBeVisible();
  await expect(actions.getByRole("button", { name: `Order customer ${order.orderCode}` })).toBeVisible();

  // demo, the main account of demo-sub1, sees the order but none of its actions (a fresh session)
  const main = await browser.newContext();
  const other = await main.newPage();
  await startSignedIn(other, `/orderDetails?orderId=${order.orderId}`);
  await expect(other.getByTestId("details-orderCode")).toHaveText(order.orderCode);
  // once the page knows whose order it is (the members read), only the export is offered
  await expect(other.getByTestId("details-actions")).toHaveAttribute("data-own", "false");
  const readOnly = other.getByTestId("details-actions").getByRole("button");
  await expect(readOnly).toHaveText(["Export PDF"]);
  await main.close();
});
