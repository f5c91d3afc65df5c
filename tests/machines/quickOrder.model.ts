/**
 * The quick order (3 steps) at the level of its steps: a small abstract model whose events are what
 * a user does to get through a step (fill the customer, pick a fabric and get its stock answer, add
 * a craft, fill the measurements, save...), each standing for a few real events of the real machine
 * (`concrete`). tests/machines/quickOrder.model.test.ts replays its paths on a real actor,
 * tests/e2e/quickOrderPaths.spec.ts in Chromium.
 *
 * What happens inside a step field by field (the customer form, the craft rules, the monogram rows,
 * the measurements) is the domain reducers' business, tested exhaustively by themselves in
 * tests/domain; this model only needs one real event list per step.
 *
 * To keep the graph small, the model explores one dimension at a time: the later steps' edits are
 * offered only after the "canonical" earlier steps (a typed customer and an in-stock fabric; step 2
 * as it starts or with Sleeveless); other ways through an earlier step only go on and back.
 */
import type { AnyMachineSnapshot } from "xstate";
import {
  quickOrderMachine,
  type QuickOrderEvent,
  type SizeLoad,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import type { PostureSpec } from "../../domain/measurements/posture.ts";
import type { MeasurePart } from "../../domain/measurements/sizes.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import {
  step1Refusal as firstStep1Refusal,
  step2Refusal as firstStep2Refusal,
  step3Refusal as firstStep3Refusal,
} from "../../domain/orderEntry/refusals.ts";
import { same, type StepDef, type StepModel } from "./paths.ts";
import {
  fillMonogram,
  INCOMPLETE_CUSTOMER,
  NO_METHOD_SETUP,
  PARTS,
  POSTURES,
  STANDARD_CHOICES,
  STANDARD_SIZES,
  SUIT_SETUP,
} from "./quickOrder.fixtures.ts";
import {
  atRest,
  checkOrder,
  cmtFabric,
  done,
  error,
  fabricSteps,
  labelText,
  outOfRange,
  partsFailure,
  presized,
  saveOutcomes,
  serverError,
  setupFailed,
  submitOutcomes,
  TYPED_CUSTOMER,
} from "./orderModelSteps.ts";

export const QUICK_ORDER_INPUT = { categoryId: 3000 } as const;

/**
 * The measurement parts the model's server returns per method: a required part a craft extension
 * disables (Sleeve 503 under Sleeveless 42, QO-121) and a range to leave (Chest 501, QO-148).
 */
export const QUICK_ORDER_MODEL_PARTS: Record<number, MeasurePart[]> = {
  10052: PARTS[10052]!.filter((p) => p.id === 501 || p.id === 503),
  10053: PARTS[10053]!.filter((p) => p.id === 602),
};
const MODEL_POSTURES: PostureSpec[] = [POSTURES[1]!];
/** What the model's server answers for a method's load (standard sizes: finished parts and one area and shape, QO-100). */
export const QUICK_ORDER_MODEL_LOADS: Record<number, SizeLoad> = {
  10052: { parts: QUICK_ORDER_MODEL_PARTS[10052]!, postures: MODEL_POSTURES, standard: null, addable: [], pieces: [] },
  10053: { parts: QUICK_ORDER_MODEL_PARTS[10053]!, postures: MODEL_POSTURES, standard: null, addable: [], pieces: [] },
  10054: {
    parts: QUICK_ORDER_MODEL_PARTS[10053]!,
    postures: MODEL_POSTURES,
    standard: { sizeAreas: STANDARD_CHOICES.sizeAreas.slice(0, 1), shapes: STANDARD_CHOICES.shapes.slice(1, 2) },
    addable: [],
    pieces: [],
  },
};
/** The model's standard sizes (area EU, shape Regular): one size. */
export const QUICK_ORDER_MODEL_STANDARD_SIZES = STANDARD_SIZES.slice(0, 1);

type Call = "setup" | "stock" | "parts" | "standard" | "presize" | "save" | "submit";

