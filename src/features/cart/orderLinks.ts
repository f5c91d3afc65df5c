import type { AnyRouter } from "@tanstack/react-router";

/**
 * Where an order's edit and buy-again open (D-03, PROD-009..014): type 7 the simple order
 * (/newOrder), 8 the professional order (/peofessionalOrder, with the measurement method), 10 the
 * style order (/styleOrdering), 9 a goods order (/dressWellDetails, buy again only: PROD-039).
 */
/** D-03: the one type → route mapping of recommended products, edit and buy-again. */
const ORDER_ENTRY_ROUTE = {
  7: "/newOrder",
  8: "/peofessionalOrder",
  10: "/styleOrdering",
  9: "/dressWellDetails",
} as const;

/**
 * CART-018 as D-03 settles it: a recommended product's go-to-order opens the order entry of its type
 * with the product's garment category: type 7 → /newOrder, type 8 (and any other) → /peofessionalOrder,
 * by the same mapping as edit and buy-again. CART-018's literal text has the inverse.
 */
export const recommendedRoute = (type: number) => (type === 7 ? ORDER_ENTRY_ROUTE[7] : ORDER_ENTRY_ROUTE[8]);

export interface LinkedOrder {
  orderId: string;
  orderType: number;
  clothCategory: number;
  sizeCategoryId: number;
  goodId: number | null;
}

/** PROD-013: buyagain copies the order; PROD-014: pending edits a pending order; edit edits a saved one. */
export type OrderLinkMode = "edit" | "pending" | "buyagain";

/** Issue 12: a buy again marked as the remake of a delivered order names it and the reason. */
type RemakeSearch = { remakeOf?: string; remakeReason?: string; remakeCode?: string };

export type OrderLink =
  | { to: "/newOrder"; search: { id: number; orderId: string; orderType: OrderLinkMode } & RemakeSearch }
  | {
      to: "/peofessionalOrder";
      search: { id: number; orderId: string; orderType: OrderLinkMode; sizeCategoryId: number } & RemakeSearch;
    }
  | { to: "/styleOrdering"; search: { orderId: string; orderType: OrderLinkMode } & RemakeSearch }
  | { to: "/dressWellDetails"; search: { id: number } };

/** The route of an order's edit or buy-again, or null when the order offers none (a goods order's edit). */
export function orderLink(order: LinkedOrder, mode: OrderLinkMode): OrderLink | null {
  const { orderId, clothCategory: id } = order;
  switch (order.orderType) {
    case 7: // PROD-010
      return { to: ORDER_ENTRY_ROUTE[7], search: { id, orderId, orderType: mode } };
    case 8: // PROD-009
      return {
        to: ORDER_ENTRY_ROUTE[8],
        search: { id, orderId, orderType: mode, sizeCategoryId: order.sizeCategoryId },
      };
    case 10: // PROD-011: the style comes with the order
      return { to: ORDER_ENTRY_ROUTE[10], search: { orderId, orderType: mode } };
    case 9: // PROD-012, PROD-039: a goods order is bought again from its product; it has no edit
      return mode === "buyagain" && order.goodId !== null
        ? { to: ORDER_ENTRY_ROUTE[9], search: { id: order.goodId } }
        : null;
    default:
      return null;
  }
}

/**
 * Issue 12: the buy-again link marked as the remake of its order, with the reason; a goods order's
 * buy again (its product's page) is no order entry and carries none.
 */
export function remakeLink(link: OrderLink, remake: { of: string; reason: string; code: string }): OrderLink {
  const mark = { remakeOf: remake.of, remakeReason: remake.reason.trim(), remakeCode: remake.code };
  switch (link.to) {
    case "/newOrder":
      return { to: link.to, search: { ...link.search, ...mark } };
    case "/peofessionalOrder":
      return { to: link.to, search: { ...link.search, ...mark } };
    case "/styleOrdering":
      return { to: link.to, search: { ...link.search, ...mark } };
    default:
      return link;
  }
}

/**
 * PROD-008: buy again opens its order entry in a new tab, from the click itself (no pop-up blocker),
 * keeping the opener so the tab starts with this tab's session (see `BuyAgainButton`).
 */
export function openInNewTab(router: AnyRouter, link: OrderLink) {
  window.open(router.buildLocation(link).href, "_blank");
}
