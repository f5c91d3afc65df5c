import ExcelJS from "exceljs";
import JSZip from "jszip";
import { moneyOf, type MoneyValue } from "../../../domain/money.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import type { exportRows } from "./service.ts";

type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

/** The spreadsheet's media type and the name it is downloaded as (orders-YYYY-MM-DD.xlsx). */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const exportFileName = (now: Date) => `orders-${now.toISOString().slice(0, 10)}.xlsx`;

/**
 * A text a spreadsheet would run as a formula (=, +, -, @) or read as a control (tab, CR) when it is
 * typed or edited (CSV/formula injection).
 */
export const looksLikeFormula = (text: string): boolean => /^[=+\-@\t\r]/.test(text);

/**
 * The number format of a guarded cell: text ("@", built-in format 49). The cell keeps its text as it is
 * (no apostrophe in the value) and is stored as a string; `withQuotePrefix` then gives its style the
 * format's own text marker, quotePrefix, so Excel and LibreOffice keep it text when it is edited (issue 20).
 */
const TEXT_FORMAT = "@";
const TEXT_FORMAT_ID = 49;

/**
 * Sets quotePrefix="1" on every cell style of the workbook that uses the text format (only the guarded
 * cells have it). exceljs writes no quotePrefix, so the written package's styles part is amended.
 */
async function withQuotePrefix(xlsx: ArrayBuffer | Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  const part = zip.file("xl/styles.xml");
  if (!part) throw new Error("the workbook has no styles part");
  const styles = await part.async("string");
  const marked = styles.replace(/<cellXfs\b[\s\S]*?<\/cellXfs>/, (xfs) =>
    xfs.replace(new RegExp(`<xf\\b(?=[^>]*\\bnumFmtId="${TEXT_FORMAT_ID}")`, "g"), '<xf quotePrefix="1"'),
  );
  zip.file("xl/styles.xml", marked);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/**
 * The spreadsheet's number format of an amount: the app's one money format (domain/money.ts
 * `formatMoney`: the ISO code, then the amount with grouping and two decimals, "USD 1,234.50",
 * "-USD 12.00"), written as an Excel format so the cell stays a number that sums and sorts; the
 * grouping and decimal signs are the reader's own (Excel applies its locale). A currency that is not
 * an ISO code is left out of the format rather than written into it.
 */
const moneyNumFmt = (currency: string) => (/^[A-Z]{3}$/.test(currency) ? `"${currency} "#,##0.00` : "#,##0.00");

/** An amount of a row: a numeric cell in its currency's number format (or the text when it is not an amount). */
const amount = (text: string, currency: string): MoneyValue | string => moneyOf(text, currency) ?? text;

/** The columns in order: header key, width, value. */
const COLUMNS: Array<[MessageKey, number, (row: ExportRow) => string | number | MoneyValue]> = [
  ["cart.export.orderCode", 20, (r) => r.orderCode],
  ["cart.export.cusOrderCode", 18, (r) => r.cusOrderCode],
  ["cart.export.custName", 18, (r) => r.custName],
  ["cart.export.category", 16, (r) => r.clothZhName],
  ["cart.export.orderType", 16, (r) => r.orderTypeName],
  ["cart.export.fabric", 14, (r) => r.fabric],
  ["cart.export.sizeCategory", 18, (r) => r.sizeCategoryName],
  ["cart.export.amount", 10, (r) => r.amount],
  ["cart.export.unitPrice", 14, (r) => amount(r.unitPrice, r.moneyType)],
  ["cart.export.price", 14, (r) => amount(r.price, r.moneyType)],
  ["cart.export.moneyType", 10, (r) => r.moneyType],
  ["cart.export.status", 18, (r) => r.statusName],
  ["cart.export.pubDate", 12, (r) => r.pubDate.slice(0, 10)],
  ["cart.export.planDeliveryDate", 14, (r) => r.planDeliveryDate ?? ""],
  ["cart.export.deliveryDate", 14, (r) => r.deliveryDate ?? ""],
  ["cart.export.waybillNo", 16, (r) => r.waybillNo],
  ["cart.export.member", 14, (r) => r.username],
  ["cart.export.remark", 30, (r) => r.remark],
  ["cart.export.blError", 30, (r) => r.blError],
];

/**
 * The orders as an .xlsx workbook, headers in the caller's language, every text cell that looks like a
 * formula stored as text with the quotePrefix style (`looksLikeFormula`), every amount a number in its
 * currency's format (`moneyNumFmt`).
 */
export async function orderWorkbook(rows: readonly ExportRow[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(locale, "cart.export.sheet"));
  sheet.columns = COLUMNS.map(([key, width]) => ({ header: translate(locale, key), width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).eachCell((cell) => {
    if (typeof cell.value === "string" && looksLikeFormula(cell.value)) cell.numFmt = TEXT_FORMAT;
  });
  for (const row of rows) {
    const values = COLUMNS.map(([, , value]) => value(row));
    const added = sheet.addRow(values.map((v) => (typeof v === "string" || typeof v === "number" ? v : v.cents / 100)));
    values.forEach((v, k) => {
      if (typeof v === "object") added.getCell(k + 1).numFmt = moneyNumFmt(v.currency);
      else if (typeof v === "string" && looksLikeFormula(v)) added.getCell(k + 1).numFmt = TEXT_FORMAT;
    });
  }
  return withQuotePrefix(await workbook.xlsx.writeBuffer());
}
