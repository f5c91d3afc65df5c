/**
 * Detours: short headless tours of the order flows for what their step models leave out on purpose (to
 * keep the graph small): another setup (contrast sites, accessories, priced options, add-products), a
 * field's guarded edits, the price tip's timer, the measurements' other loads and edits (another method,
 * standard sizes, a customer or a unit that loads them again, the pre-calculation, failures), and the
 * drafts a user restores (a saved draft can hold what the steps before would refuse, so Save, Submit
 * and Buy check every step again).
 *
 * Each detour starts on a step model's own shortest path (its real events, the setup or a load's
 * answer swapped where the detour says), then sends its own real events; `restore` stops the actor
 * there and starts it again from its persisted snapshot with the context patched (a restored draft).
 * `walks` lists the transitions (the picture's ids, `<state id>::<index>`) it must take:
 * tests/machines/detours.test.ts replays every detour and fails when one is not taken, and
 * tests/tools/tours.ts adds them to the headless tours the coverage counts.
 */
import type { EventObject } from "xstate";
import {
  BODY_VALUES,
  craft,
  CUSTOMER,
  FULL_MONOGRAM,
  IN_STOCK_FABRIC,
  pieceParts,
  sizeLoad,
  STANDARD_SIZES,
  SUIT_DEFAULTS,
  SUIT_SETUP,
  SUIT_TREE,
} from "./quickOrder.fixtures.ts";
import { done, error, serverError } from "./orderModelSteps.ts";
import { abstractStates, stepGraph, type StepModel, type StepPath } from "./paths.ts";
import { professionalStepModel, type ProfessionalSteps } from "./professionalOrder.model.ts";
import { PRO_SETUP, TROUSERS } from "./professionalOrder.fixtures.ts";
import { quickOrderStepModel, QUICK_ORDER_MODEL_LOADS, type QuickOrderSteps } from "./quickOrder.model.ts";
import { MODEL_FABRIC, STYLE_MODEL_LOAD, styleOrderStepModel, type StyleOrderSteps } from "./styleOrder.model.ts";
import { ApiError } from "../../machines/shared/messages.ts";
import type { OrderEntryContext, OrderEntryEvent } from "../../machines/orderEntry/types.ts";

/** A real event: the flow's own, or an invoked actor's answer or a timer's. */
type Ev = OrderEntryEvent | EventObject;

export interface Detour {
  name: string;
  input: unknown;
  events: Ev[];
  /** A restored draft: the actor restarted from its persisted snapshot with this context, then `then`. */
  restore?: { patch: (context: OrderEntryContext) => Partial<OrderEntryContext>; then: Ev[] };
  walks: string[];
}

type Patch = NonNullable<Detour["restore"]>["patch"];

/** The shortest paths of each step model, worked out once for all its detours. */
const shortestPaths = new WeakMap<object, unknown>();

/** The real events of the first shortest path of a step model to an abstract state `at` accepts. */
function pathTo<S extends { shown: string | null }>(model: StepModel<S>, at: (s: S) => boolean): EventObject[] {
  if (!shortestPaths.has(model)) shortestPaths.set(model, stepGraph(model).shortest);
  const path = (shortestPaths.get(model) as StepPath<S>[])
    .filter((p) => at(p.state.context))
    .sort((a, b) => a.weight - b.weight)[0];
  if (!path) throw new Error(`${model.name}: no shortest path to the detour's start`);
  const states = abstractStates(model, path);
  return path.steps.slice(1).flatMap((step, i) => model.steps[step.event.type]!.concrete(states[i]!));
}

/**
 * A restored draft: the actor at the end of `events` restarted from its persisted snapshot with the
 * context patched (what the steps before would refuse), then `then` (Save and Submit, unless said).
 */
const restored = (
  name: string,
  input: unknown,
  events: Ev[],
  patch: Patch,
  walks: string[],
  then: Ev[] = [{ type: "user.save" }, { type: "user.submit" }],
): Detour => ({ name, input, events, restore: { patch, then }, walks });

/** The events with an invoked actor's answer swapped (another setup, another load). */
const answering = (events: Ev[], id: string, output: unknown): Ev[] =>
  events.map((e) => (e.type === `xstate.done.actor.${id}` ? done(id, output) : e));

