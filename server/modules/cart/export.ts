import ExcelJS from "exceljs";
import { moneyOf, type MoneyValue } from "../../../domain/money.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import type { exportRows } from "./service.ts";

type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

/** The spreadsheet's media type and the name it is downloaded as (orders-YYYY-MM-DD.xlsx). */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const exportFileName = (now: Date) => `orders-${now.toISOString().slice(0, 10)}.xlsx`;

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @) or read as a control (tab, CR) gets a
 * leading apostrophe, so it is shown as the text it is (CSV/formula injection).
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
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
 * The orders as an .xlsx workbook, headers in the caller's language, every text cell neutralised, every
 * amount a number in its currency's format (`moneyNumFmt`).
 */
export async function orderWorkbook(rows: readonly ExportRow[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(locale, "cart.export.sheet"));
  sheet.columns = COLUMNS.map(([key, width]) => ({ header: neutralise(translate(locale, key)), width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values = COLUMNS.map(([, , value]) => value(row));
    const added = sheet.addRow(
      values.map((v) => (typeof v === "string" ? neutralise(v) : typeof v === "number" ? v : v.cents / 100)),
    );
    values.forEach((v, k) => {
      if (typeof v === "object") added.getCell(k + 1).numFmt = moneyNumFmt(v.currency);
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