/** The quick order as a user sees its steps. */
export interface QuickOrderSteps {
  at: "loading" | "failed" | "step1" | "step2" | "step3" | "done";
  /** The call running (the pending tag, QO-129). */
  call: Call | null;
  /** The category has measurement methods (false: step 3 without any, QO-095). */
  methods: boolean;
  /** Step 1: typed, or a book record without weight unit and gender (QO-132, QO-133) completed by hand. */
  customer: "empty" | "typed" | "bookIncomplete" | "bookNoGender" | "bookComplete";
  /** Step 1: a system fabric being checked, answered, unanswered (the check failed), or a customer's fabric (CMT). */
  fabric: "none" | "checkingIn" | "checkingOut" | "inStock" | "outOfStock" | "unanswered" | "cmt";
  /** Step 2: the Name label (TEXT, QO-145) without and with its text, or Sleeveless (disables the sleeve, QO-121). */
  crafts: "defaults" | "labelMissing" | "labelled" | "sleeveless";
  /** Step 2: a monogram row empty or filled; a second row refused for a duplicate site (QO-152). */
  monogram: "none" | "incomplete" | "complete" | "duplicate";
  /** Step 3 */
  method: number | null;
  parts: "none" | "loaded" | "failed";
  measures: "empty" | "outOfRange" | "valid";
  presized: boolean;
  area: boolean;
  shape: boolean;
  sizes: "none" | "loaded" | "failed";
  sized: boolean;
  outcome: "/saveItems" | "/underProduction" | "/myOrder" | null;
  /** The refusal on show (its message key): not part of a graph node, it drives no offer. */
  shown: string | null;
}

const INITIAL: QuickOrderSteps = {
  at: "loading",
  call: "setup",
  methods: true,
  customer: "empty",
  fabric: "none",
  crafts: "defaults",
  monogram: "none",
  method: null,
  parts: "none",
  measures: "empty",
  presized: false,
  area: false,
  shape: false,
  sizes: "none",
  sized: false,
  outcome: null,
  shown: null,
};

type S = QuickOrderSteps;

/** A typed customer and an in-stock fabric on the suit: the way on that the later steps explore. */
const canonicalStep1 = (s: S) => s.methods && s.customer === "typed" && s.fabric === "inStock";
/** Step 2 changed in one way at most (one dimension at a time). */
const craftsOnly = (s: S) => s.monogram === "none";
const monogramOnly = (s: S) => s.crafts === "defaults";
/** The step-3 edits are explored after the canonical step 1 and step 2 as it starts; Sleeveless only goes to the cart. */
const exploresStep3 = (s: S) => canonicalStep1(s) && s.crafts === "defaults" && s.monogram === "none";
const sleevelessStep3 = (s: S) => canonicalStep1(s) && s.crafts === "sleeveless" && s.monogram === "none";
/** Step 3 as it was entered: Previous is offered only then, so later data does not multiply the earlier steps. */
const step3Untouched = (s: S) =>
  s.measures === "empty" && !s.presized && !s.area && !s.shape && s.method === (s.methods ? 10052 : null);

/** The first refusal of step 1 (QO-130..135, D-06, QO-163), from what the model knows. */
function step1Refusal(s: S): string | null {
  if (s.customer === "empty") return "customer.nameRequired";
  if (s.customer === "bookIncomplete") return "customer.weightUnitRequired";
  if (s.customer === "bookNoGender") return "customer.genderRequired";
  if (s.fabric === "outOfStock") return "fabric.outOfStock";
  if (s.fabric === "inStock" || s.fabric === "cmt") return null;
  return "order.fabricRequired";
}
/** The first refusal of step 2 (QO-089, QO-145, QO-137..142). */
function step2Refusal(s: S): string | null {
  if (s.crafts === "labelMissing") return "craft.notFinished";
  if (s.monogram === "incomplete" || s.monogram === "duplicate") return "monogram.missing";
  return null;
}
/** The first refusal of step 3 (QO-091, QO-100, QO-147, QO-148; QO-097, QO-162 on submit). */
function step3Refusal(s: S, submit: boolean): string | null {
  if (s.method === null) return null;
  if (s.parts !== "loaded") return "size.notLoaded";
  if (s.method === 10054) {
    if (!s.area) return "size.areaRequired";
    if (!s.shape) return "size.shapeRequired";
    if (!s.sized) return "size.standardRequired";
  }
  if (s.measures === "empty") return "size.required";
  if (s.measures === "outOfRange") return "size.outOfRange";
  if (submit && s.method === 10052 && !s.presized) return "size.presizeFirst";
  return null;
}