// ---------------------------------------------------------------------------------------------
// The quick order
// ---------------------------------------------------------------------------------------------

type Q = QuickOrderSteps;
const Q_INPUT = quickOrderStepModel.input;
const quick = (at: (s: Q) => boolean) => pathTo(quickOrderStepModel, at);
const canonical = (s: Q) => s.methods && s.customer === "typed" && s.fabric === "inStock";
/** A step of an order flow on show, no call running. */
const atRest = <S extends { at: string; call: string | null }>(s: S, at: S["at"]) => s.at === at && s.call === null;
/** Step 2 as it starts, after the canonical step 1. */
const step2 = (s: Q) => atRest(s, "step2") && canonical(s) && s.crafts === "defaults" && s.monogram === "none";
/** Step 3 with valid body measurements, pre-calculated: Save and Submit would pass. */
const step3Ready = (s: Q) =>
  atRest(s, "step3") &&
  canonical(s) &&
  s.crafts === "defaults" &&
  s.monogram === "none" &&
  s.method === 10052 &&
  s.measures === "valid" &&
  s.presized;

/** QO-035, QO-036, QO-143, QO-144: one contrast site with a position, an IMAGE and a TEXT fabric. */
const CONTRAST_SITES = [
  {
    id: 1601,
    name: "Collar",
    positions: [{ id: 1651, name: "Under collar", price: "5.00" }],
    fabrics: [
      { id: 1701, code: "VB0017", name: "Navy velvet", sourceType: "IMAGE" as const, price: "12.00" },
      { id: 1702, code: "OTHER", name: "Other", sourceType: "TEXT" as const, price: "15.00" },
    ],
  },
];
/** QO-017, QO-018, QO-136: a Lining accessory with a TEXT option, and a COPY group (Buttons) to sync. */
const ACCESSORY_TREE = [
  ...SUIT_TREE,
  craft(60, null, "Lining", {
    code: "LINING",
    category: 3,
    children: [
      craft(61, 60, "Matching lining", { code: "LINING_MATCH", isDefault: 1, category: 3 }),
      craft(62, 60, "Lining colour of your choice", { code: "LINING_COLOUR", sourceType: "TEXT", category: 3 }),
    ],
  }),
  craft(70, null, "Buttons", {
    code: "ACC_BUTTONS",
    chooseType: "COPY",
    category: 3,
    children: [
      craft(71, 70, "Horn buttons", { code: "BTN_HORN", isDefault: 1, category: 3 }),
      craft(72, 70, "Corozo buttons", { code: "BTN_COROZO", category: 3 }),
    ],
  }),
];
/** QO-038: the suit with two priced pockets. */
const PRICED_TREE = SUIT_TREE.map((group) =>
  group.id === 20
    ? {
        ...group,
        children: group.children.map((c) => (c.id === 22 || c.id === 23 ? { ...c, price: "15.00" } : c)),
      }
    : group,
);
const INCOMPLETE_ROW = {
  site: null,
  siteName: "",
  color: null,
  font: null,
  embSize: null,
  content: "",
  file: null,
  sourceType: "add" as const,
};
const QUICK_STEP3 = "quickOrder.sizeBody.editing";

/** A restored draft in step 3 whose `patch` breaks one rule of an earlier step: Save and Submit refuse it. */
const rechecked = (rule: string, save: number, patch: Patch): Detour =>
  restored(
    `quick order: a restored draft that breaks ${rule}: Save and Submit refuse it (D-06)`,
    Q_INPUT,
    quick(step3Ready),
    patch,
    [`${QUICK_STEP3}::${String(save)}`, `${QUICK_STEP3}::${String(save + 10)}`],
  );

