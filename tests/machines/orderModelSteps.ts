/**
 * What the two order step models share (quickOrder.model.ts, newOrder.model.ts): the outcome events of
 * invoked actors, and the steps both flows take alike on the same machine parts (the fabric's pick and
 * stock check, the loads, saving and submitting). Each model says when a shared step is offered, as it
 * explores its own flow one dimension at a time.
 */
import type { AnyMachineSnapshot, EventObject } from "xstate";
import type { QuickOrderContext, QuickOrderEvent } from "../../machines/quickOrder/quickOrder.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import { same, type StepDef } from "./paths.ts";
import { CMT_FABRIC, IN_STOCK_FABRIC, OUT_OF_STOCK_FABRIC } from "./quickOrder.fixtures.ts";

export const done = (id: string, output: unknown): EventObject =>
  ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
export const error = (id: string, e: unknown): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error: e }) as EventObject;
export const serverError = (message: string) => new ApiError(500, message, 500);

/** The fields of an order model's abstract state the shared steps read and write. */
interface OrderModelState {
  at: string;
  call: string | null;
  /** A system fabric being checked, answered, unanswered (the check failed), or a customer's fabric (CMT). */
  fabric: "none" | "checkingIn" | "checkingOut" | "inStock" | "outOfStock" | "unanswered" | "cmt";
  crafts: string;
  parts: "none" | "loaded" | "failed";
  measures: "empty" | "outOfRange" | "valid";
  presized: boolean;
  outcome: "/saveItems" | "/underProduction" | "/myOrder" | null;
  shown: string | null;
}
type Offered<S> = StepDef<S>["offered"];

export const atRest = <S extends OrderModelState>(s: S, at: S["at"]) => s.at === at && s.call === null;

/**
 * What the real machine must show in any state of either model: done and where the order went, the
 * step, the call running (the pending tag, QO-129), the refusal on show, Save to cart and Submit only
 * at the confirming step at rest (D-15, QO-044), and the fabric. Returns the context when the form is
 * on show (neither done, loading nor failed), for the model's own checks.
 */
export function checkOrder<S extends OrderModelState>(
  s: S,
  snap: AnyMachineSnapshot,
  view: { step: () => string | undefined; running: object | undefined; confirmAt: S["at"] },
): QuickOrderContext | null {
  const c = snap.context as QuickOrderContext;
  same("done", snap.status === "done", s.at === "done");
  if (s.at === "done") {
    same("where the order went (QO-124..127)", c.outcome?.to, s.outcome);
    return null;
  }
  const at = snap.matches("loading") ? "loading" : snap.matches("failed") ? "failed" : view.step();
  same("the step (QO-005)", at, s.at);
  same("the pending tag (QO-129)", snap.hasTag("pending"), s.call !== null);
  if (view.running) same(`the state of the ${s.call} call`, snap.matches(view.running), true);
  same("the refusal on show", c.refusal?.key ?? null, s.shown);
  same("Save to cart accepted", snap.can({ type: "user.save" }), atRest(s, view.confirmAt));
  same("Submit accepted", snap.can({ type: "user.submit" }), atRest(s, view.confirmAt));
  if (s.at === "loading" || s.at === "failed") return null;
  same("fabric source", c.fabric.source, s.fabric === "cmt" ? "cus" : "sys");
  const inStock = { inStock: true, outOfStock: false } as Record<string, boolean>;
  same("stock answer (QO-163)", c.fabric.inStock, inStock[s.fabric] ?? null);
  return c;
}

/** A customer typed by hand (QO-011..014). */
export const TYPED_CUSTOMER: QuickOrderEvent[] = [
  { type: "user.edit", field: "customerName", value: "John Smith" },
  { type: "user.edit", field: "shortName", value: "JS" },
  { type: "user.edit", field: "height", value: "180" },
  { type: "user.edit", field: "weight", value: "80" },
];

export const setupFailed = <S extends OrderModelState>(): StepDef<S> => ({
  offered: (s) => s.at === "loading",
  next: (s) => ({ ...s, at: "failed", call: null, shown: "server" }),
  concrete: () => [error("loadSetup", new ApiError(500, "Category 3000 is not available", 200))],
});

/** The fabric (QO-021, QO-163): a system fabric in or out of stock is searched for and picked, its stock checked. */
export const fabricSteps = <S extends OrderModelState>(offered: {
  inStock: Offered<S>;
  outOfStock: Offered<S>;
  stockFailed: Offered<S>;
}): Record<string, StepDef<S>> => ({
  "fabric.pickInStock": {
    offered: offered.inStock,
    next: (s) => ({ ...s, call: "stock", fabric: "checkingIn" }),
    // QO-021: a system fabric is searched for, then picked from the results
    concrete: () => [
      { type: "user.typeFabric", code: IN_STOCK_FABRIC },
      { type: "user.pickFabric", code: IN_STOCK_FABRIC },
    ],
  },
  "fabric.pickOutOfStock": {
    offered: offered.outOfStock,
    next: (s) => ({ ...s, call: "stock", fabric: "checkingOut" }),
    concrete: () => [
      { type: "user.typeFabric", code: OUT_OF_STOCK_FABRIC },
      { type: "user.pickFabric", code: OUT_OF_STOCK_FABRIC },
    ],
  },
  "stock.answered": {
    offered: (s) => s.call === "stock",
    next: (s) =>
      s.fabric === "checkingIn"
        ? { ...s, call: null, fabric: "inStock", shown: null }
        : { ...s, call: null, fabric: "outOfStock", shown: "fabric.outOfStock" },
    concrete: (s) => [done("checkStock", { inStock: s.fabric === "checkingIn" })],
  },
  "stock.failed": {
    offered: offered.stockFailed,
    next: (s) => ({ ...s, call: null, fabric: "unanswered", shown: "order.failed" }),
    concrete: () => [error("checkStock", new NetworkError("Failed to fetch"))],
  },
});

