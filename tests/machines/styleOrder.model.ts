/**
 * The style order (3 steps, SO-011..014) at the level of its steps, as tests/machines/quickOrder.model.ts
 * does for the quick order: 1 the product (fabric, the required craft, Buy checked by the server), 2 the
 * customer, 3 the measurements with Back, Save To Cart and Submit. Each abstract step stands for a few
 * real events of the real machine; tests/machines/styleOrder.model.test.ts replays the paths on a real
 * actor, tests/e2e/styleOrderingPaths.spec.ts the shortest ones in Chromium. Step 2 is reached only with
 * the product complete (Buy needs it); the measurements' failures and the pre-calculation are explored
 * with a typed customer, a customer from the book only goes on to the cart.
 */
import type { AnyMachineSnapshot } from "xstate";
import { styleOrderMachine } from "../../machines/styleOrder/styleOrder.machine.ts";
import type { SizeLoad } from "../../machines/quickOrder/quickOrder.machine.ts";
import { styleOrderStep } from "../../machines/styleOrder/styleOrder.selectors.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import { same, type StepDef, type StepModel } from "./paths.ts";
import { ADD_PRODUCTS, CUSTOMER, PARTS, PIECE_PARTS, POSTURES } from "./quickOrder.fixtures.ts";
import {
  atRest,
  checkOrder,
  done,
  error,
  partsFailure,
  presized,
  saveOutcomes,
  submitOutcomes,
  TYPED_CUSTOMER,
} from "./orderModelSteps.ts";
import { STYLE_FABRICS, STYLE_ID, STYLE_LOAD } from "./styleOrder.fixtures.ts";

export const STYLE_ORDER_INPUT = { categoryId: 0, styleId: STYLE_ID } as const;

/** The fabric the model picks (the style's first), and the required jacket craft's value (SO-018). */
export const MODEL_FABRIC = STYLE_FABRICS[0]!;
export const MODEL_CRAFT = { pieceId: 71, craftId: 901, value: "8 cm" } as const;
/** What the server's check of Buy answers (SO-027). */
export const MODEL_BOUGHT = { price: "455.00", currency: "USD" } as const;

/**
 * What the model's server answers for the measurements: a required part of the jacket (Chest 501) and
 * one of the style's trousers (Trouser waist 2501, the suit's add-product 2000, QO-040).
 */
export const STYLE_MODEL_LOAD: SizeLoad = {
  parts: PARTS[10052]!.filter((p) => p.id === 501),
  postures: [POSTURES[1]!],
  standard: null,
  addable: ADD_PRODUCTS,
  pieces: [{ categoryId: 2000, parts: PIECE_PARTS[2000]![10052]!.filter((p) => p.id === 2501) }],
};

type Call = "style" | "buy" | "parts" | "presize" | "save" | "submit";

export interface StyleOrderSteps {
  at: "loading" | "failed" | "step1" | "step2" | "step3" | "done";
  call: Call | null;
  /**
   * Step 1: a fabric of the style chosen (SO-006, SO-017), or none; `unanswered`: chosen without a stock
   * check (the style lists its fabrics; the server checks the stock on save).
   */
  fabric: "none" | "unanswered";
  /** Step 1: the jacket's required craft (type 2, SO-018) empty or given a value. */
  crafts: "missing" | "filled";
  /** SO-027: a Buy the server checked and priced holds (another fabric or value drops it). */
  bought: boolean;
  /** Step 2: typed, or picked from the customer book. */
  customer: "empty" | "typed" | "book";
  parts: "none" | "loaded" | "failed";
  measures: "empty" | "outOfRange" | "valid";
  presized: boolean;
  outcome: "/saveItems" | "/underProduction" | "/myOrder" | null;
  shown: string | null;
}

type S = StyleOrderSteps;

const INITIAL: S = {
  at: "loading",
  call: "style",
  fabric: "none",
  crafts: "missing",
  bought: false,
  customer: "empty",
  parts: "none",
  measures: "empty",
  presized: false,
  outcome: null,
  shown: null,
};

