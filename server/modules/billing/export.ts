import { moneyOf } from "../../../domain/money.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import { workbookOf, type SheetColumn } from "../shared/spreadsheet.ts";
import type { BillingRow } from "./service.ts";

/** The name the billing spreadsheet is downloaded as (billing-YYYY-MM-DD.xlsx). */
export const billingFileName = (now: Date) => `billing-${now.toISOString().slice(0, 10)}.xlsx`;

const amount = (text: string, currency: string) => moneyOf(text.replace(/^\+/, ""), currency) ?? text;

/** The columns in order: header key, width, value (the table's columns, and who moved the money). */
const COLUMNS: Array<[MessageKey, number, SheetColumn<BillingRow>[2]]> = [
  ["billing.export.dealDate", 18, (r) => r.dealDate.slice(0, 16).replace("T", " ")],
  ["billing.export.dealType", 18, (r) => r.dealTypeName],
  ["billing.export.orderNo", 20, (r) => r.orderNo],
  ["billing.export.customer", 18, (r) => r.customerName],
  ["billing.export.category", 16, (r) => r.category],
  ["billing.export.fabric", 14, (r) => r.fabric],
  ["billing.export.amount", 10, (r) => r.amount ?? ""],
  ["billing.export.price", 14, (r) => amount(r.price, r.moneyType)],
  ["billing.export.balance", 14, (r) => amount(r.balance, r.moneyType)],
  ["billing.export.moneyType", 10, (r) => r.moneyType],
  ["billing.export.member", 14, (r) => r.username],
  ["billing.export.remark", 30, (r) => r.remark],
];

/** The billing rows as an .xlsx workbook (the one spreadsheet export, shared/spreadsheet.ts). */
export function billingWorkbook(rows: readonly BillingRow[], locale: Locale): Promise<Buffer> {
  return workbookOf(
    translate(locale, "billing.export.sheet"),
    COLUMNS.map(([key, width, value]) => [translate(locale, key), width, value] as const),
    rows,
  );
}
