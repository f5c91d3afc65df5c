import { ORDER_STATUS } from "../../../domain/ids.ts";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { MenuEntryId } from "../../../machines/session/session.selectors.ts";

/** Menu labels and targets (SHELL-055..063). */
export const MENU_LINKS: Record<MenuEntryId, { label: MessageDescriptor; to: string }> = {
  home: { label: msg`HOME`, to: "/" },
  newOrder: { label: msg`NEW ORDER`, to: "/newOrder" },
  saveItems: { label: msg`SAVED ITEMS`, to: "/saveItems" },
  myOrder: { label: msg`PENDING`, to: "/myOrder" },
  underProduction: { label: msg`ORDER LIST`, to: "/underProduction" },
  shipment: { label: msg`SHIPMENT`, to: "/shipment" },
  billing: { label: msg`BILLING`, to: "/billing" },
  dressWell: { label: msg`ONLINE MALL`, to: "/dressWell" },
  styleProduct: { label: msg`Fashion & Designer`, to: "/styleProduct" },
};

/** SHELL-075, SHELL-076: badge status keys (dictionary 9). */
export const FAILED_STATUS = ORDER_STATUS.failed;
export const PENDING_STATUS = ORDER_STATUS.pending;

/** Where a category chosen in the NEW ORDER panel goes, per tab (SHELL-069, SHELL-070, D-02). */
export function newOrderTarget(tab: 7 | 8 | 9): "/newOrder" | "/peofessionalOrder" | "/quickOrder" {
  return tab === 7 ? "/newOrder" : tab === 8 ? "/peofessionalOrder" : "/quickOrder";
}

/** Unsaved professional-order form data kept while switching category (000 §3). */
export const PROFESSIONAL_FORM_KEY = "professionalOrderForm";

export const menuItemClass =
  "flex h-16 items-center gap-1 whitespace-nowrap px-2 text-[13px] font-semibold tracking-wide text-slate-800 hover:text-brand-accent-dark";
