/**
 * The billing ledger and the allocation details (001 §2, §3, §9; issue 22): what a movement of the
 * ledger is called on these pages (its deal item), how its price and its transaction type are coloured,
 * and the page size and remark length the documents fix. The server and the views read the same rules.
 */

/** The kinds of ledger transfer (server/db/schema/ledger.ts `TRANSFER_KINDS`), repeated as a type here. */
export type LedgerKind =
  | "opening"
  | "topup"
  | "order"
  | "refund"
  | "reversal"
  | "deposit"
  | "sub_recharge"
  | "sub_take_back_all"
  | "sub_take_back"
  | "sub_no_limit";

/**
 * BILL-010, BILL-014: the deal items (transaction types) a billing row carries and the filter sends.
 * SUB-022..025: 3 recharge of a sub-account, 4 take back of its whole allocated balance, 5 take back of
 * less, 6 no limit (the main account's leg of a no-limit child's payment). The others are designed
 * (x-designed in the contract): 1 top-up, 2 order payment, 7 refund, 8 opening balance, 9 correction.
 */
export const DEAL_ITEMS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type DealItem = (typeof DEAL_ITEMS)[number];

/** SUB-016, SUB-022..025: the transaction types of the allocation details (movements between a main account and a child). */
export const ALLOCATION_TYPES = [3, 4, 5, 6] as const satisfies readonly DealItem[];
export type AllocationType = (typeof ALLOCATION_TYPES)[number];

/** The ledger kinds each deal item stands for (a top-up recorded before the ledger, `deposit`, is a top-up). */
export const KINDS_OF_DEAL_ITEM: Readonly<Record<DealItem, readonly LedgerKind[]>> = {
  1: ["topup", "deposit"],
  2: ["order"],
  3: ["sub_recharge"],
  4: ["sub_take_back_all"],
  5: ["sub_take_back"],
  6: ["sub_no_limit"],
  7: ["refund"],
  8: ["opening"],
  9: ["reversal"],
};

/** The deal item of a ledger kind. */
export function dealItemOf(kind: LedgerKind): DealItem {
  for (const item of DEAL_ITEMS) if (KINDS_OF_DEAL_ITEM[item].includes(kind)) return item;
  /* c8 ignore next */
  throw new RangeError(`no deal item for ${kind}`);
}

/** The ledger kinds of the allocation details (types 3..6). */
export const ALLOCATION_KINDS: readonly LedgerKind[] = ALLOCATION_TYPES.flatMap((type) => KINDS_OF_DEAL_ITEM[type]);

/** The kinds whose reference is an order code (the row links to the order). */
export const ORDER_KINDS: readonly LedgerKind[] = ["order", "refund", "sub_no_limit"];

/** SUB-043, BILL-015: both pages show 20 rows a page. */
export const BILLING_PAGE_SIZE = 20;
/** The page sizes the two lists accept (the pager offers them; 20 by default). */
export const BILLING_PAGE_SIZES = [10, 20, 40, 60, 80] as const;

/** BILL-016: the remark is cut at 18 characters in the table (the whole text on hover). */
export const REMARK_LENGTH = 18;

/** BILL-016: the remark as the table shows it: at most 18 characters (by code point), "…" when cut. */
export function shortRemark(remark: string): string {
  const chars = Array.from(remark);
  return chars.length <= REMARK_LENGTH ? remark : `${chars.slice(0, REMARK_LENGTH).join("")}…`;
}

/** SUB-011..013: the dot of a transaction type: Recharge green, Take back red, any other blue. */
export type TypeDot = "green" | "red" | "blue";
export function allocationDot(type: number): TypeDot {
  if (type === 3) return "green";
  if (type === 4 || type === 5) return "red";
  return "blue";
}

/**
 * SUB-014, BILL-007, BILL-008: the colour of a price as the API writes it ("+12.00", "-12.00"): green when
 * it starts with +, otherwise red.
 */
export type PriceTone = "green" | "red";
export const priceTone = (price: string): PriceTone => (price.trim().startsWith("+") ? "green" : "red");

/** Cents as the API's signed price: "+12.00" for money in, "-12.00" for money out. */
export function signedPrice(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : "+"}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A date range whose start is after its end (YYYY-MM-DD compares as text); an open end is never reversed. */
export const isReversedRange = (start: string | undefined, end: string | undefined) =>
  Boolean(start && end && start > end);
