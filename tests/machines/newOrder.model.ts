/**
 * The simple order (4 steps, D-10) at the level of its steps, as tests/machines/quickOrder.model.ts
 * does for the quick order: 1 fabric (and the first craft groups), 2 the further crafts, 3 style and
 * measurements, 4 customer and confirm with Save to cart and Submit. Each abstract step stands for a
 * few real events of the real machine; tests/machines/newOrder.model.test.ts replays the paths on a
 * real actor. The later steps' edits are explored after an in-stock fabric and step 2 as it starts.
 */
import type { AnyMachineSnapshot } from "xstate";
import { newOrderMachine } from "../../machines/newOrder/newOrder.machine.ts";
import { newOrderStep } from "../../machines/newOrder/newOrder.selectors.ts";
import { confirmRefusal } from "../../domain/orderEntry/refusals.ts";
import { same, type StepDef, type StepModel } from "./paths.ts";
import { CUSTOMER, SUIT_SETUP } from "./quickOrder.fixtures.ts";
import { QUICK_ORDER_MODEL_LOADS } from "./quickOrder.model.ts";
import {
  atRest,
  checkOrder,
  cmtFabric,
  done,
  fabricSteps,
  labelText,
  outOfRange,
  partsFailure,
  presized,
  saveOutcomes,
  setupFailed,
  submitOutcomes,
  TYPED_CUSTOMER,
} from "./orderModelSteps.ts";

export const NEW_ORDER_INPUT = { categoryId: 3000 } as const;

type Call = "setup" | "stock" | "parts" | "presize" | "save" | "submit";

export interface NewOrderSteps {
  at: "loading" | "failed" | "step1" | "step2" | "step3" | "step4" | "done";
  call: Call | null;
  fabric: "none" | "checkingIn" | "checkingOut" | "inStock" | "outOfStock" | "unanswered" | "cmt";
  /** The Name label (TEXT, QO-145) of the further craft groups, without and with its text. */
  crafts: "defaults" | "labelMissing" | "labelled";
  parts: "none" | "loaded" | "failed";
  /** Whose stored sizes the parts were loaded for: none chosen, or the book's customer. */
  partsFor: "nobody" | "book" | null;
  measures: "empty" | "outOfRange" | "valid";
  presized: boolean;
  /** Step 4: typed, or picked from the customer book (their stored sizes need the parts again). */
  customer: "empty" | "typed" | "book";
  outcome: "/saveItems" | "/underProduction" | "/myOrder" | null;
  shown: string | null;
}

type S = NewOrderSteps;
const INITIAL: S = {
  at: "loading",
  call: "setup",
  fabric: "none",
  crafts: "defaults",
  parts: "none",
  partsFor: null,
  measures: "empty",
  presized: false,
  customer: "empty",
  outcome: null,
  shown: null,
};

/** QO-093: entering step 3 loads the base styles (the model's category has none). */
const stylesLoaded = done("loadStyles", []);

const canonical = (s: S) => s.fabric === "inStock" && s.crafts === "defaults";
const customerKey = (s: S) => (s.customer === "book" ? "book" : "nobody");
/** A chosen customer changes the parts (their stored sizes): they load again at step 3. */
const needsParts = (s: S) => s.parts !== "loaded" || s.partsFor !== customerKey(s);

function fabricRefusal(s: S): string | null {
  if (s.fabric === "outOfStock") return "fabric.outOfStock";
  return s.fabric === "inStock" || s.fabric === "cmt" ? null : "order.fabricRequired";
}
const craftsRefusal = (s: S) => (s.crafts === "labelMissing" ? "craft.notFinished" : null);
function sizeRefusal(s: S, submit: boolean): string | null {
  if (s.parts !== "loaded") return "size.notLoaded";
  if (s.measures === "empty") return "size.required";
  if (s.measures === "outOfRange") return "size.outOfRange";
  return submit && !s.presized ? "size.presizeFirst" : null;
}
/** Step 4: the customer (D-06), then whatever an earlier step would refuse. */
const confirmKey = (s: S, submit: boolean) =>
  (s.customer === "empty" ? "customer.nameRequired" : null) ??
  fabricRefusal(s) ??
  craftsRefusal(s) ??
  sizeRefusal(s, submit);