const quickOrderDetours = (): Detour[] => [
  {
    name: "quick order: a customer's own fabric typed (QO-022)",
    input: Q_INPUT,
    events: [...quick((s) => atRest(s, "step1") && s.fabric === "cmt"), { type: "user.typeFabric", code: "Navy wool" }],
    walks: ["quickOrder.basicInfo.form::9"],
  },
  {
    name: "quick order: an accessory without its value is refused, a COPY accessory synced (QO-136, QO-018)",
    input: Q_INPUT,
    events: [
      ...answering(
        quick((s) => atRest(s, "step1") && canonical(s)),
        "loadSetup",
        { ...SUIT_SETUP, tree: ACCESSORY_TREE },
      ),
      { type: "user.pickAccessory", groupId: 60, optionId: 62 },
      { type: "user.next" },
      { type: "user.pickAccessory", groupId: 70, optionId: 72 },
      { type: "user.syncAccessory", groupId: 70 },
    ],
    walks: ["quickOrder.basicInfo.form::17", "quickOrder.basicInfo.form::11"],
  },
  {
    name: "quick order: a monogram row edited and its artwork attached (QO-032, QO-153)",
    input: Q_INPUT,
    events: [
      ...quick((s) => atRest(s, "step2") && canonical(s) && s.monogram === "incomplete"),
      { type: "user.editMonogram", index: 0, patch: FULL_MONOGRAM },
      { type: "user.attachMonogramFile", index: 0, file: { id: "att-1", name: "logo.png" } },
    ],
    walks: ["quickOrder.crafts.form::8", "quickOrder.crafts.form::7"],
  },
  {
    name: "quick order: a contrast site with a position needs its fabric, then its text (QO-035, QO-143, QO-144)",
    input: Q_INPUT,
    events: [
      ...answering(quick(step2), "loadSetup", { ...SUIT_SETUP, contrastSites: CONTRAST_SITES }),
      { type: "user.toggleContrastPosition", site: 0, position: 1651 },
      { type: "user.next" },
      { type: "user.pickContrastFabric", site: 0, fabricId: 1702 },
      { type: "user.setContrastText", site: 0, text: "Bordeaux silk" },
      { type: "user.editContrast", index: 0, patch: { text: "Navy silk" } },
      { type: "user.next" },
    ],
    walks: [
      "quickOrder.crafts.form::10",
      "quickOrder.crafts.form::17",
      "quickOrder.crafts.form::11",
      "quickOrder.crafts.form::12",
      "quickOrder.crafts.form::9",
    ],
  },
  {
    name: "quick order: a restored draft with two options of one RADIO group is refused in step 2 (QO-150)",
    input: Q_INPUT,
    events: quick(step2),
    restore: {
      patch: () => ({ crafts: { selected: [...SUIT_DEFAULTS, 112], texts: {} } }),
      then: [{ type: "user.next" }],
    },
    walks: ["quickOrder.crafts.form::14"],
  },
  {
    name: "quick order: the price tip of a priced option, another's, dropped, and its 3 seconds (QO-038)",
    input: Q_INPUT,
    events: [
      ...answering(quick(step2), "loadSetup", { ...SUIT_SETUP, tree: PRICED_TREE }),
      // the chest pocket (a default) unchosen: no tip; the ticket pocket chosen: its tip
      { type: "user.toggleOption", id: 23 },
      { type: "user.toggleOption", id: 22 },
      // the chest pocket chosen again: its own tip; unchosen: the tip goes at once
      { type: "user.toggleOption", id: 23 },
      { type: "user.toggleOption", id: 23 },
      // chosen again: after its 3 seconds the tip goes
      { type: "user.toggleOption", id: 23 },
      { type: "xstate.after.PRICE_TIP.quickOrder.crafts.priceTip.shown" },
    ],
    walks: [
      "quickOrder.crafts.priceTip.hidden::0",
      "quickOrder.crafts.priceTip.shown::0",
      "quickOrder.crafts.priceTip.shown::1",
      "quickOrder.crafts.priceTip.shown::2",
    ],
  },
  {
    name: "quick order: standard sizes reloaded with the measurements after a failed load (QO-100, QO-091)",
    input: Q_INPUT,
    events: [
      ...quick((s) => atRest(s, "step3") && canonical(s) && s.method === 10054 && s.parts === "failed"),
      { type: "user.selectSizeArea", sizeAreaId: 10441 },
      { type: "user.selectShape", shape: 10432 },
      error("loadStandardSizes", serverError("Standard sizes are not available")),
      { type: "user.reloadMeasurements" },
      done("loadMeasurements", QUICK_ORDER_MODEL_LOADS[10054]),
    ],
    walks: ["quickOrder.sizeBody.loadingParts::0"],
  },
  {
    name: "quick order: add-products added (loaded, failed) and removed; a posture picked (QO-040, QO-096)",
    input: Q_INPUT,
    events: [
      ...answering(
        quick((s) => atRest(s, "step3") && canonical(s) && s.method === 10052 && s.parts === "loaded"),
        "loadMeasurements",
        {
          ...sizeLoad(10052, QUICK_ORDER_MODEL_LOADS[10052]!.postures, []),
          parts: QUICK_ORDER_MODEL_LOADS[10052]!.parts,
        },
      ),
      { type: "user.toggleAddProduct", categoryId: 2000 },
      done("loadPieceParts", sizeLoad(10052).pieces[0]),
      { type: "user.toggleAddProduct", categoryId: 4000 },
      error("loadPieceParts", serverError("The waistcoat's measurements are not available")),
      { type: "user.toggleAddProduct", categoryId: 2000 },
      { type: "user.pickPosture", detailId: QUICK_ORDER_MODEL_LOADS[10052]!.postures[0]!.details[1]!.id },
    ],
    walks: [
      "quickOrder.sizeBody.editing::2",
      "quickOrder.sizeBody.loadingPiece::0",
      "quickOrder.sizeBody.loadingPiece::1",
      "quickOrder.sizeBody.editing::1",
      "quickOrder.sizeBody.editing::8",
    ],
  },
  rechecked("hasCustomer", 14, (c) => ({ basic: { ...c.basic, customerName: "" } })),
  rechecked("hasFabric", 15, () => ({ fabric: { source: "sys", code: "", inStock: null } })),
  rechecked("isFabricInStock", 16, (c) => ({ fabric: { ...c.fabric, inStock: false } })),
  rechecked("areAccessoriesComplete", 17, (c) => ({
    setup: { ...c.setup!, tree: ACCESSORY_TREE },
    crafts: { selected: [...c.crafts.selected, 62], texts: {} },
  })),
  rechecked("areCraftsConsistent", 18, (c) => ({ crafts: { selected: [...c.crafts.selected, 112], texts: {} } })),
  rechecked("areCraftsFinished", 19, (c) => ({ crafts: { selected: [...c.crafts.selected, 51], texts: {} } })),
  rechecked("areMonogramsComplete", 20, () => ({ monogram: [INCOMPLETE_ROW] })),
  rechecked("areContrastsComplete", 21, (c) => ({
    setup: { ...c.setup!, contrastSites: CONTRAST_SITES },
    contrast: [
      { siteName: "Collar", positions: [1651], fabricKind: null, chooseFabric: null, chooseFabricCode: "", text: "" },
    ],
  })),
];