/** Entering step 3: the parts load unless loaded for the method (QO-091, QO-092; none without a method, QO-095). */
const enterStep3 = (s: S): S => ({
  ...s,
  at: "step3",
  call: s.method !== null && s.parts !== "loaded" ? "parts" : null,
  shown: null,
});

const fillMeasures = (s: S): QuickOrderEvent[] =>
  s.method === 10053
    ? [{ type: "user.setMeasure", partId: 602, value: "110" }]
    : [
        { type: "user.setMeasure", partId: 501, value: "100" },
        // QO-121: the sleeve is disabled (and hidden) under Sleeveless
        ...(s.crafts === "sleeveless" ? [] : [{ type: "user.setMeasure" as const, partId: 503, value: "62" }]),
      ];

const steps: Record<string, StepDef<S>> = {
  // Loading (QO-129)
  "setup.loaded": {
    offered: (s) => s.at === "loading",
    next: (s) => ({ ...s, at: "step1", call: null, method: 10052 }),
    concrete: () => [done("loadSetup", SUIT_SETUP)],
  },
  "setup.noMethods": {
    offered: (s) => s.at === "loading",
    next: (s) => ({ ...s, at: "step1", call: null, methods: false, method: null }),
    concrete: () => [done("loadSetup", NO_METHOD_SETUP)],
  },
  "setup.failed": setupFailed(),

  // Step 1: customer (QO-011..014, QO-130..133, D-06) and fabric (QO-021, QO-022, QO-108..110, QO-163)
  "customer.type": {
    offered: (s) => atRest(s, "step1") && s.customer === "empty",
    next: (s) => ({ ...s, customer: "typed" }),
    concrete: () => TYPED_CUSTOMER,
  },
  "customer.pickIncomplete": {
    offered: (s) => atRest(s, "step1") && s.methods && s.customer === "empty",
    next: (s) => ({ ...s, customer: "bookIncomplete" }),
    concrete: () => [{ type: "user.pickCustomer", customer: INCOMPLETE_CUSTOMER }],
  },
  "customer.setWeightUnit": {
    offered: (s) => atRest(s, "step1") && s.customer === "bookIncomplete",
    next: (s) => ({ ...s, customer: "bookNoGender" }),
    concrete: () => [{ type: "user.setWeightUnit", unit: 10261 }],
  },
  "customer.setGender": {
    offered: (s) => atRest(s, "step1") && s.customer === "bookNoGender",
    next: (s) => ({ ...s, customer: "bookComplete" }),
    concrete: () => [{ type: "user.setGender", genderId: 10040 }],
  },
  ...fabricSteps<S>({
    inStock: (s) => atRest(s, "step1") && (s.fabric === "none" || (s.methods && s.fabric === "outOfStock")),
    outOfStock: (s) => atRest(s, "step1") && s.methods && s.fabric === "none",
    stockFailed: (s) => s.methods && s.call === "stock",
  }),
  // QO-110: the fabric cleared (a running check is dropped)
  "fabric.clear": {
    offered: (s) =>
      s.at === "step1" &&
      s.methods &&
      (s.call === "stock" || (s.call === null && ["inStock", "outOfStock", "unanswered"].includes(s.fabric))),
    next: (s) => ({ ...s, call: null, fabric: "none" }),
    concrete: () => [{ type: "user.clearFabric" }],
  },
  // A new search while the stock is checked drops the check: the typed code is no pick yet
  "fabric.search": {
    offered: (s) => s.call === "stock" && s.fabric === "checkingIn",
    next: (s) => ({ ...s, call: null, fabric: "unanswered" }),
    concrete: () => [{ type: "user.typeFabric", code: "VB" }],
  },
  "fabric.cmt": cmtFabric((s) => s.at === "step1" && s.methods && (s.fabric === "none" || s.fabric === "checkingIn")),
  // QO-109
  "fabric.system": {
    offered: (s) => atRest(s, "step1") && s.fabric === "cmt",
    next: (s) => ({ ...s, fabric: "none" }),
    concrete: () => [{ type: "user.setFabricSource", source: "sys" }],
  },
  "step1.next": {
    offered: (s) => s.at === "step1",
    // QO-163: a fabric still being checked is not picked yet (the customer is checked first)
    next: (s) => {
      const refusal = step1Refusal(s);
      return refusal ? { ...s, shown: refusal } : { ...s, at: "step2", shown: null };
    },
    concrete: () => [{ type: "user.next" }],
  },

  // Step 2: crafts (QO-112..121, QO-145) and monogram (QO-032, QO-137..142, QO-152)
  "step2.previous": {
    offered: (s) => s.at === "step2" && s.crafts === "defaults" && s.monogram === "none",
    next: (s) => ({ ...s, at: "step1", shown: null }),
    concrete: () => [{ type: "user.previous" }],
  },
  "craft.label": {
    offered: (s) => s.at === "step2" && canonicalStep1(s) && s.crafts === "defaults" && craftsOnly(s),
    next: (s) => ({ ...s, crafts: "labelMissing" }),
    concrete: () => [{ type: "user.toggleOption", id: 51 }],
  },
  "craft.labelText": labelText(),
  "craft.sleeveless": {
    offered: (s) => s.at === "step2" && canonicalStep1(s) && s.crafts === "defaults" && craftsOnly(s),
    next: (s) => ({ ...s, crafts: "sleeveless" }),
    concrete: () => [{ type: "user.toggleOption", id: 42 }],
  },
  "monogram.add": {
    offered: (s) => s.at === "step2" && canonicalStep1(s) && s.monogram === "none" && monogramOnly(s),
    next: (s) => ({ ...s, monogram: "incomplete" }),
    concrete: () => [{ type: "user.addMonogram" }],
  },
  "monogram.fill": {
    offered: (s) => s.at === "step2" && s.monogram === "incomplete",
    next: (s) => ({ ...s, monogram: "complete" }),
    concrete: () => fillMonogram(0),
  },
  // QO-152: a second row on the first row's site is refused and its site cleared
  "monogram.duplicate": {
    offered: (s) => s.at === "step2" && s.monogram === "complete",
    next: (s) => ({ ...s, monogram: "duplicate", shown: "monogram.duplicateSite" }),
    concrete: () => [
      { type: "user.addMonogram" },
      { type: "user.pickMonogramOption", index: 1, kind: "site", option: { id: 1, name: "Cuff" } },
    ],
  },
  // QO-032: the last row removed
  "monogram.remove": {
    offered: (s) => s.at === "step2" && s.monogram !== "none",
    next: (s) => ({ ...s, monogram: s.monogram === "duplicate" ? "complete" : "none" }),
    concrete: (s) => [{ type: "user.removeMonogram", index: s.monogram === "duplicate" ? 1 : 0 }],
  },
  "step2.next": {
    offered: (s) => s.at === "step2",
    next: (s) => {
      const refusal = step2Refusal(s);
      return refusal ? { ...s, shown: refusal } : enterStep3(s);
    },
    concrete: () => [{ type: "user.next" }],
  },

  // Step 3: measurements (QO-091..102, QO-147, QO-148), Save to cart and Submit (D-15, QO-124..128)
  "parts.loaded": {
    offered: (s) => s.call === "parts",
    next: (s) => ({ ...s, call: null, parts: "loaded" }),
    concrete: (s) => [done("loadMeasurements", QUICK_ORDER_MODEL_LOADS[s.method!])],
  },
  ...partsFailure<S>((s) => s.call === "parts" && exploresStep3(s)),
  ...Object.fromEntries(
    [10052, 10053, 10054].map((method): [string, StepDef<S>] => [
      // QO-101, QO-102: another method clears the sizes and loads its parts
      `method.${method}`,
      {
        offered: (s) =>
          atRest(s, "step3") &&
          exploresStep3(s) &&
          s.method !== method &&
          s.parts === "loaded" &&
          s.measures === "empty" &&
          !s.area &&
          !s.shape,
        next: (s) => ({ ...s, method, call: "parts", parts: "none", presized: false, sizes: "none", sized: false }),
        concrete: () => [{ type: "user.selectMethod", method }],
      },
    ]),
  ),
  "measures.outOfRange": outOfRange(
    (s) =>
      atRest(s, "step3") && exploresStep3(s) && s.method === 10052 && s.parts === "loaded" && s.measures === "empty",
  ),
  "measures.valid": {
    offered: (s) =>
      atRest(s, "step3") &&
      (exploresStep3(s) || sleevelessStep3(s)) &&
      (s.method === 10052 || s.method === 10053) &&
      s.parts === "loaded" &&
      s.measures !== "valid",
    next: (s) => ({ ...s, measures: "valid", presized: false }),
    concrete: fillMeasures,
  },
  // QO-100: size area and shape, then the size list of both, and a size from it
  "standard.area": {
    offered: (s) => atRest(s, "step3") && s.method === 10054 && s.parts === "loaded" && !s.area,
    next: (s) => ({ ...s, area: true, call: s.shape ? "standard" : null }),
    concrete: () => [{ type: "user.selectSizeArea", sizeAreaId: 10441 }],
  },
  "standard.shape": {
    offered: (s) => atRest(s, "step3") && s.method === 10054 && s.parts === "loaded" && !s.shape,
    next: (s) => ({ ...s, shape: true, call: s.area ? "standard" : null }),
    concrete: () => [{ type: "user.selectShape", shape: 10432 }],
  },
  "standard.loaded": {
    offered: (s) => s.call === "standard",
    next: (s) => ({ ...s, call: null, sizes: "loaded" }),
    concrete: () => [done("loadStandardSizes", QUICK_ORDER_MODEL_STANDARD_SIZES)],
  },
  "standard.failed": {
    offered: (s) => s.call === "standard",
    next: (s) => ({ ...s, call: null, sizes: "failed", shown: "server" }),
    concrete: () => [error("loadStandardSizes", serverError("Standard sizes are not available"))],
  },
  "standard.pick": {
    offered: (s) => atRest(s, "step3") && s.sizes === "loaded" && !s.sized,
    next: (s) => ({ ...s, sized: true, measures: "valid" }),
    concrete: () => [{ type: "user.pickStandardSize", sizeId: QUICK_ORDER_MODEL_STANDARD_SIZES[0]!.id }],
  },
  // QO-097: the pre-calculation of body measurements
  presize: {
    offered: (s) => atRest(s, "step3") && exploresStep3(s) && s.method === 10052 && s.parts === "loaded" && !s.presized,
    next: (s) => {
      const refusal = step3Refusal(s, false);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "presize", shown: null };
    },
    concrete: () => [{ type: "user.presize" }],
  },
  "presize.done": presized(),
  // QO-201
  "presize.failed": {
    offered: (s) => s.call === "presize",
    next: (s) => ({ ...s, call: null, shown: "server" }),
    concrete: () => [error("presize", new ApiError(1010, "Finished size cannot be calculated", 200))],
  },
  save: {
    offered: (s) =>
      atRest(s, "step3") &&
      (exploresStep3(s) || (sleevelessStep3(s) && s.measures === "valid") || (!s.methods && s.fabric === "inStock")),
    next: (s) => {
      const refusal = step3Refusal(s, false);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "save", shown: null };
    },
    concrete: () => [{ type: "user.save" }],
  },
  ...saveOutcomes<S>("Q-1001", (s) => s.call === "save" && exploresStep3(s)),
  submit: {
    offered: (s) => atRest(s, "step3") && exploresStep3(s),
    next: (s) => {
      const refusal = step3Refusal(s, true);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "submit", shown: null };
    },
    concrete: () => [{ type: "user.submit" }],
  },
  ...submitOutcomes<S>(),
  // QO-128
  "submit.failed": {
    offered: (s) => s.call === "submit",
    next: (s) => ({ ...s, call: null, shown: "server" }),
    concrete: () => [error("submitOrder", new ApiError(1002, "Insufficient Balance", 200))],
  },
  // QO-092: back to step 2 keeps everything; never while a call runs
  "step3.previous": {
    offered: (s) => atRest(s, "step3") && step3Untouched(s),
    next: (s) => ({ ...s, at: "step2", shown: null }),
    concrete: () => [{ type: "user.previous" }],
  },
};

