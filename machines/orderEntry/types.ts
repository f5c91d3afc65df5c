import type { CustomerEdit, CustomerPick } from "../../domain/customer.ts";
import type { ContrastEdit } from "../../domain/contrast.ts";
import type { CraftEdit } from "../../domain/crafts.ts";
import type { MonogramEdit } from "../../domain/monogram.ts";
import type { MeasurementsEdit } from "../../domain/measurements/sizeState.ts";
import type {
  OrderForm,
  OrderMode,
  OrderSetup,
  PieceParts,
  SizeLoad,
  StyleOption,
} from "../../domain/orderEntry/form.ts";
import type { OrderEntryMessageKey, Refusal } from "../../domain/orderEntry/refusals.ts";
import type { StyleEdit, StyleProduct } from "../../domain/orderEntry/style.ts";
import type { PieceEdit } from "../../domain/orderEntry/professional.ts";
import type { Notice } from "../shared/messages.ts";

/**
 * The types every order flow shares (quick and simple orders now; professional and style orders
 * next): the context is the domain's order form plus the refusal shown and where the order went.
 */
export type { CustomerPick, OrderMode, OrderSetup, PieceParts, SizeLoad, StyleOption };
export type { OrderEntryInput, RememberedPicks } from "../../domain/orderEntry/form.ts";

/** A refusal shown: a rule's refusal (key, values, field) or a server's message. */
export type OrderEntryNotice = Refusal | (Notice<OrderEntryMessageKey> & Record<string, unknown>);

export interface OrderEntryContext extends OrderForm {
  refusal: OrderEntryNotice | null;
  /** QO-038: the chosen priced option whose surcharge shows as a tip (for 3 s), or null. */
  priceTip: number | null;
  /** Where the finished order went (QO-124..127). */
  outcome: {
    to: "/saveItems" | "/underProduction" | "/myOrder";
    failed: boolean;
    /** API-007: the server's message and the order's number, said before navigating. */
    message?: string;
    orderCode?: string;
    /** Issue 24: the saved or submitted order and its customer of the book, whose measurements may be saved back. */
    saveBack?: { orderId: string; customerId: number };
  } | null;
}

/** QO-166: a saved order; API-007: with the server's message and the order number when the server sent them. */
export interface OrderSaved {
  orderId: string;
  orderCode?: string;
  message?: string;
}
/** QO-167: a submitted order; `failed` when its result sign is "fail" (QO-127). */
export interface OrderSubmitted {
  failed: boolean;
  orderId?: string;
  orderCode?: string;
  message?: string;
}

/** QO-018: emitted when the user syncs a COPY accessory to the other garment categories. */
export type AccessorySynced = { type: "accessory.synced"; group: string; option: string; name: string };
/** QO-083: emitted when the picks the per-category cache keeps changed (a new order's only, QO-084). */
export type PicksChanged = {
  type: "picks.changed";
  categoryId: number;
  picks: import("../../domain/orderEntry/form.ts").RememberedPicks;
};
/** QO-083: emitted when a new order was saved or submitted: it takes its picks with it. */
export type PicksSettled = { type: "picks.settled"; categoryId: number };
export type OrderEntryEmitted = AccessorySynced | PicksChanged | PicksSettled;

export type OrderEntryEvent =
  /** The customer form's edits (QO-011..020). */
  | CustomerEdit
  | { type: "user.setFabricSource"; source: "sys" | "cus" }
  | { type: "user.typeFabric"; code: string }
  | { type: "user.clearFabric" }
  | { type: "user.pickFabric"; code: string }
  /** The crafts' edits, the step-1 accessory selectors among them (QO-017, QO-136). */
  | CraftEdit
  /** QO-018: the sync icon of a COPY accessory. */
  | { type: "user.syncAccessory"; groupId: number }
  /** QO-093: a base style of the simple order's step 3. */
  | { type: "user.pickStyle"; styleBasicId: number }
  /** After a failed load: the same method's measurements again, keeping what is in the size state. */
  | { type: "user.reloadMeasurements" }
  /** The monogram rows' and the contrast picks' edits. */
  | Exclude<MonogramEdit, { type: "monogram.clear" }>
  | ContrastEdit
  | { type: "user.selectMethod"; method: number }
  | { type: "user.presize" }
  | { type: "user.selectSizeArea"; sizeAreaId: number }
  | { type: "user.selectShape"; shape: number }
  /** The edits of the loaded measurements (a typed value, QO-096 a posture detail, QO-100 a standard size). */
  | MeasurementsEdit
  /** QO-040: an add-product's checkbox: adds the extra piece (loading its parts) or removes it with its values. */
  | { type: "user.toggleAddProduct"; categoryId: number }
  /** SO-009: a style craft's value (the style order's step 1). */
  | StyleEdit
  /** SO-010, SO-011: Buy (the style order's step 1). */
  | { type: "user.buy" }
  | { type: "user.next" }
  | { type: "user.previous" }
  | { type: "user.save" }
  | { type: "user.submit" }
  | { type: "user.dismissRefusal" }
  /** Issue 20 §6: the loaded style read again in the page's new language (the style order). */
  | { type: "style.translated"; product: StyleProduct }
  /** PO-002: an edit of a further garment piece's crafts or monogram rows (the professional order). */
  | { type: "user.editPiece"; piece: number; edit: PieceEdit };

export interface DraftInput {
  context: OrderEntryContext;
}
export interface LoadSetupInput {
  categoryId: number;
  orderId: string | null;
  mode: OrderMode;
}
/** `pieces`: the garment categories of the chosen add-products, whose parts load too (QO-040). */
export interface LoadMeasurementsInput {
  categoryId: number;
  method: number;
  customerId: number | null;
  /** Issue 24: the customer's kept measurement set whose values fill the parts (else their current ones). */
  measureSetId?: number;
  pieces: number[];
}
/** QO-040: the parts of one add-product's category for the method (a customer's stored values with them). */
export interface LoadPiecePartsInput {
  categoryId: number;
  method: number;
  customerId: number | null;
  measureSetId?: number;
}
export interface LoadStandardSizesInput {
  categoryId: number;
  sizeAreaId: number;
  shape: number;
}

/** SO-024: the style a style order opens, and the order it continues. */
export interface LoadStyleInput {
  styleId: number;
  orderId: string | null;
  mode: OrderMode;
}
/** SO-024: the style, and the setup of its category (measurement methods, gender by its code). */
export interface StyleLoad {
  product: StyleProduct;
  setup: OrderSetup;
  /** QO-085, QO-086: the crafts' values of the opened order (craftKey → value), when an order was opened. */
  values?: Record<string, string>;
}
/** Issue 12: the delivered order a buy again remakes, with the reason. */
export type { RemakeMark } from "../../domain/remake.ts";