// ---------------------------------------------------------------------------------------------
// The professional order
// ---------------------------------------------------------------------------------------------

type P = ProfessionalSteps;
const P_INPUT = professionalStepModel.input;
const pro = (at: (s: P) => boolean) => pathTo(professionalStepModel, at);
const proAtRest = (s: P) => s.at === "form" && s.call === null;
const proForm = (s: P) =>
  proAtRest(s) &&
  s.customer === "typed" &&
  s.fabric === "inStock" &&
  s.crafts === "defaults" &&
  s.monogram === "none" &&
  !s.piece;
/** Everything filled: Save and Submit would pass. */
const proReady = (s: P) => proForm(s) && s.parts === "loaded" && s.measures === "valid";
const PRO_SIZES = "professionalOrder.entry.sizes.editing";
const PRO_FORM = "professionalOrder.entry.form";
const PRO_STOCK = "professionalOrder.entry.stock.checking";
/** The other states of the measurements region (`checkingMethod`, `loadingParts`, ...). */
const proSizes = (state: string, i: number) => `professionalOrder.entry.sizes.${state}::${String(i)}`;
/** The professional order's measurements as loaded for method 10052 (the step model's answer: no add-product asked). */
const PRO_BODY_LOAD = sizeLoad(10052, undefined, []);
/** Standard sizes (10054): its finished parts and the size-area and shape buttons. */
const PRO_STANDARD_LOAD = sizeLoad(10054, undefined, []);
/** PO-022: Save's checks, in order (STEP_RULES.professional); Submit's are the same twelve transitions on. */
const PRO_RULES = [
  "hasFabricChosen",
  "hasAnyCraft",
  "areCraftValuesGiven",
  "arePieceMonogramsComplete",
  "hasCustomerName",
  "hasNickname",
  "hasGender",
  "hasHeight",
  "areMeasurementsReady",
  "arePiecesMeasured",
];