const enterStep3 = (s: S): S => ({ ...s, at: "step3", call: needsParts(s) ? "parts" : null });

/** Save and Submit at step 4: a customer whose parts are not loaded goes back to step 3 first. */
const confirm = (submit: boolean): StepDef<S> => ({
  offered: (s) => atRest(s, "step4") && canonical(s),
  next: (s) => {
    if (needsParts(s)) return { ...enterStep3(s), shown: "size.reloaded" };
    const refusal = confirmKey(s, submit);
    return refusal ? { ...s, shown: refusal } : { ...s, call: submit ? "submit" : "save", shown: null };
  },
  concrete: (s) => [{ type: submit ? "user.submit" : "user.save" }, ...(needsParts(s) ? [stylesLoaded] : [])],
});

const steps: Record<string, StepDef<S>> = {
  "setup.loaded": {
    offered: (s) => s.at === "loading",
    next: (s) => ({ ...s, at: "step1", call: null }),
    concrete: () => [done("loadSetup", SUIT_SETUP)],
  },
  "setup.failed": setupFailed(),
  // Step 1: the fabric (QO-108, QO-134, QO-149, QO-163)
  ...fabricSteps<S>({
    inStock: (s) => atRest(s, "step1") && ["none", "outOfStock", "unanswered"].includes(s.fabric),
    outOfStock: (s) => atRest(s, "step1") && s.fabric === "none",
    stockFailed: (s) => s.call === "stock" && s.fabric === "checkingIn",
  }),
  "fabric.cmt": cmtFabric((s) => atRest(s, "step1") && s.fabric === "none"),
  "step1.next": {
    offered: (s) => s.at === "step1",
    next: (s) => {
      const refusal = fabricRefusal(s);
      return refusal ? { ...s, shown: refusal } : { ...s, at: "step2", shown: null };
    },
    concrete: () => [{ type: "user.next" }],
  },
  // Step 2: the further craft groups (QO-145)
  "step2.previous": {
    offered: (s) => s.at === "step2" && s.crafts === "defaults",
    next: (s) => ({ ...s, at: "step1", shown: null }),
    concrete: () => [{ type: "user.previous" }],
  },
  "craft.label": {
    offered: (s) => s.at === "step2" && s.fabric === "inStock" && s.crafts === "defaults",
    next: (s) => ({ ...s, crafts: "labelMissing" }),
    concrete: () => [{ type: "user.toggleOption", id: 51 }],
  },
  "craft.labelText": labelText(),
  "step2.next": {
    offered: (s) => s.at === "step2",
    next: (s) => {
      const refusal = craftsRefusal(s);
      return refusal ? { ...s, shown: refusal } : { ...enterStep3(s), shown: null };
    },
    concrete: (s) => [{ type: "user.next" }, ...(craftsRefusal(s) ? [] : [stylesLoaded])],
  },
  // Step 3: style and measurements (QO-091, QO-093, QO-097, QO-147, QO-148)
  "parts.loaded": {
    offered: (s) => s.call === "parts",
    next: (s) => ({ ...s, call: null, parts: "loaded", partsFor: customerKey(s), measures: "empty", presized: false }),
    concrete: () => [done("loadMeasurements", QUICK_ORDER_MODEL_LOADS[10052])],
  },
  ...partsFailure<S>((s) => s.call === "parts" && canonical(s) && s.customer === "empty"),
  "measures.outOfRange": outOfRange(
    (s) => atRest(s, "step3") && canonical(s) && s.parts === "loaded" && s.measures === "empty",
  ),
  "measures.valid": {
    offered: (s) => atRest(s, "step3") && canonical(s) && s.parts === "loaded" && s.measures !== "valid",
    next: (s) => ({ ...s, measures: "valid", presized: false }),
    concrete: () => [
      { type: "user.setMeasure", partId: 501, value: "100" },
      { type: "user.setMeasure", partId: 503, value: "62" },
    ],
  },
  // QO-097: at step 3, or again at step 4 after a customer change
  presize: {
    offered: (s) => (atRest(s, "step3") || atRest(s, "step4")) && canonical(s) && s.parts === "loaded" && !s.presized,
    next: (s) => {
      const refusal = sizeRefusal(s, false);
      return refusal ? { ...s, shown: refusal } : { ...s, call: "presize", shown: null };
    },
    concrete: () => [{ type: "user.presize" }],
  },
  "presize.done": presized(),
  "step3.previous": {
    offered: (s) => atRest(s, "step3") && s.measures === "empty" && s.customer === "empty",
    next: (s) => ({ ...s, at: "step2", shown: null }),
    concrete: () => [{ type: "user.previous" }],
  },
  "step3.next": {
    offered: (s) => atRest(s, "step3"),
    next: (s) => {
      const refusal = sizeRefusal(s, false);
      return refusal ? { ...s, shown: refusal } : { ...s, at: "step4", shown: null };
    },
    concrete: () => [{ type: "user.next" }],
  },
  // Step 4: customer (D-06) and confirm (D-15, QO-124..128)
  "customer.type": {
    offered: (s) => atRest(s, "step4") && canonical(s) && s.customer === "empty",
    next: (s) => ({ ...s, customer: "typed", presized: false }),
    concrete: () => TYPED_CUSTOMER,
  },
  "customer.pick": {
    offered: (s) => atRest(s, "step4") && canonical(s) && s.customer === "empty",
    next: (s) => ({ ...s, customer: "book", presized: false }),
    concrete: () => [{ type: "user.pickCustomer", customer: CUSTOMER }],
  },
  "step4.previous": {
    offered: (s) => atRest(s, "step4") && s.customer === "empty",
    next: (s) => ({ ...enterStep3(s), shown: null }),
    concrete: () => [{ type: "user.previous" }, stylesLoaded],
  },
  save: confirm(false),
  ...saveOutcomes<S>("N-1", (s) => s.call === "save"),
  submit: confirm(true),
  ...submitOutcomes<S>(),
};

