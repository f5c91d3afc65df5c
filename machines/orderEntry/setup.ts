import { assertEvent, assign, emit, enqueueActions, fromPromise, not, sendTo, setup } from "xstate";
import { editContrast, isContrastSite, type ContrastEdit } from "../../domain/contrast.ts";
import { editCrafts, hasSurcharge, syncedChoice, type CraftEdit, type CraftRefusal } from "../../domain/crafts.ts";
import { editCustomer, isBodyChange, type CustomerEdit } from "../../domain/customer.ts";
import { editMonogram, editsRow, isMonogramRow, type MonogramEdit } from "../../domain/monogram.ts";
import { editSize, isOfferedEdit, type MeasurementsEdit } from "../../domain/measurements/sizeState.ts";
import { pricedDraft } from "../../domain/orderEntry/draft.ts";
import {
  applySetup,
  initialForm,
  chooseStandard,
  needsParts,
  needsStandardSizes,
  rememberedPicks,
  withSizeLoad,
  type OrderSetup,
  type PieceParts,
  type SizeLoad,
  type StyleOption,
} from "../../domain/orderEntry/form.ts";
import { craftIndexOf, styleRefusal } from "../../domain/orderEntry/refusals.ts";
import { editStyle, furtherPieces, withStyleProduct, type StyleBought } from "../../domain/orderEntry/style.ts";
import { editPiece, isPieceEdit } from "../../domain/orderEntry/professional.ts";
import type { StandardSize } from "../../domain/measurements/standardSizes.ts";
import { serverNotice } from "../shared/messages.ts";
import { priceMachine } from "../shared/price/price.machine.ts";
import { ORDER_RULES, type OrderRule } from "./rules.ts";
import type {
  DraftInput,
  LoadMeasurementsInput,
  LoadPiecePartsInput,
  LoadSetupInput,
  LoadStandardSizesInput,
  LoadStyleInput,
  OrderEntryContext,
  OrderEntryEmitted,
  OrderEntryEvent,
  OrderEntryInput,
  OrderEntryNotice,
  OrderSaved,
  OrderSubmitted,
  StyleLoad,
} from "./types.ts";

/** The context of a new order entry (quick and simple orders share it, so buildDraft applies to both). */
export const initialContext = (input: OrderEntryInput): OrderEntryContext => ({
  ...initialForm(input),
  refusal: null,
  priceTip: null,
  outcome: null,
});

/** QO-083, QO-084: only a new order's picks are remembered for its category (an opened order keeps its own). */
const keepsPicks = (context: OrderEntryContext) => context.mode === "new";

/** QO-038: the price tip of a chosen option shows for 3 seconds. */
export const PRICE_TIP_MS = 3000;

/** The option a craft toggle would leave chosen, or null (a toggle that deselects, or one the crafts rules refuse). */
function toggledOn(context: OrderEntryContext, event: OrderEntryEvent): number | null {
  if (event.type !== "user.toggleOption" || context.crafts.selected.includes(event.id)) return null;
  const result = editCrafts(craftIndexOf(context), context.crafts, event, context.categoryId);
  return !result.refusal && result.crafts.selected.includes(event.id) ? event.id : null;
}

/** A failed call's notice: the server's message, or "order.failed". */
export const orderFailure = (error: unknown): OrderEntryNotice => serverNotice(error, "order.failed" as const);

/** The guards of the rules (`hasFabric`, ...): each holds when its rule finds nothing to refuse. */
const ruleGuards = Object.fromEntries(
  (Object.keys(ORDER_RULES) as OrderRule[]).map((rule) => [
    rule,
    ({ context }: { context: OrderEntryContext }) => ORDER_RULES[rule](context) === null,
  ]),
) as Record<OrderRule, (args: { context: OrderEntryContext }) => boolean>;

/** A crafts edit's refusal (QO-151) shows; a later accepted edit takes it away. */
const CRAFT_EDIT_REFUSALS: ReadonlySet<string> = new Set<CraftRefusal["key"]>(["craft.seriesFirst"]);