/** The first refusal of Buy (SO-017, SO-018). */
function buyRefusal(s: S): string | null {
  if (s.fabric === "none") return "style.fabricRequired";
  if (s.crafts === "missing") return "style.craftRequired";
  return null;
}
/** SO-019: the first refusal of step 2's Next (the model's customers are complete or empty). */
const customerRefusal = (s: S) => (s.customer === "empty" ? "customer.nameRequired" : null);
/** The measurements (QO-091, QO-147; QO-097 on submit). */
function sizeRefusal(s: S, submit: boolean): string | null {
  if (s.parts !== "loaded") return "size.notLoaded";
  if (s.measures === "empty") return "size.required";
  if (s.measures === "outOfRange") return "size.outOfRange";
  return submit && !s.presized ? "size.presizeFirst" : null;
}

/** The parts the measurements were loaded for: whose stored sizes (the model loads once per customer). */
const enterStep3 = (s: S): S => ({ ...s, at: "step3", call: s.parts === "loaded" ? null : "parts", shown: null });

const steps: Record<string, StepDef<S>> = {
  // SO-024
  "style.loaded": {
    offered: (s) => s.at === "loading",
    next: (s) => ({ ...s, at: "step1", call: null }),
    concrete: () => [done("loadStyle", STYLE_LOAD)],
  },
  "style.failed": {
    offered: (s) => s.at === "loading",
    next: (s) => ({ ...s, at: "failed", call: null, shown: "server" }),
    concrete: () => [error("loadStyle", new ApiError(1003, "Style 7001 does not exist", 404))],
  },
  // Step 1: the product (SO-006, SO-009, SO-010, SO-017, SO-018)
  "fabric.pick": {
    offered: (s) => atRest(s, "step1") && s.fabric === "none",
    next: (s) => ({ ...s, fabric: "unanswered", bought: false }),
    concrete: () => [{ type: "user.pickFabric", code: MODEL_FABRIC }],
  },
  "craft.fill": {
    offered: (s) => atRest(s, "step1") && s.crafts === "missing",
    next: (s) => ({ ...s, crafts: "filled", bought: false }),
    concrete: () => [{ type: "user.setStyleCraft", ...MODEL_CRAFT }],
  },
  buy: {
    offered: (s) => atRest(s, "step1"),
    next: (s) => {
      const refusal = buyRefusal(s);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "buy", shown: null };
    },
    concrete: () => [{ type: "user.buy" }],
  },
  // SO-011, SO-027
  "buy.done": {
    offered: (s) => s.call === "buy",
    next: (s) => ({ ...s, at: "step2", call: null, bought: true }),
    concrete: () => [done("buyStyle", MODEL_BOUGHT)],
  },
  "buy.failed": {
    offered: (s) => s.call === "buy" && s.customer === "empty",
    next: (s) => ({ ...s, call: null, shown: "server" }),
    concrete: () => [error("buyStyle", new ApiError(1002, "Lapel width Not filled in", 200))],
  },
  // Step 2: the customer (SO-012, SO-013, SO-019..022)
  "step2.previous": {
    offered: (s) => atRest(s, "step2") && s.customer === "empty",
    next: (s) => ({ ...s, at: "step1", shown: null }),
    concrete: () => [{ type: "user.previous" }],
  },
  "customer.type": {
    offered: (s) => atRest(s, "step2") && s.customer === "empty",
    next: (s) => ({ ...s, customer: "typed" }),
    concrete: () => TYPED_CUSTOMER,
  },
  "customer.pick": {
    offered: (s) => atRest(s, "step2") && s.customer === "empty",
    next: (s) => ({ ...s, customer: "book" }),
    concrete: () => [{ type: "user.pickCustomer", customer: CUSTOMER }],
  },
  "step2.next": {
    offered: (s) => atRest(s, "step2"),
    next: (s) => {
      const refusal = customerRefusal(s);
      return refusal ? { ...s, shown: refusal } : enterStep3(s);
    },
    concrete: () => [{ type: "user.next" }],
  },
  // Step 3: the measurements (QO-091, QO-097, QO-147, QO-148), Back, Save To Cart, Submit (SO-013, SO-014)
  "parts.loaded": {
    offered: (s) => s.call === "parts",
    next: (s) => ({ ...s, call: null, parts: "loaded" }),
    concrete: () => [done("loadMeasurements", STYLE_MODEL_LOAD)],
  },
  ...partsFailure<S>((s) => s.call === "parts" && s.customer === "typed"),
  "measures.outOfRange": {
    offered: (s) => atRest(s, "step3") && s.customer === "typed" && s.parts === "loaded" && s.measures === "empty",
    next: (s) => ({ ...s, measures: "outOfRange" }),
    concrete: () => [{ type: "user.setMeasure", partId: 501, value: "200" }],
  },
  "measures.valid": {
    offered: (s) => atRest(s, "step3") && s.parts === "loaded" && s.measures !== "valid",
    next: (s) => ({ ...s, measures: "valid", presized: false }),
    concrete: () => [
      { type: "user.setMeasure", partId: 501, value: "100" },
      { type: "user.setMeasure", partId: 2501, value: "90" },
    ],
  },
  presize: {
    offered: (s) => atRest(s, "step3") && s.parts === "loaded" && !s.presized && s.customer === "typed",
    next: (s) => {
      const refusal = sizeRefusal(s, false);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "presize", shown: null };
    },
    concrete: () => [{ type: "user.presize" }],
  },
  "presize.done": presized(),
  "step3.previous": {
    offered: (s) => atRest(s, "step3") && s.measures === "empty",
    next: (s) => ({ ...s, at: "step2", shown: null }),
    concrete: () => [{ type: "user.previous" }],
  },
  save: {
    offered: (s) => atRest(s, "step3"),
    next: (s) => {
      const refusal = sizeRefusal(s, false);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "save", shown: null };
    },
    concrete: () => [{ type: "user.save" }],
  },
  ...saveOutcomes<S>("S-1", (s) => s.call === "save" && s.customer === "typed"),
  submit: {
    offered: (s) => atRest(s, "step3") && s.customer === "typed",
    next: (s) => {
      const refusal = sizeRefusal(s, true);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "submit", shown: null };
    },
    concrete: () => [{ type: "user.submit" }],
  },
  ...submitOutcomes<S>(),
};