/** A restored draft whose `patch` breaks one of the checks (PO-022): Save and Submit refuse it with that rule. */
const proRechecked = (rule: string, patch: Patch): Detour => {
  const i = PRO_RULES.indexOf(rule);
  return restored(
    `professional order: a restored draft that breaks ${rule}: Save and Submit refuse it (PO-022)`,
    P_INPUT,
    pro(proReady),
    patch,
    [`${PRO_SIZES}::${String(16 + i)}`, `${PRO_SIZES}::${String(28 + i)}`],
  );
};

const professionalDetours = (): Detour[] => [
  {
    name: "professional order: a monogram row picked, written, its artwork attached and removed (PO-027)",
    input: P_INPUT,
    events: [
      ...pro((s) => proAtRest(s) && s.monogram === "incomplete"),
      { type: "user.pickMonogramOption", index: 0, kind: "color", option: { id: 2, name: "White" } },
      { type: "user.setMonogramText", index: 0, content: "AL" },
      { type: "user.attachMonogramFile", index: 0, file: { id: "att-1", name: "logo.png" } },
      { type: "user.removeMonogram", index: 0 },
    ],
    walks: [`${PRO_FORM}::19`, `${PRO_FORM}::20`, `${PRO_FORM}::21`, `${PRO_FORM}::18`],
  },
  {
    name: "professional order: a contrast site's position, fabric and text (QO-035, QO-143, QO-144)",
    input: P_INPUT,
    events: [
      ...answering(
        pro((s) => proForm(s) && s.parts === "loaded"),
        "loadSetup",
        { ...PRO_SETUP, contrastSites: CONTRAST_SITES },
      ),
      { type: "user.toggleContrastPosition", site: 0, position: 1651 },
      { type: "user.pickContrastFabric", site: 0, fabricId: 1702 },
      { type: "user.setContrastText", site: 0, text: "Bordeaux silk" },
      { type: "user.editContrast", index: 0, patch: { text: "Navy silk" } },
    ],
    walks: [`${PRO_FORM}::24`, `${PRO_FORM}::25`, `${PRO_FORM}::26`, `${PRO_FORM}::23`],
  },
  {
    name: "professional order: the price tip of a priced option, another's, dropped, and its 3 seconds (QO-038)",
    input: P_INPUT,
    events: [
      ...answering(
        pro((s) => proForm(s) && s.parts === "loaded"),
        "loadSetup",
        { ...PRO_SETUP, tree: PRICED_TREE },
      ),
      { type: "user.toggleOption", id: 23 },
      { type: "user.toggleOption", id: 22 },
      { type: "user.toggleOption", id: 23 },
      { type: "user.toggleOption", id: 23 },
      { type: "user.toggleOption", id: 23 },
      { type: "xstate.after.PRICE_TIP.professionalOrder.entry.priceTip.shown" },
    ],
    walks: [
      "professionalOrder.entry.priceTip.hidden::0",
      "professionalOrder.entry.priceTip.shown::0",
      "professionalOrder.entry.priceTip.shown::1",
      "professionalOrder.entry.priceTip.shown::2",
    ],
  },
  {
    name: "professional order: a COPY accessory picked and synced to the other categories (QO-018)",
    input: P_INPUT,
    events: [
      ...answering(pro(proForm), "loadSetup", { ...PRO_SETUP, tree: ACCESSORY_TREE }),
      { type: "user.pickAccessory", groupId: 70, optionId: 72 },
      { type: "user.syncAccessory", groupId: 70 },
    ],
    walks: [`${PRO_FORM}::11`],
  },
  {
    name: "professional order: the further trousers' own crafts edited (PO-002)",
    input: P_INPUT,
    events: [
      ...pro((s) => proAtRest(s) && s.piece),
      { type: "user.editPiece", piece: TROUSERS, edit: { type: "user.toggleOption", id: 2012 } },
    ],
    walks: [`${PRO_FORM}::27`],
  },
  {
    name: "professional order: the fabric cleared, typed or its source switched while its stock is checked (QO-163)",
    input: P_INPUT,
    events: [
      ...pro((s) => s.call === "stock"),
      { type: "user.clearFabric" },
      { type: "user.pickFabric", code: IN_STOCK_FABRIC },
      { type: "user.typeFabric", code: "VB" },
      { type: "user.pickFabric", code: IN_STOCK_FABRIC },
      { type: "user.setFabricSource", source: "sys" },
    ],
    walks: [`${PRO_STOCK}::0`, `${PRO_STOCK}::1`, `${PRO_STOCK}::2`],
  },
  {
    name: "professional order: the measurements failed to load, loaded again (QO-091)",
    input: P_INPUT,
    events: [
      ...pro((s) => proAtRest(s) && s.parts === "none"),
      { type: "user.reloadMeasurements" },
      done("loadMeasurements", PRO_BODY_LOAD),
    ],
    walks: [`${PRO_SIZES}::10`, proSizes("loadingParts", 1)],
  },
  {
    name: "professional order: the unit kept and changed, a posture, a book customer, the pre-calculation (QO-096, QO-097, QO-103)",
    input: P_INPUT,
    events: [
      ...pro((s) => proForm(s) && s.parts === "loaded" && s.measures === "empty"),
      // the same unit: the parts stay as loaded; another: they load again
      { type: "user.setHeightUnit", unit: 10266 },
      { type: "user.setHeightUnit", unit: 10265 },
      done("loadMeasurements", PRO_BODY_LOAD),
      { type: "user.pickPosture", detailId: 812 },
      // a chosen customer's stored sizes load
      { type: "user.pickCustomer", customer: CUSTOMER },
      done("loadMeasurements", PRO_BODY_LOAD),
      // refused without values; done, then failing
      { type: "user.presize" },
      ...Object.entries(BODY_VALUES).map(([partId, value]) => ({
        type: "user.setMeasure" as const,
        partId: Number(partId),
        value,
      })),
      { type: "user.presize" },
      done("presize", { 501: "104" }),
      { type: "user.presize" },
      error("presize", serverError("The finished sizes could not be calculated")),
    ],
    walks: [
      proSizes("checkingMethod", 1),
      `${PRO_SIZES}::14`,
      `${PRO_SIZES}::8`,
      `${PRO_SIZES}::13`,
      `${PRO_SIZES}::11`,
      `${PRO_SIZES}::12`,
      proSizes("presizing", 0),
      proSizes("presizing", 1),
    ],
  },
  {
    name: "professional order: the further trousers failing to load, loaded, then removed (QO-040, PO-002)",
    input: P_INPUT,
    events: [
      ...pro((s) => proForm(s) && s.parts === "loaded" && s.measures === "empty"),
      { type: "user.toggleAddProduct", categoryId: TROUSERS },
      error("loadPieceParts", serverError("The trousers' measurements are not available")),
      { type: "user.toggleAddProduct", categoryId: TROUSERS },
      done("loadPieceParts", { categoryId: TROUSERS, parts: pieceParts(TROUSERS, 10052) }),
      { type: "user.toggleAddProduct", categoryId: TROUSERS },
    ],
    walks: [proSizes("loadingPiece", 1), proSizes("loadingPiece", 0), `${PRO_SIZES}::1`],
  },
  {
    name: "professional order: standard sizes: Save and Submit refused without a size area (PO-036, QO-100), then one chosen",
    input: P_INPUT,
    events: [
      ...pro(proReady),
      { type: "user.selectMethod", method: 10054 },
      done("loadMeasurements", PRO_STANDARD_LOAD),
      // PO-036: the standard choices come first
      { type: "user.save" },
      { type: "user.submit" },
      { type: "user.selectSizeArea", sizeAreaId: 10441 },
      { type: "user.selectShape", shape: 10432 },
      error("loadStandardSizes", serverError("Standard sizes are not available")),
      // a book customer: the parts load again, then the size list of the area and shape chosen
      { type: "user.pickCustomer", customer: CUSTOMER },
      done("loadMeasurements", PRO_STANDARD_LOAD),
      done("loadStandardSizes", STANDARD_SIZES),
      { type: "user.pickStandardSize", sizeId: 901 },
      { type: "user.selectSizeArea", sizeAreaId: 10442 },
    ],
    walks: [
      `${PRO_SIZES}::0`,
      proSizes("loadingParts", 1),
      `${PRO_SIZES}::24`,
      `${PRO_SIZES}::36`,
      `${PRO_SIZES}::5`,
      proSizes("loadingStandard", 1),
      proSizes("loadingParts", 0),
      proSizes("loadingStandard", 0),
      `${PRO_SIZES}::9`,
      `${PRO_SIZES}::3`,
    ],
  },
  proRechecked("hasAnyCraft", (c) => ({ crafts: { ...c.crafts, selected: [] } })),
  proRechecked("hasFabricChosen", () => ({ fabric: { source: "sys", code: "", inStock: null } })),
  proRechecked("hasCustomerName", (c) => ({ basic: { ...c.basic, customerName: "" } })),
  proRechecked("hasNickname", (c) => ({ basic: { ...c.basic, shortName: "" } })),
  proRechecked("hasGender", (c) => ({ basic: { ...c.basic, genderId: null } })),
  proRechecked("hasHeight", (c) => ({ basic: { ...c.basic, height: "" } })),
];