const callState = (s: S): object | undefined =>
  ({
    setup: undefined,
    stock: { crafting: { fabricCrafts: { stock: "checking" } } },
    parts: { measurements: "loadingParts" },
    presize: s.at === "step4" ? { confirm: "presizing" } : { measurements: "presizing" },
    save: { confirm: "saving" },
    submit: { confirm: "submitting" },
  })[s.call ?? "setup"];

function check(s: S, snap: AnyMachineSnapshot): void {
  // D-15: Save to cart and Submit only at step 4, at rest
  const c = checkOrder(s, snap, {
    step: () => `step${newOrderStep(snap as Parameters<typeof newOrderStep>[0]) + 1}`,
    running: callState(s),
    confirmAt: "step4",
  });
  if (!c) return;
  same(
    "Name label",
    [c.crafts.selected.includes(51), !!c.crafts.texts[51]],
    [s.crafts !== "defaults", s.crafts === "labelled"],
  );
  same("parts loaded", c.size.parts.length > 0, s.parts === "loaded");
  same("pre-calculated (QO-097)", c.size.presized, s.presized);
  same(
    "customer",
    [c.basic.customerName !== "", c.basic.customerId],
    [s.customer !== "empty", s.customer === "book" ? CUSTOMER.id : null],
  );
  // Step 4's rules (domain/orderEntry/refusals.ts) give the refusal the model expects
  if (s.at === "step4" && !needsParts(s)) {
    same("the refusal of Save", confirmRefusal(c, false)?.key ?? null, confirmKey(s, false));
    same("the refusal of Submit", confirmRefusal(c, true)?.key ?? null, confirmKey(s, true));
  }
}

export const newOrderStepModel: StepModel<S> = {
  name: "simple order",
  initial: INITIAL,
  steps,
  serialize: ({ shown: _shown, ...rest }) => JSON.stringify(rest),
  machine: newOrderMachine,
  input: NEW_ORDER_INPUT,
  check,
};