const callState = (s: S): object | undefined =>
  ({
    style: undefined,
    buy: { ordering: { steps: { product: "buying" } } },
    parts: { ordering: { steps: { measurements: "loadingParts" } } },
    presize: { ordering: { steps: { measurements: "presizing" } } },
    save: { ordering: { steps: { measurements: "saving" } } },
    submit: { ordering: { steps: { measurements: "submitting" } } },
  })[s.call ?? "style"];

function check(s: S, snap: AnyMachineSnapshot): void {
  // SO-014: Save To Cart and Submit only on step 3, at rest
  const c = checkOrder(s, snap, {
    step: () => `step${styleOrderStep(snap as Parameters<typeof styleOrderStep>[0]) + 1}`,
    running: callState(s),
    confirmAt: "step3",
  });
  if (!c) return;
  same("the fabric (SO-006)", c.fabric.code, s.fabric === "none" ? "" : MODEL_FABRIC);
  same(
    "the required craft (SO-018)",
    c.styleOrder?.values[`${MODEL_CRAFT.pieceId}.${MODEL_CRAFT.craftId}`] ?? "",
    s.crafts === "filled" ? MODEL_CRAFT.value : "",
  );
  same("the checked Buy (SO-027)", c.styleOrder?.bought ?? null, s.bought ? MODEL_BOUGHT : null);
  same(
    "the customer",
    [c.basic.customerName !== "", c.basic.customerId],
    [s.customer !== "empty", s.customer === "book" ? CUSTOMER.id : null],
  );
  same("parts loaded", c.size.parts.length > 0, s.parts === "loaded");
  same(
    "the style's trousers measured with the jacket (QO-040)",
    c.size.pieces.map((p) => p.categoryId),
    [2000],
  );
  same("pre-calculated (QO-097)", c.size.presized, s.presized);
}

export const styleOrderStepModel: StepModel<S> = {
  name: "style order",
  initial: INITIAL,
  steps,
  serialize: ({ shown: _shown, ...rest }) => JSON.stringify(rest),
  machine: styleOrderMachine,
  input: STYLE_ORDER_INPUT,
  check,
};
