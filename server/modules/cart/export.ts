import { moneyOf, type MoneyValue } from "../../../domain/money.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import { workbookOf } from "../shared/spreadsheet.ts";
import type { exportRows } from "./service.ts";

type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

/** The name the spreadsheet is downloaded as (orders-YYYY-MM-DD.xlsx). */
export const exportFileName = (now: Date) => `orders-${now.toISOString().slice(0, 10)}.xlsx`;

/** The export's guard and media type live in the one spreadsheet export (shared/spreadsheet.ts). */
export { looksLikeFormula, XLSX_TYPE } from "../shared/spreadsheet.ts";

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
export function orderWorkbook(rows: readonly ExportRow[], locale: Locale): Promise<Buffer> {
  return workbookOf(
    translate(locale, "cart.export.sheet"),
    COLUMNS.map(([key, width, value]) => [translate(locale, key), width, value] as const),
    rows,
  );
}
