import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { orders } from "../../server/db/schema.ts";
import { looksLikeFormula } from "../../server/modules/cart/export.ts";
import { EXPORT_LIMIT } from "../../server/modules/cart/service.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { bearer, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { insertOrder } from "./cartHelpers.ts";
import { quotePrefixedCells } from "./xlsxText.ts";

/**
 * CART-005 Export (exportOrderList): a real .xlsx made with exceljs, read back here with exceljs; the
 * list's filter applies; a text cell that a spreadsheet would run as a formula is stored as text with the
 * quotePrefix style, its value unchanged (issue 20: no literal apostrophe in the cell).
 */
let server: TestServer;
let ids: MemberIds;
let token = "";
beforeAll(async () => {
  server = await startServer();
  token = (await login(server.app, "demo", "demo1234")).token;
  ids = await memberIds(server.db);
});
afterAll(async () => {
  await server?.close();
});

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function exported(query: Record<string, string>, language = "en") {
  const res = await server.app.inject({
    method: "GET",
    url: "/api/pc/order/exportOrderList",
    query,
    headers: { ...bearer(token), "accept-language": language },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { res, rows, sheet, quoted: await quotePrefixedCells(res.rawPayload) };
}

describe("exportOrderList (CART-005)", () => {
  it("CART-005 answers an .xlsx attachment named orders-YYYY-MM-DD.xlsx with the pending list's orders", async () => {
    const a = await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.pending,
      cusOrderCode: "EXPORT-A",
      custName: "Carol",
      amount: 2,
      unitPriceCents: 1_999,
    });
    await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, cusOrderCode: "EXPORT-A" });
    const { res, rows, sheet } = await exported({ keyWord: "EXPORT-A" });
    expect(res.headers["content-type"]).toBe(XLSX);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const [header, ...data] = rows;
    expect(header!.slice(0, 3)).toEqual(["Order number", "Customer order number", "Customer"]);
    // Type 4 by default: the pending order only, not the saved one.
    expect(data).toHaveLength(1);
    const cells = Object.fromEntries(header!.map((name, k) => [String(name), data[0]![k]]));
    expect(cells).toMatchObject({
      "Order number": a.code,
      "Customer order number": "EXPORT-A",
      Customer: "Carol",
      Quantity: 2,
      "Unit price": 19.99,
      Price: 39.98,
      Status: "Pending review",
    });
    // issue 19: amounts are numbers (they sum and sort) shown in the app's money format, "USD 39.98"
    for (const name of ["Unit price", "Price"])
      expect(sheet.getRow(2).getCell(header!.indexOf(name) + 1).numFmt).toBe('"USD "#,##0.00');
  });

  it("CART-005 a cell beginning with =, +, -, @ or a tab is text with the quotePrefix style, without an apostrophe", async () => {
    const dangerous = ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", '=HYPERLINK("http://evil","x")'];
    for (const [k, text] of dangerous.entries())
      await insertOrder(server.db, ids.demo, {
        status: ORDER_STATUS.pending,
        cusOrderCode: `EXPORT-B${k}`,
        custName: text,
        remark: text,
        createdAt: new Date(Date.now() - k * 1000),
      });
    const { rows, sheet, quoted } = await exported({ keyWord: "EXPORT-B" });
    const [header, ...data] = rows;
    const customer = header!.indexOf("Customer");
    const remark = header!.indexOf("Remark");
    // the cells hold the text as it is: no apostrophe shows
    expect(data.map((row) => row[customer])).toEqual(dangerous);
    expect(data.map((row) => row[remark])).toEqual(dangerous);
    // ... stored as text with the format's own text marker, and only the guarded cells carry it
    const guarded = new Set<string>();
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === "string" && looksLikeFormula(cell.value)) guarded.add(cell.address);
      }),
    );
    expect(guarded.size).toBe(dangerous.length * 2);
    expect([...quoted].sort()).toEqual([...guarded].sort());
    // No cell is a formula.
    for (const row of data) for (const cell of row) expect(typeof cell === "object" && cell !== null).toBe(false);
    expect(looksLikeFormula("=1+1")).toBe(true);
    expect(looksLikeFormula("\r=1")).toBe(true);
    expect(looksLikeFormula("a=1")).toBe(false);
  });

  it("CART-005 headers follow Accept-Language; type 2 exports production; filters apply", async () => {
    await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.cutting, cusOrderCode: "EXPORT-C" });
    await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.finished,
      cusOrderCode: "EXPORT-C",
      createdAt: new Date("2026-06-01T00:00:00Z"),
    });
    const zh = await exported({ type: "2", keyWord: "EXPORT-C", start: "2026-10-01" }, "zh");
    expect(zh.rows[0]!.slice(0, 3)).toEqual(["订单号", "客户订单号", "客户"]);
    expect(zh.rows).toHaveLength(2);
    expect(zh.rows[1]).toContain("生产中：裁剪");
  });

  it("CART-010 CART-056 type 3 exports every status of the caller's orders", async () => {
    for (const status of [ORDER_STATUS.saved, ORDER_STATUS.pending, ORDER_STATUS.submitted, ORDER_STATUS.finished])
      await insertOrder(server.db, ids.demo, { status, cusOrderCode: "EXPORT-ALL" });
    await insertOrder(server.db, ids.acme, { status: ORDER_STATUS.pending, cusOrderCode: "EXPORT-ALL" });
    const { rows } = await exported({ type: "3", keyWord: "EXPORT-ALL" });
    // the header row and the caller's four orders, none of the other account's
    expect(rows).toHaveLength(5);
  });

  it("a malformed filter is a 400 naming it; the export of nothing is a header row", async () => {
    const bad = await server.app.inject({
      method: "GET",
      url: "/api/pc/order/exportOrderList",
      query: { end: "2026-02-30" },
      headers: bearer(token),
    });
    expect(expectErrorEnvelope(bad, 400).message).toContain("end");
    const { rows } = await exported({ keyWord: "NOTHING-MATCHES-THIS" });
    expect(rows).toHaveLength(1);
  });

  it("CART-005 at most 5,000 rows, the newest; the main account exports a sub-account's orders (userId)", async () => {
    const base = Date.parse("2026-09-01T00:00:00Z");
    const rows = Array.from({ length: EXPORT_LIMIT + 1 }, (_, k) => ({
      memberId: ids.demoSub2,
      orderCode: `EXP${String(process.pid).slice(-4)}${String(k).padStart(6, "0")}`,
      orderType: 7,
      categoryId: 3000,
      statusId: ORDER_STATUS.pending,
      cusOrderCode: "EXPORT-D",
      createdAt: new Date(base + k * 1000),
    }));
    await server.db.insert(orders).values(rows);
    const { rows: sheet } = await exported({ userId: String(ids.demoSub2), keyWord: "EXPORT-D" });
    expect(EXPORT_LIMIT).toBe(5000);
    expect(sheet).toHaveLength(EXPORT_LIMIT + 1);
    // The oldest order is the one left out.
    expect(sheet[1]![0]).toBe(rows[EXPORT_LIMIT]!.orderCode);
    expect(sheet.map((row) => row[0])).not.toContain(rows[0]!.orderCode);
  });
});