/** QO-108, QO-022: the customer's own fabric, typed (the page sends it as the pick; a running check is dropped). */
export const cmtFabric = <S extends OrderModelState>(offered: Offered<S>): StepDef<S> => ({
  offered,
  next: (s) => ({ ...s, call: null, fabric: "cmt" }),
  concrete: () => [
    { type: "user.setFabricSource", source: "cus" },
    { type: "user.pickFabric", code: CMT_FABRIC },
  ],
});

/** QO-145: the Name label's text. */
export const labelText = <S extends OrderModelState>(): StepDef<S> => ({
  offered: (s) => s.at === "step2" && s.crafts === "labelMissing",
  next: (s) => ({ ...s, crafts: "labelled" }),
  concrete: () => [{ type: "user.setText", id: 51, value: "J. Smith" }],
});

/** QO-091: the measurement parts fail to load, and a failed load is loaded again. */
export const partsFailure = <S extends OrderModelState>(offered: Offered<S>): Record<string, StepDef<S>> => ({
  "parts.failed": {
    offered,
    next: (s) => ({ ...s, call: null, parts: "failed", shown: "server" }),
    concrete: () => [error("loadMeasurements", serverError("Measurements are not available"))],
  },
  "parts.reload": {
    offered: (s) => atRest(s, "step3") && s.parts === "failed",
    next: (s) => ({ ...s, call: "parts", shown: null }),
    concrete: () => [{ type: "user.reloadMeasurements" }],
  },
});

/** QO-148: a measurement out of its range. */
export const outOfRange = <S extends OrderModelState>(offered: Offered<S>): StepDef<S> => ({
  offered,
  next: (s) => ({ ...s, measures: "outOfRange" }),
  concrete: () => [{ type: "user.setMeasure", partId: 501, value: "200" }],
});

/** QO-097: the pre-calculation answered. */
export const presized = <S extends OrderModelState>(): StepDef<S> => ({
  offered: (s) => s.call === "presize",
  next: (s) => ({ ...s, call: null, presized: true }),
  concrete: () => [done("presize", { 501: "104" })],
});

/** Saving to the cart answered (QO-124) or refused by the server. */
export const saveOutcomes = <S extends OrderModelState>(
  orderId: string,
  failedOffered: Offered<S>,
): Record<string, StepDef<S>> => ({
  "save.done": {
    offered: (s) => s.call === "save",
    next: (s) => ({ ...s, at: "done", call: null, outcome: "/saveItems" }),
    concrete: () => [done("saveOrder", { orderId })],
  },
  "save.failed": {
    offered: failedOffered,
    next: (s) => ({ ...s, call: null, shown: "server" }),
    concrete: () => [error("saveOrder", new ApiError(1002, "Fabric VB1000 is no longer available", 200))],
  },
});

export const submitOutcomes = <S extends OrderModelState>(): Record<string, StepDef<S>> => ({
  // QO-126
  "submit.done": {
    offered: (s) => s.call === "submit",
    next: (s) => ({ ...s, at: "done", call: null, outcome: "/underProduction" }),
    concrete: () => [done("submitOrder", { failed: false })],
  },
  // QO-127, D-14: a result sign "fail" (insufficient balance) goes to the pending list
  "submit.refused": {
    offered: (s) => s.call === "submit",
    next: (s) => ({ ...s, at: "done", call: null, outcome: "/myOrder" }),
    concrete: () => [done("submitOrder", { failed: true })],
  },
});

/**
 * The input every order flow gives the core's actors, which a replay compares with the real one
 * (QO-091, QO-094, QO-095: the measurements of the chosen method for the chosen customer; QO-100: the
 * chosen size area and shape); null for an actor of the flow's own.
 */
export function orderEntryInput(id: string, c: QuickOrderContext): { input: unknown } | null {
  switch (id) {
    case "loadSetup":
      return { input: { categoryId: c.categoryId, orderId: c.orderId || null, mode: c.mode } };
    case "checkStock":
      return { input: { code: c.fabric.code } };
    case "loadMeasurements":
      return {
        input: {
          categoryId: c.categoryId,
          method: c.size.method,
          customerId: c.basic.customerId,
          pieces: c.size.pieces.map((p) => p.categoryId),
        },
      };
    case "loadStandardSizes":
      return { input: { categoryId: c.categoryId, sizeAreaId: c.size.standard.areaId, shape: c.size.standard.shape } };
    case "presize":
    case "saveOrder":
    case "submitOrder":
      return { input: { context: c } };
    default:
      return null;
  }
}