const STEP_OF = { basicInfo: "step1", crafts: "step2", sizeBody: "step3" } as const;
const CALL_STATE: Partial<Record<Call, object>> = {
  stock: { basicInfo: { stock: "checking" } },
  parts: { sizeBody: "loadingParts" },
  standard: { sizeBody: "loadingStandard" },
  presize: { sizeBody: "presizing" },
  save: { sizeBody: "saving" },
  submit: { sizeBody: "submitting" },
};

/** What the real machine must show in an abstract state. */
function check(s: S, snap: AnyMachineSnapshot): void {
  // D-15, QO-044: Save to cart and Submit only in step 3, at rest
  const c = checkOrder(s, snap, {
    step: () => Object.entries(STEP_OF).find(([node]) => snap.matches(node))?.[1],
    running: s.call ? CALL_STATE[s.call] : undefined,
    confirmAt: "step3",
  });
  if (!c) return;
  if (s.at === "step3") same("step 3 at rest", snap.matches({ sizeBody: "editing" }), s.call === null);
  // Step 1
  same("customer name", c.basic.customerName !== "", s.customer !== "empty");
  same("weight unit", c.basic.weightUnit === null, s.customer === "bookIncomplete");
  same("gender", c.basic.genderId === null, s.customer === "bookIncomplete" || s.customer === "bookNoGender");
  same("fabric filled", c.fabric.code !== "", s.fabric !== "none");
  // Step 2
  same("Name label chosen", c.crafts.selected.includes(51), s.crafts === "labelMissing" || s.crafts === "labelled");
  same("Name label text", !!c.crafts.texts[51], s.crafts === "labelled");
  same("Sleeveless chosen", c.crafts.selected.includes(42), s.crafts === "sleeveless");
  same("monogram rows", c.monogram.length, { none: 0, incomplete: 1, complete: 1, duplicate: 2 }[s.monogram]);
  same(
    "first monogram row filled",
    c.monogram[0]?.content === "JS",
    s.monogram === "complete" || s.monogram === "duplicate",
  );
  // Step 3
  same("method", c.size.method, s.method);
  same("parts loaded", c.size.parts.length > 0, s.parts === "loaded");
  same("pre-calculated (QO-097)", c.size.presized, s.presized);
  same("size area", c.size.standard.areaId !== null, s.area);
  same("shape", c.size.standard.shape !== null, s.shape);
  same("standard sizes loaded", c.size.standard.sizes.length > 0, s.sizes === "loaded");
  same("standard size chosen", c.size.standard.sizeId !== null, s.sized);
  // Each step's rules (domain/orderEntry/refusals.ts) give the refusal the model expects of its data.
  same("the step-1 refusal", firstStep1Refusal(c)?.key ?? null, step1Refusal(s));
  if (s.at !== "step1") same("the step-2 refusal", firstStep2Refusal(c)?.key ?? null, step2Refusal(s));
  if (s.at === "step3") {
    same("the refusal of Save", firstStep3Refusal(c, false)?.key ?? null, step3Refusal(s, false));
    same("the refusal of Submit", firstStep3Refusal(c, true)?.key ?? null, step3Refusal(s, true));
  }
}

export const quickOrderStepModel: StepModel<S> = {
  name: "quick order",
  initial: INITIAL,
  steps,
  serialize: ({ shown: _shown, ...rest }) => JSON.stringify(rest),
  machine: quickOrderMachine,
  input: QUICK_ORDER_INPUT,
  check,
};
