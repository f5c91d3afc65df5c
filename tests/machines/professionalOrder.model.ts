/**
 * The professional order (one page, PO-001..039) at the level of what a user does on it: fill the
 * customer, pick a fabric and get its stock answer (or type the customer's own), a TEXT craft, a
 * monogram row, a further garment piece, the measurements, then Save to cart or Submit. Each step
 * stands for a few real events of the real machine (`concrete`); tests/machines/
 * professionalOrder.model.test.ts replays every transition on a real actor. The page is one state
 * with regions, so the model's "where" is only loading, failed, the form, or done; what the form
 * holds decides which check of PO-022 refuses first.
 *
 * To keep the graph small it explores one dimension at a time: the crafts, monogram and piece are
 * changed only once the customer is typed and the fabric is in stock, one of them at a time.
 */
import type { AnyMachineSnapshot } from "xstate";
import { professionalOrderMachine } from "../../machines/professionalOrder/professionalOrder.machine.ts";
import type { OrderEntryContext, OrderEntryEvent } from "../../machines/orderEntry/types.ts";
import { ORDER_RULES, STEP_RULES } from "../../machines/orderEntry/rules.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { same, type StepDef, type StepModel } from "./paths.ts";
import { done, error, serverError } from "./orderModelSteps.ts";
import { BODY_VALUES, CMT_FABRIC, IN_STOCK_FABRIC, pieceParts, sizeLoad } from "./quickOrder.fixtures.ts";
import { PRO_SETUP, TROUSERS, TROUSER_VALUES } from "./professionalOrder.fixtures.ts";

export const PROFESSIONAL_INPUT = { categoryId: 3000 } as const;

type Call = "setup" | "parts" | "stock" | "piece" | "save" | "submit";

export interface ProfessionalSteps {
  at: "loading" | "failed" | "form" | "done";
  call: Call | null;
  customer: "empty" | "typed";
  /** An MTM fabric being checked, in stock, typed but unanswered (its check failed), or the customer's own (CMT). */
  fabric: "none" | "checking" | "inStock" | "unanswered" | "cmt";
  /** The Name label (a TEXT craft, PO-025) without and with its text. */
  crafts: "defaults" | "labelMissing" | "labelled";
  /** A monogram row with its position only (PO-027), then complete. */
  monogram: "none" | "incomplete" | "complete";
  /** PO-002: the trousers added as a further piece. */
  piece: boolean;
  parts: "none" | "loaded";
  measures: "empty" | "valid";
  outcome: "/saveItems" | "/underProduction" | "/myOrder" | null;
  shown: string | null;
}

const INITIAL: ProfessionalSteps = {
  at: "loading",
  call: "setup",
  customer: "empty",
  fabric: "none",
  crafts: "defaults",
  monogram: "none",
  piece: false,
  parts: "none",
  measures: "empty",
  outcome: null,
  shown: null,
};
type S = ProfessionalSteps;

const atRest = (s: S) => s.at === "form" && s.call === null;
/** The canonical way on: a typed customer and a fabric in stock; one further change at a time. */
const canonical = (s: S) => s.customer === "typed" && s.fabric === "inStock";
const untouched = (s: S) => s.crafts === "defaults" && s.monogram === "none" && !s.piece;

/** PO-022: the first refusal of Save or Submit, from what the model knows. */
export function professionalRefusal(s: S): string | null {
  if (s.fabric === "none" || s.fabric === "checking" || s.fabric === "unanswered") return "order.fabricRequired";
  if (s.crafts === "labelMissing") return "craft.notFinished";
  if (s.monogram === "incomplete") return "monogram.missing";
  if (s.customer === "empty") return "customer.fillIn";
  if (s.parts !== "loaded") return "size.notLoaded";
  if (s.measures === "empty") return "size.required";
  return null;
}

const measureEvents = (s: S): OrderEntryEvent[] =>
  Object.entries({ ...BODY_VALUES, ...(s.piece ? TROUSER_VALUES : {}) }).map(([partId, value]) => ({
    type: "user.setMeasure" as const,
    partId: Number(partId),
    value,
  }));