// ---------------------------------------------------------------------------------------------
// The style order
// ---------------------------------------------------------------------------------------------

type St = StyleOrderSteps;
const S_INPUT = styleOrderStepModel.input;
const style = (at: (s: St) => boolean) => pathTo(styleOrderStepModel, at);
const STYLE_PRODUCT = "styleOrder.ordering.steps.product.editing";
const STYLE_SIZES = "styleOrder.ordering.steps.measurements.editing";
/** The other states of step 3 (`loadingParts`, `loadingStandard`, ...). */
const styleSizes = (state: string, i: number) => `styleOrder.ordering.steps.measurements.${state}::${String(i)}`;
/** Step 3 at rest with a typed customer and the measurements loaded. */
const styleStep3 = (s: St) => atRest(s, "step3") && s.customer === "typed" && s.parts === "loaded";
/** Standard sizes (10054) for the style: its finished parts, the buttons, and the style's trousers' parts. */
const STYLE_STANDARD_LOAD = sizeLoad(10054, STYLE_MODEL_LOAD.postures, [2000]);
/** A choice the style's required Lapel width (piece 71, craft 901) does not list. */
const UNLISTED_LAPEL = { pieceId: 71, craftId: 901, value: "12 cm" } as const;
/** SO-022: Save's checks after the style's own (Buy's, then step 2's), in order; Submit's are the same eight transitions on. */
const STYLE_SAVE_RULES = [
  "isStyleLoaded",
  "hasStyleFabric",
  "isStyleFabricOffered",
  "areStyleCraftValuesOffered",
  "areStyleCraftsFilled",
  "hasStyleCustomer",
];

