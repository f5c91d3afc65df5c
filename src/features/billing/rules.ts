/**
 * The billing pages' rules (domain/billing.ts), for the views: the colours of a transaction type and of a
 * price, the remark cut at 18 characters, the page size, the allocation types.
 */
export { allocationDot, priceTone, shortRemark } from "../../../domain/billing.ts";
import { BILLING_PAGE_SIZE, BILLING_PAGE_SIZES } from "../../../domain/billing.ts";
import type { ListPaging } from "../../ui/list/index.ts";

/** SUB-043, BILL-015: both lists page by 20 (the pager offers the other sizes the server accepts). */
export const BILLING_LIST: ListPaging<(typeof BILLING_PAGE_SIZES)[number]> = {
  pageSizes: BILLING_PAGE_SIZES,
  defaultPageSize: BILLING_PAGE_SIZE,
};

/** A price as the API writes it ("+12.00", "-12.00") as cents, or null. */
export function signedCents(price: string): number | null {
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] === "-" ? -cents : cents;
}