const steps: Record<string, StepDef<S>> = {
  "setup.loaded": {
    offered: (s) => s.at === "loading",
    // the measurements of the first method load at once (one page)
    next: (s) => ({ ...s, at: "form", call: "parts" }),
    concrete: () => [done("loadSetup", PRO_SETUP)],
  },
  "setup.failed": {
    offered: (s) => s.at === "loading",
    next: (s) => ({ ...s, at: "failed", call: null, shown: "server" }),
    concrete: () => [error("loadSetup", new ApiError(500, "Category 3000 is not available", 200))],
  },
  "parts.loaded": {
    offered: (s) => s.call === "parts",
    next: (s) => ({ ...s, call: null, parts: "loaded" }),
    concrete: () => [done("loadMeasurements", sizeLoad(10052, undefined, []))],
  },
  // PO-039: a failed load ends silently (nothing on show); the sizes check says what is missing
  "parts.failed": {
    offered: (s) => s.call === "parts",
    next: (s) => ({ ...s, call: null }),
    concrete: () => [error("loadMeasurements", serverError("Measurements are not available"))],
  },
  "customer.type": {
    offered: (s) => atRest(s) && s.customer === "empty",
    next: (s) => ({ ...s, customer: "typed" }),
    concrete: () => [
      { type: "user.edit", field: "customerName", value: "Ann Lee" },
      { type: "user.edit", field: "shortName", value: "Ann" },
      { type: "user.edit", field: "height", value: "170" },
    ],
  },
  // PO-012: an MTM fabric from the stock search, its stock checked
  "fabric.pick": {
    offered: (s) => atRest(s) && (s.fabric === "none" || s.fabric === "unanswered"),
    next: (s) => ({ ...s, call: "stock", fabric: "checking" }),
    concrete: () => [
      { type: "user.typeFabric", code: IN_STOCK_FABRIC },
      { type: "user.pickFabric", code: IN_STOCK_FABRIC },
    ],
  },
  // an answer of "in stock" takes down the refusal on show (the machine's checkStock onDone)
  "stock.answered": {
    offered: (s) => s.call === "stock",
    next: (s) => ({ ...s, call: null, fabric: "inStock", shown: null }),
    concrete: () => [done("checkStock", { inStock: true })],
  },
  // PO-039: a failed stock check ends silently; the fabric counts as not picked
  "stock.failed": {
    offered: (s) => s.call === "stock",
    next: (s) => ({ ...s, call: null, fabric: "unanswered" }),
    concrete: () => [error("checkStock", serverError("Stock is not available"))],
  },
  // PO-015, PO-016: the customer's own fabric (switching clears what was there)
  "fabric.cmt": {
    offered: (s) => atRest(s) && s.customer === "empty" && s.fabric === "none",
    next: (s) => ({ ...s, fabric: "cmt" }),
    concrete: () => [
      { type: "user.setFabricSource", source: "cus" },
      { type: "user.typeFabric", code: CMT_FABRIC },
    ],
  },
  "craft.label": {
    offered: (s) => atRest(s) && canonical(s) && untouched(s),
    next: (s) => ({ ...s, crafts: "labelMissing" }),
    concrete: () => [{ type: "user.toggleOption", id: 51 }],
  },
  "craft.labelText": {
    offered: (s) => atRest(s) && s.crafts === "labelMissing",
    next: (s) => ({ ...s, crafts: "labelled" }),
    concrete: () => [{ type: "user.setText", id: 51, value: "A. Lee" }],
  },
  "monogram.add": {
    offered: (s) => atRest(s) && canonical(s) && untouched(s),
    next: (s) => ({ ...s, monogram: "incomplete" }),
    concrete: () => [
      { type: "user.addMonogram" },
      { type: "user.editMonogram", index: 0, patch: { site: 1, siteName: "Cuff" } },
    ],
  },
  "monogram.fill": {
    offered: (s) => atRest(s) && s.monogram === "incomplete",
    next: (s) => ({ ...s, monogram: "complete" }),
    concrete: () => [{ type: "user.editMonogram", index: 0, patch: { color: 2, font: 3, embSize: 4, content: "AL" } }],
  },
  // PO-002: the trousers as a further piece (its parts load), before any measurement is typed
  "piece.add": {
    offered: (s) => atRest(s) && canonical(s) && untouched(s) && s.parts === "loaded" && s.measures === "empty",
    next: (s) => ({ ...s, call: "piece" }),
    concrete: () => [{ type: "user.toggleAddProduct", categoryId: TROUSERS }],
  },
  "piece.loaded": {
    offered: (s) => s.call === "piece",
    next: (s) => ({ ...s, call: null, piece: true }),
    concrete: () => [done("loadPieceParts", { categoryId: TROUSERS, parts: pieceParts(TROUSERS, 10052) })],
  },
  "measures.valid": {
    offered: (s) => atRest(s) && s.parts === "loaded" && s.measures === "empty" && (canonical(s) || s.fabric === "cmt"),
    next: (s) => ({ ...s, measures: "valid" }),
    concrete: measureEvents,
  },
  // PO-008, PO-022: Save to cart and Submit run the checks in order
  save: {
    offered: atRest,
    // parts that failed to load are loaded again first ("size.reloaded")
    next: (s) => {
      if (s.parts !== "loaded") return { ...s, call: "parts", shown: "size.reloaded" };
      const refusal = professionalRefusal(s);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "save", shown: null };
    },
    concrete: () => [{ type: "user.save" }],
  },
  "save.done": {
    offered: (s) => s.call === "save",
    next: (s) => ({ ...s, at: "done", call: null, outcome: "/saveItems" }),
    concrete: () => [done("saveOrder", { orderId: "P-1" })],
  },
  "save.failed": {
    offered: (s) => s.call === "save",
    next: (s) => ({ ...s, call: null, shown: "server" }),
    concrete: () => [error("saveOrder", new ApiError(1002, "Fabric VB1000 is no longer available", 200))],
  },
  submit: {
    offered: (s) => atRest(s) && canonical(s),
    // parts that failed to load are loaded again first ("size.reloaded")
    next: (s) => {
      if (s.parts !== "loaded") return { ...s, call: "parts", shown: "size.reloaded" };
      const refusal = professionalRefusal(s);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "submit", shown: null };
    },
    concrete: () => [{ type: "user.submit" }],
  },
  "submit.done": {
    offered: (s) => s.call === "submit",
    next: (s) => ({ ...s, at: "done", call: null, outcome: "/underProduction" }),
    concrete: () => [done("submitOrder", { failed: false })],
  },
  "submit.failed": {
    offered: (s) => s.call === "submit",
    next: (s) => ({ ...s, call: null, shown: "server" }),
    concrete: () => [error("submitOrder", new ApiError(1002, "Insufficient Balance", 200))],
  },
  // QO-127: a result sign "fail" goes to the pending list
  "submit.refused": {
    offered: (s) => s.call === "submit",
    next: (s) => ({ ...s, at: "done", call: null, outcome: "/myOrder" }),
    concrete: () => [done("submitOrder", { failed: true })],
  },
};