/**
 * The event types each form reducer takes, listed once: a record keyed by the reducer's event union, so a
 * type added to the union and not here is a type error. The actions narrow their event with `assertEvent`.
 */
const eventTypes = <T extends string>(types: Record<T, true>) => Object.keys(types) as T[];
const CUSTOMER_EDITS = eventTypes<CustomerEdit["type"]>({
  "user.edit": true,
  "user.pickCustomer": true,
  "user.setHeightUnit": true,
  "user.setWeightUnit": true,
  "user.setGender": true,
  "user.setAmount": true,
  "user.setBirthday": true,
});
const CRAFT_EDITS = eventTypes<CraftEdit["type"]>({
  "user.toggleOption": true,
  "user.setText": true,
  "user.attachFile": true,
  "user.pickAccessory": true,
  "user.setAccessoryValue": true,
});
// "monogram.clear" is the domain's own edit (a removed accessory series clears the rows), never a user's event
const MONOGRAM_EDITS = eventTypes<Exclude<MonogramEdit["type"], "monogram.clear">>({
  "user.addMonogram": true,
  "user.removeMonogram": true,
  "user.pickMonogramOption": true,
  "user.setMonogramText": true,
  "user.attachMonogramFile": true,
  "user.editMonogram": true,
});
const CONTRAST_EDITS = eventTypes<ContrastEdit["type"]>({
  "user.editContrast": true,
  "user.toggleContrastPosition": true,
  "user.pickContrastFabric": true,
  "user.setContrastText": true,
});
const SIZE_EDITS = eventTypes<MeasurementsEdit["type"]>({
  "user.setMeasure": true,
  "user.pickPosture": true,
  "user.pickStandardSize": true,
});

/**
 * The order-entry setup every order flow composes (machines/quickOrder, machines/newOrder): the
 * actors (named here, bound to the API client by the feature), the rule guards, and the actions that
 * apply the domain's reducers to the context.
 */
