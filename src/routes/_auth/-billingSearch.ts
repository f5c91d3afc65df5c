import type * as z from "zod/mini";
import { dateParam, intParam, listSearchShape, textParam } from "../../app/search.ts";

/**
 * The addresses of the billing ledger and the allocation details (issue 22): the page and its size
 * (`listSearchShape`) and the filter (SUB-016, SUB-019, BILL-009), a malformed value dropped. It lives with
 * the routes (a `-` file is not a route) because the first load validates the address; the billing
 * feature reads its types from here.
 */
export const allocationSearchShape = {
  ...listSearchShape,
  /** SUB-016: the date range, YYYY-MM-DD. */
  dealStart: dateParam,
  dealEnd: dateParam,
  /** SUB-016: one sub-account. */
  memberId: intParam,
  /** SUB-016: one transaction type (3..6). */
  dealItem: intParam,
};
export type AllocationSearch = z.output<z.ZodMiniObject<typeof allocationSearchShape>>;

export const billingSearchShape = {
  ...allocationSearchShape,
  /** BILL-001: the keyword (order number, customer, remark). */
  keyword: textParam,
  /** BILL-009: the delivery date range, YYYY-MM-DD. */
  deliveryStart: dateParam,
  deliveryEnd: dateParam,
  /** The two movements of one transfer (an allocation row's link). */
  transferId: intParam,
};
export type BillingSearch = z.output<z.ZodMiniObject<typeof billingSearchShape>>;