/** The first refusal of the professional check list on the real context (the rules of STEP_RULES.professional). */
const firstRefusal = (c: OrderEntryContext) => {
  for (const rule of STEP_RULES.professional) {
    const refusal = ORDER_RULES[rule](c);
    if (refusal) return refusal.key;
  }
  return null;
};

function check(s: S, snap: AnyMachineSnapshot): void {
  const c = snap.context as OrderEntryContext;
  same("done", snap.status === "done", s.at === "done");
  if (s.at === "done") {
    same("where the order went", c.outcome?.to, s.outcome);
    return;
  }
  const at = snap.matches("loading") ? "loading" : snap.matches("failed") ? "failed" : "form";
  same("where", at, s.at);
  same("the pending tag", snap.hasTag("pending"), s.call !== null);
  same("the refusal on show", c.refusal?.key ?? null, s.shown);
  if (s.at !== "form") return;
  // PO-008: Save to cart and Submit are taken while the measurements are at rest
  same("Save to cart accepted", snap.can({ type: "user.save" }), s.call === null || s.call === "stock");
  same("order type (PO-001)", c.orderType, 8);
  same("customer", c.basic.customerName !== "", s.customer === "typed");
  same(
    "fabric",
    { source: c.fabric.source, code: c.fabric.code !== "", inStock: c.fabric.inStock },
    {
      source: s.fabric === "cmt" ? "cus" : "sys",
      code: s.fabric !== "none",
      inStock: s.fabric === "inStock" ? true : null,
    },
  );
  same(
    "Name label",
    [c.crafts.selected.includes(51), !!c.crafts.texts[51]],
    [s.crafts !== "defaults", s.crafts === "labelled"],
  );
  same("monogram rows", c.monogram.length, s.monogram === "none" ? 0 : 1);
  same(
    "further pieces (PO-002)",
    c.size.pieces.map((p) => p.categoryId),
    s.piece ? [TROUSERS] : [],
  );
  same("parts loaded", c.size.parts.length > 0, s.parts === "loaded");
  // PO-022: the rules give the refusal the model expects of its data
  same("the first refusal of Save", firstRefusal(c), professionalRefusal(s));
}

export const professionalStepModel: StepModel<S> = {
  name: "professional order",
  initial: INITIAL,
  steps,
  serialize: ({ shown: _shown, ...rest }) => JSON.stringify(rest),
  machine: professionalOrderMachine,
  input: PROFESSIONAL_INPUT,
  check,
};