export const orderEntrySetup = setup({
  types: {
    context: {} as OrderEntryContext,
    events: {} as OrderEntryEvent,
    input: {} as OrderEntryInput,
    tags: {} as "pending" | "checkingStock" | "loadingParts" | "presizing" | "loadingStandard" | "loadingPiece",
    emitted: {} as OrderEntryEmitted,
  },
  delays: { PRICE_TIP: PRICE_TIP_MS },
  actors: {
    price: priceMachine,
    loadSetup: fromPromise<OrderSetup, LoadSetupInput>(async () => {
      throw new Error("loadSetup actor not provided");
    }),
    checkStock: fromPromise<{ inStock: boolean }, { code: string }>(async () => {
      throw new Error("checkStock actor not provided");
    }),
    loadMeasurements: fromPromise<SizeLoad, LoadMeasurementsInput>(async () => {
      throw new Error("loadMeasurements actor not provided");
    }),
    loadPieceParts: fromPromise<PieceParts, LoadPiecePartsInput>(async () => {
      throw new Error("loadPieceParts actor not provided");
    }),
    loadStandardSizes: fromPromise<StandardSize[], LoadStandardSizesInput>(async () => {
      throw new Error("loadStandardSizes actor not provided");
    }),
    presize: fromPromise<Record<number, string>, DraftInput>(async () => {
      throw new Error("presize actor not provided");
    }),
    saveOrder: fromPromise<OrderSaved, DraftInput>(async () => {
      throw new Error("saveOrder actor not provided");
    }),
    submitOrder: fromPromise<OrderSubmitted, DraftInput>(async () => {
      throw new Error("submitOrder actor not provided");
    }),
    // QO-093: the base styles of the category (the simple order's step 3)
    loadStyles: fromPromise<StyleOption[], { categoryId: number }>(async () => {
      throw new Error("loadStyles actor not provided");
    }),
    // SO-024: the style order's style and its category's setup
    loadStyle: fromPromise<StyleLoad, LoadStyleInput>(async () => {
      throw new Error("loadStyle actor not provided");
    }),
    // SO-027: the server's check of the style order's Buy, with its price
    buyStyle: fromPromise<StyleBought, DraftInput>(async () => {
      throw new Error("buyStyle actor not provided");
    }),
  },
  actions: {
    /** The one action that records a refusal: the named rule's message key, values and field. */
    refuse: assign({ refusal: ({ context }, params: { rule: OrderRule }) => ORDER_RULES[params.rule](context) }),
    clearRefusal: assign({ refusal: null }),
    // QO-038: the chosen priced option's surcharge shows as a tip
    showPriceTip: assign({ priceTip: ({ event }) => (event.type === "user.toggleOption" ? event.id : null) }),
    hidePriceTip: assign({ priceTip: null }),
    failed: assign({ refusal: ({ event }) => orderFailure((event as { error?: unknown }).error) }),
    // QO-021, QO-022: the fabric code typed or picked; its stock is not known yet (QO-163)
    takeFabricCode: assign({
      fabric: ({ context, event }) =>
        event.type === "user.typeFabric" || event.type === "user.pickFabric"
          ? { ...context.fabric, code: event.code, inStock: null }
          : context.fabric,
    }),
    // QO-111: the price child recalculates the garment 1000 ms after the fabric changes ...
    quoteFabric: sendTo("price", ({ context }) => ({
      type: "fabric.changed" as const,
      source: context.fabric.source,
      code: context.fabric.code,
    })),
    quoteNoFabric: sendTo("price", ({ context }) => ({
      type: "fabric.changed" as const,
      source: context.fabric.source,
      code: "",
    })),
    // ... and the order 1000 ms after its priced draft changes (the child drops a draft equal to the last)
    quoteOrder: sendTo("price", ({ context }) => ({ type: "draft.changed" as const, draft: pricedDraft(context) })),
    // QO-083: the picks the per-category cache keeps, told to whoever keeps it; QO-084: a new order's only
    rememberPicks: enqueueActions(({ context, enqueue }) => {
      if (!keepsPicks(context)) return;
      enqueue.emit({ type: "picks.changed" as const, categoryId: context.categoryId, picks: rememberedPicks(context) });
    }),
    // QO-083: a saved or submitted new order takes its picks with it (the next one of the category starts afresh)
    settlePicks: enqueueActions(({ context, enqueue }) => {
      if (keepsPicks(context)) enqueue.emit({ type: "picks.settled" as const, categoryId: context.categoryId });
    }),
    // the loaded setup, given by the loading state's onDone (`params: ({ event }) => event.output`)
    applySetup: assign(({ context }, loaded: OrderSetup) => applySetup(context, loaded)),
    // SO-024: the style loaded: the order is made in its category, from its setup, with its crafts' presets
    applyStyle: assign(({ context }, { product, setup, values }: StyleLoad) => {
      const applied = applySetup({ ...context, categoryId: product.categoryId }, setup);
      // SO-016: the style's further pieces are measured as the add-products of its first piece (QO-040)
      const pieces = furtherPieces(product).map((categoryId) => ({ categoryId, name: "", parts: [] }));
      return {
        ...applied,
        categoryId: product.categoryId,
        size: { ...(applied.size ?? context.size), pieces },
        // QO-085, QO-086: an opened order's craft values
        styleOrder: withStyleProduct(product, values),
      };
    }),
    // SO-027: the checked Buy's price
    takeBought: assign(({ context }, bought: StyleBought) =>
      context.styleOrder ? { styleOrder: { ...context.styleOrder, bought } } : {},
    ),
    // SO-006: another fabric needs Buy again
    dropBought: assign(({ context }) =>
      context.styleOrder?.bought ? { styleOrder: { ...context.styleOrder, bought: null } } : {},
    ),
    // SO-009: a style craft's value
    editStyle: assign(({ context, event }) =>
      context.styleOrder && event.type === "user.setStyleCraft"
        ? { styleOrder: editStyle(context.styleOrder, event) }
        : {},
    ),
    // QO-011..020, QO-103, QO-104; QO-097: a change to the body data needs the pre-calculation again
    editCustomer: assign(({ context, event }) => {
      assertEvent(event, CUSTOMER_EDITS);
      const basic = editCustomer(context.basic, event);
      return { basic, size: isBodyChange(context.basic, basic) ? { ...context.size, presized: false } : context.size };
    }),
    // QO-112..121, QO-136, QO-150, QO-151; QO-120: removing the accessory series clears the embroidery
    editCrafts: assign(({ context, event }) => {
      assertEvent(event, CRAFT_EDITS);
      const result = editCrafts(craftIndexOf(context), context.crafts, event, context.categoryId);
      if (result.refusal) return { refusal: result.refusal };
      const kept =
        event.type === "user.pickAccessory" || (context.refusal && CRAFT_EDIT_REFUSALS.has(context.refusal.key))
          ? null
          : context.refusal;
      return {
        crafts: result.crafts,
        refusal: kept,
        ...(result.clearedEmbroidery ? { monogram: [] } : {}),
      };
    }),
    // QO-032..034, QO-152: a refused position ("position already exists") is shown
    editMonogram: assign(({ context, event }) => {
      assertEvent(event, MONOGRAM_EDITS);
      const result = editMonogram(context.monogram, event);
      return { monogram: result.rows, refusal: result.refusal ?? context.refusal };
    }),
    // PO-002: a further piece's crafts or monogram rows, under the same rules as the order's own category
    editPiece: assign(({ context, event }) => {
      if (event.type !== "user.editPiece") return {};
      const result = editPiece(context, event.piece, event.edit);
      return { pieceCrafts: result.pieceCrafts, refusal: result.refusal ?? context.refusal };
    }),
    // QO-035, QO-036
    editContrast: assign(({ context, event }) => {
      assertEvent(event, CONTRAST_EDITS);
      return { contrast: editContrast(context.contrast, event, context.setup?.contrastSites) };
    }),
    // QO-096, QO-100, QO-097: the edits of the loaded measurements
    editSize: assign(({ context, event }) => {
      assertEvent(event, SIZE_EDITS);
      return { size: editSize(context.size, context.basic.heightUnit, event) };
    }),
    // QO-100: another size area or shape empties the size list, the chosen size and its values
    chooseStandard: assign({
      size: ({ context, event }) =>
        chooseStandard(context.size, {
          ...(event.type === "user.selectSizeArea" ? { areaId: event.sizeAreaId } : {}),
          ...(event.type === "user.selectShape" ? { shape: event.shape } : {}),
        }),
    }),
    // QO-096, QO-099, QO-100, QO-103, QO-087, QO-040
    applySizeLoad: assign(({ context }, loaded: SizeLoad) => ({ size: withSizeLoad(context, loaded) })),
    // QO-018: the sync icon of a COPY accessory tells the page to remember the choice for the other categories
    syncAccessory: emit(({ context, event }) => {
      const index = craftIndexOf(context);
      const groupId = event.type === "user.syncAccessory" ? event.groupId : 0;
      const choice = syncedChoice(index, context.crafts.selected, groupId)!;
      return {
        type: "accessory.synced" as const,
        group: choice.group,
        option: choice.option,
        name: index.byId.get(groupId)?.name ?? "",
      };
    }),
    // QO-093: the chosen base style
    pickStyle: assign({
      styleBasic: ({ context, event }) => ({
        ...context.styleBasic,
        chosen: event.type === "user.pickStyle" ? event.styleBasicId : context.styleBasic.chosen,
      }),
      refusal: null,
    }),
    // QO-093: a base style that does not offer a chosen craft is refused
    refuseStyle: assign({
      refusal: ({ context, event }) =>
        event.type === "user.pickStyle" ? styleRefusal(context, event.styleBasicId) : styleRefusal(context),
    }),
  },
  guards: {
    ...ruleGuards,
    isSystemFabric: ({ context }) => context.fabric.source === "sys",
    // QO-038: the toggle chooses an option with a surcharge (its price shows as a tip)
    choosesPricedOption: ({ context, event }) => {
      const id = toggledOn(context, event);
      const node = id === null ? undefined : craftIndexOf(context).byId.get(id);
      return node !== undefined && hasSurcharge(node);
    },
    // QO-038: the toggle leaves the tipped option unchosen (itself again, or a RADIO sibling), so its tip goes
    dropsPriceTip: ({ context, event }) => {
      if (event.type !== "user.toggleOption" || context.priceTip === null) return false;
      const result = editCrafts(craftIndexOf(context), context.crafts, event, context.categoryId);
      return !result.refusal && !result.crafts.selected.includes(context.priceTip);
    },
    // QO-018: only a COPY accessory with a chosen option can be synced
    hasSyncableChoice: ({ context, event }) =>
      event.type === "user.syncAccessory" &&
      syncedChoice(craftIndexOf(context), context.crafts.selected, event.groupId) !== null,
    // Only an existing monogram row can be edited or removed
    isMonogramRow: ({ context, event }) => editsRow(event) && isMonogramRow(context.monogram, event.index),
    // PO-002: only a further piece of the order, and only an existing row of it
    isPieceEdit: ({ context, event }) =>
      event.type === "user.editPiece" && isPieceEdit(context, event.piece, event.edit),
    // Only a contrast site of the category can be edited
    isContrastSite: ({ context, event }) =>
      (event.type === "user.editContrast" ||
        event.type === "user.toggleContrastPosition" ||
        event.type === "user.pickContrastFabric" ||
        event.type === "user.setContrastText") &&
      isContrastSite(context.contrast, event),
    // QO-096: only a detail of a loaded posture spec; QO-100: only a size of the loaded list
    isOfferedMeasurementEdit: ({ context, event }) =>
      (event.type === "user.pickPosture" ||
        event.type === "user.pickStandardSize" ||
        event.type === "user.setMeasure") &&
      isOfferedEdit(context.size, event),
    // QO-091: the chosen method's measurements are missing (a failed load) and can be loaded again
    isMeasurementsMissing: ({ context }) => context.size.method !== null && context.size.parts.length === 0,
    // QO-093: the picked base style offers every chosen craft
    isPickedStyleOffered: ({ context, event }) =>
      event.type === "user.pickStyle" && styleRefusal(context, event.styleBasicId) === null,
    // The main parts and every chosen add-product's parts are loaded for the method, customer and unit
    needsParts: ({ context }) => needsParts(context),
    // QO-100: with a size area and a shape chosen (or restored, QO-087) the size list is loaded
    needsStandardSizes: ({ context }) => needsStandardSizes(context),
    // QO-100: the event completes the size area and shape pair
    completesStandardChoice: ({ context, event }) => {
      const { areaId, shape } = context.size.standard;
      if (event.type === "user.selectSizeArea") return shape !== null;
      if (event.type === "user.selectShape") return areaId !== null;
      return false;
    },
    // QO-040: only an add-product the category offers (isAdd) can be chosen
    isOfferedAddProduct: ({ context, event }) =>
      event.type === "user.toggleAddProduct" && context.size.addable.some((a) => a.id === event.categoryId),
    // QO-040: choosing an added piece again removes it
    isAddedPiece: ({ context, event }) =>
      event.type === "user.toggleAddProduct" && context.size.pieces.some((p) => p.categoryId === event.categoryId),
  },
});

/**
 * The transitions of a checked step change: for each rule in order, "when it does not hold, record
 * its refusal"; then `then` (the step change itself). The chart reads `not(hasFabric) → refuse`.
 */
export const checked = <const T extends object>(rules: readonly OrderRule[], then: T): T[] =>
  [
    ...rules.map((rule) => ({ guard: not(rule), actions: { type: "refuse" as const, params: { rule } } })),
    then,
    // the rule transitions are typed by the setup's guards and actions; the step change's type stands for all
  ] as unknown as T[];
