import type { RGB } from "pdf-lib";
import { formatMoney } from "../../../domain/money.ts";
import { translate, type Locale } from "../../i18n.ts";
import { startPdf } from "../orderDetails/pdf.ts";
import type { BillingRow, Statement } from "./service.ts";

/**
 * A statement of one account for a date range as a PDF (issue 22): the order details PDF's font (Noto
 * Sans SC, so Chinese renders) and layout (A4, 20 pt margins, wrapped lines), in the caller's language:
 * the opening balance, every movement oldest first (green money in, red money out), the closing balance.
 */
export async function statementPdf(statement: Statement, locale: Locale): Promise<Uint8Array> {
  const label = (key: "title" | "account" | "period" | "opening" | "closing" | "none") =>
    translate(locale, `billing.pdf.${key}`);
  const { out, save, rgb } = await startPdf(`${label("title")} ${statement.start} – ${statement.end}`, locale);
  // green money in, red money out
  const green = rgb(0.05, 0.45, 0.2);
  const red = rgb(0.7, 0.1, 0.1);
  const toneOf = (row: BillingRow): RGB => (row.price.startsWith("+") ? green : red);
  const { sep } = out;
  const money = (cents: number, signed = false) => formatMoney(cents, statement.currency, locale, { signed });
  out.line(label("title"), { size: 18 });
  out.gap();
  out.line(`${label("account")}${sep}${statement.username}`);
  out.line(`${label("period")}${sep}${statement.start} – ${statement.end}`);
  out.gap();
  out.line(`${label("opening")}${sep}${money(statement.openingCents)}`, { size: 12 });
  out.gap();
  if (statement.rows.length === 0) out.line(label("none"), { grey: true });
  for (const row of statement.rows) out.line(movementLine(row, money, locale), { color: toneOf(row) });
  out.gap();
  out.line(`${label("closing")}${sep}${money(statement.closingCents)}`, { size: 12 });
  return save();
}

/** One movement: when, what, the order, the amount signed and the balance after it. */
function movementLine(row: BillingRow, money: (cents: number, signed?: boolean) => string, locale: Locale) {
  const cents = (text: string) => Math.round(Number(text) * 100);
  const when = row.dealDate.slice(0, 16).replace("T", " ");
  const what = [row.dealTypeName, row.orderNo, row.customerName, row.remark].filter(Boolean).join(" · ");
  const balance = translate(locale, "billing.pdf.balanceAfter", { balance: money(cents(row.balance)) });
  return `${when} UTC  ${what}  ${money(cents(row.price), true)}  ${balance}`;
}

/** The file is named after the range. */
export const statementFileName = (start: string, end: string) => `statement-${start}-${end}.pdf`;