/** A restored draft in step 3 whose `patch` breaks one rule of an earlier step: Save and Submit refuse it. */
const styleRechecked = (rule: string, patch: Patch): Detour => {
  const i = STYLE_SAVE_RULES.indexOf(rule);
  return restored(
    `style order: a restored draft that breaks ${rule}: Save and Submit refuse it (SO-014)`,
    S_INPUT,
    style((s) => styleStep3(s) && s.measures === "valid"),
    patch,
    [`${STYLE_SIZES}::${String(12 + i)}`, `${STYLE_SIZES}::${String(20 + i)}`],
  );
};

const styleOrderDetours = (): Detour[] => [
  {
    name: "style order: a fabric the style does not list typed, a choice it does not list: Buy refuses (SO-006, SO-009)",
    input: S_INPUT,
    events: [
      ...style((s) => atRest(s, "step1") && s.fabric === "none" && s.crafts === "missing"),
      { type: "user.typeFabric", code: "ZZ999" },
      { type: "user.buy" },
      { type: "user.pickFabric", code: MODEL_FABRIC },
      { type: "user.setStyleCraft", ...UNLISTED_LAPEL },
      { type: "user.buy" },
    ],
    walks: ["styleOrder.ordering.fabric::1", `${STYLE_PRODUCT}::3`, `${STYLE_PRODUCT}::4`],
  },
  restored(
    "style order: a restored draft whose style is lost: Buy refuses it",
    S_INPUT,
    style((s) => atRest(s, "step1") && s.fabric === "none" && s.crafts === "missing"),
    (c) => ({ styleOrder: { ...c.styleOrder!, product: null } }),
    [`${STYLE_PRODUCT}::1`],
    [{ type: "user.buy" }],
  ),
  {
    name: "style order: a posture, standard sizes failing, reloaded for a book customer, chosen (QO-096, QO-100)",
    input: S_INPUT,
    events: [
      ...style((s) => styleStep3(s) && s.measures === "empty"),
      { type: "user.pickPosture", detailId: 812 },
      { type: "user.selectMethod", method: 10054 },
      done("loadMeasurements", STYLE_STANDARD_LOAD),
      { type: "user.selectSizeArea", sizeAreaId: 10441 },
      { type: "user.selectShape", shape: 10432 },
      error("loadStandardSizes", serverError("Standard sizes are not available")),
      // back to step 2 for a customer of the book: the parts load again, then the size list
      { type: "user.previous" },
      { type: "user.pickCustomer", customer: CUSTOMER },
      { type: "user.next" },
      done("loadMeasurements", STYLE_STANDARD_LOAD),
      done("loadStandardSizes", STANDARD_SIZES),
      { type: "user.pickStandardSize", sizeId: 901 },
      { type: "user.selectSizeArea", sizeAreaId: 10442 },
    ],
    walks: [
      `${STYLE_SIZES}::6`,
      `${STYLE_SIZES}::0`,
      `${STYLE_SIZES}::3`,
      styleSizes("loadingStandard", 1),
      styleSizes("loadingParts", 0),
      styleSizes("loadingStandard", 0),
      `${STYLE_SIZES}::7`,
      `${STYLE_SIZES}::1`,
    ],
  },
  {
    name: "style order: the pre-calculation fails (QO-201)",
    input: S_INPUT,
    events: [
      ...style((s) => s.call === "presize"),
      error("presize", serverError("The finished sizes could not be calculated")),
    ],
    walks: [styleSizes("presizing", 1)],
  },
  {
    name: "style order: Submit fails on the server (QO-128)",
    input: S_INPUT,
    events: [
      ...style((s) => s.call === "submit"),
      error("submitOrder", new ApiError(1002, "Insufficient Balance", 200)),
    ],
    walks: [styleSizes("submitting", 1)],
  },
  styleRechecked("isStyleLoaded", (c) => ({ styleOrder: { ...c.styleOrder!, product: null } })),
  styleRechecked("hasStyleFabric", (c) => ({ fabric: { ...c.fabric, code: "" } })),
  styleRechecked("isStyleFabricOffered", (c) => ({ fabric: { ...c.fabric, code: "ZZ999" } })),
  styleRechecked("areStyleCraftValuesOffered", (c) => ({
    styleOrder: { ...c.styleOrder!, values: { ...c.styleOrder!.values, "71.901": UNLISTED_LAPEL.value } },
  })),
  styleRechecked("areStyleCraftsFilled", (c) => ({
    styleOrder: { ...c.styleOrder!, values: { ...c.styleOrder!.values, "71.901": "" } },
  })),
  styleRechecked("hasStyleCustomer", (c) => ({ basic: { ...c.basic, customerName: "" } })),
];

/** The detours of each order flow, by machine id (made when asked: the step models' graphs are not small). */
export const DETOURS: Record<string, () => Detour[]> = {
  quickOrder: quickOrderDetours,
  professionalOrder: professionalDetours,
  styleOrder: styleOrderDetours,
};
