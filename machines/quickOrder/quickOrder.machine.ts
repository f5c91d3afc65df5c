import { assign, emit, fromPromise, sendTo, setup } from "xstate";
import { serverMessage, serverNotice, type Notice } from "../shared/messages.ts";
import { craftsMachine, type CraftsChanged } from "../shared/crafts/crafts.machine.ts";
import {
  customerMachine,
  emptyBasic,
  isBodyChange,
  type BasicInfoForm,
  type CustomerChanged,
  type CustomerEvent,
} from "../shared/customer/customer.machine.ts";
import { monogramMachine, type MonogramChanged, type MonogramEvent } from "../shared/monogram/monogram.machine.ts";
import { contrastMachine, type ContrastChanged, type ContrastEvent } from "../shared/contrast/contrast.machine.ts";
import { priceMachine } from "../shared/price/price.machine.ts";
import {
  emptySize,
  measurementsMachine,
  pieceValuesOf,
  type MeasurementsChanged,
  type MeasurementsEvent,
  type SizeState,
} from "../shared/measurements/measurements.machine.ts";
import { watchPricedDraft, type DraftChanged } from "./draft.ts";
import { defaultSelection, radioConflict, unfinishedText, type CraftNode } from "../shared/crafts/craftTree.ts";
import { defaultGender, firstBasicInfoRefusal } from "../shared/customer/customerRules.ts";
import { firstMonogramRefusal, type MonogramRow } from "../shared/monogram/monogramRules.ts";
import { firstContrastRefusal, type ContrastPick } from "../shared/contrast/contrastRules.ts";
import { firstSizeRefusal, parseMeasure, type MeasurePart } from "../shared/measurements/sizeRules.ts";
import { convertBounded, convertLength, DEFAULT_HEIGHT_UNIT } from "../shared/measurements/units.ts";
import { applySyncedChoices, chooseInGroup, incompleteAccessory, syncedChoice } from "../shared/crafts/craftTree.ts";
import { initialPostureChoices, type PostureSpec } from "../shared/measurements/posture.ts";
import {
  emptyStandard,
  firstStandardRefusal,
  sizeMatching,
  valuesOfStandard,
  type NamedId,
  type StandardChoices,
  type StandardSize,
} from "../shared/measurements/standardSizes.ts";
import { craftIndexOf, disabledPartsOf, SIZE_METHOD } from "./entryRules.ts";
export { disabledPartsOf, QUICK_ORDER_TYPE, SIZE_METHOD } from "./entryRules.ts";

export type { BasicInfoForm, CustomerPick } from "../shared/customer/customer.machine.ts";
export { emptySize, type AddedPiece, type SizeState } from "../shared/measurements/measurements.machine.ts";

export interface ContrastSiteOption {
  id: number;
  name: string;
  positions: Array<{ id: number; name: string; price: string }>;
  fabrics: Array<{ id: number; code: string; name: string; sourceType: "IMAGE" | "TEXT"; price: string }>;
}

/** An existing order to continue (QO-085, QO-086): the screen's state as saved. */
export interface LoadedOrder {
  orderCode: string;
  basic: BasicInfoForm;
  fabric: { source: "sys" | "cus"; code: string };
  crafts: { selected: number[]; texts: Record<number, string> };
  monogram: MonogramRow[];
  /** Contrast picks, matched to the category's sites by their positions. */
  contrast: Array<{ positions: number[]; chooseFabric: number | null; text: string }>;
  size: {
    method: number | null;
    values: Record<number, string>;
    bodyTypes: number[];
    sizeAreaId: number | null;
    shape: number | null;
    /** QO-040: the garment categories of the add-products (the draft's further pieces). */
    pieces: number[];
  };
  /** QO-093: the base style the order was saved on, if any. */
  styleBasicId?: number | null;
}

/** QO-093: a base style (pattern block) of the category, and the crafts it does not offer. */
export interface StyleOption {
  id: number;
  name: string;
  description: string;
  isDefault: 0 | 1;
  excludedCraftIds: number[];
}

/** How the page was opened (000 §2.1): a new order, an edit, a pending order's edit, or buy again. */
export type OrderMode = "new" | "edit" | "pending" | "buyagain";

export interface QuickOrderSetup {
  ecode: string;
  /** Present when an existing order was opened. */
  order?: LoadedOrder;
  tree: CraftNode[];
  methods: number[];
  /** QO-035: contrast sites with their positions and contrast fabrics. */
  contrastSites?: ContrastSiteOption[];
  /** QO-083, QO-084: what the user last picked in this category (the per-category cache), for a new order. */
  remembered?: RememberedPicks;
  /** QO-018: COPY accessory choices synced from another category (group code → option code), newer than `remembered`. */
  synced?: Record<string, string>;
}

/** QO-083: the picks the per-garment-category cache keeps: crafts, contrast and monogram rows. */
export interface RememberedPicks {
  crafts: { selected: number[]; texts: Record<number, string> };
  contrast: ContrastPick[];
  monogram: MonogramRow[];
}

/** QO-018: emitted when the user syncs a COPY accessory to the other garment categories. */
export type AccessorySynced = { type: "accessory.synced"; group: string; option: string; name: string };

export interface FabricChoice {
  /** QO-065: "sys" = MTM (our stock), "cus" = CMT (the customer's own fabric). */
  source: "sys" | "cus";
  code: string;
  /** null until a stock answer came back for `code`. */
  inStock: boolean | null;
}

/** The measurement parts of an add-product's category for the method (in cm, as loaded). */
export interface PieceParts {
  categoryId: number;
  parts: MeasurePart[];
}

/**
 * What step 3 loads for a method: its parts, its posture specs and, for 10054, the size-area and
 * shape buttons; the add-products offered (QO-040) and the parts of those already chosen.
 */
export interface SizeLoad {
  parts: MeasurePart[];
  postures: PostureSpec[];
  standard: StandardChoices | null;
  addable: NamedId[];
  pieces: PieceParts[];
}

/** QO-103: parts come in cm; with inches the bounds, defaults and stored values convert. */
const partsInUnit = (context: QuickOrderContext, parts: readonly MeasurePart[]): MeasurePart[] => {
  const toUnit = lengthOf(context);
  return parts.map((p) => ({
    ...convertBounded(p, toUnit),
    inputValue: p.inputValue == null ? p.inputValue : toUnit(p.inputValue),
  }));
};

/** The stored values (a chosen customer's sizes) of parts, as the inputs show them. */
const storedValues = (parts: readonly MeasurePart[]): Record<number, string> =>
  Object.fromEntries(parts.filter((p) => p.inputValue != null).map((p) => [p.id, String(p.inputValue)]));

/** The screen's length unit for values given in cm (parts, standard sizes). */
const lengthOf = (context: QuickOrderContext) => (n: number) =>
  convertLength(n, DEFAULT_HEIGHT_UNIT, context.basic.heightUnit);

/** The parts depend on the method, the customer (stored sizes) and the length unit (bounds). */
const partsKey = (context: QuickOrderContext) =>
  `${context.size.method}|${context.basic.customerId ?? ""}|${context.basic.heightUnit}`;

/** QO-103: typed values carried into another length unit (non-numbers stay as typed). */
const valuesInUnit = (values: Record<number, string>, from: number, to: number): Record<number, string> =>
  from === to
    ? values
    : Object.fromEntries(
        Object.entries(values).map(([id, v]) => {
          const n = parseMeasure(v);
          return [id, n === null ? v : String(convertLength(n, from, to))];
        }),
      );

export type QuickOrderMessageKey =
  | "customer.nameRequired"
  | "customer.nicknameRequired"
  | "customer.heightRequired"
  | "customer.weightRequired"
  | "customer.weightUnitRequired"
  | "customer.genderRequired"
  | "order.fabricRequired"
  | "fabric.outOfStock"
  | "craft.seriesFirst"
  | "craft.multipleRadio"
  | "craft.notFinished"
  | "craft.fileMissing"
  | "accessory.incomplete"
  | "craft.notForStyle"
  | "monogram.missing"
  | "monogram.duplicateSite"
  | "contrast.fabricRequired"
  | "contrast.textRequired"
  | "size.required"
  | "size.outOfRange"
  | "size.presizeFirst"
  | "size.notLoaded"
  | "size.reloaded"
  | "size.areaRequired"
  | "size.shapeRequired"
  | "size.standardRequired"
  | "order.failed";

export type QuickOrderNotice = Notice<QuickOrderMessageKey> & Record<string, unknown>;

export interface QuickOrderContext {
  categoryId: number;
  mode: OrderMode;
  /** The order being changed; empty for a new order and for buy again (QO-086). */
  orderId: string;
  /** QO-008: shown once the order exists. */
  orderCode: string;
  setup: QuickOrderSetup | null;
  basic: BasicInfoForm;
  fabric: FabricChoice;
  crafts: { selected: number[]; texts: Record<number, string> };
  monogram: MonogramRow[];
  contrast: ContrastPick[];
  size: SizeState;
  /** QO-093: the base styles the simple order's step 3 loads, and the chosen one (null: none). */
  styleBasic: { options: StyleOption[]; chosen: number | null };
  refusal: QuickOrderNotice | null;
  /** Where the finished order went (QO-124..127). */
  outcome: {
    to: "/saveItems" | "/underProduction" | "/myOrder";
    failed: boolean;
    /** API-007: the server's message and the order's number, said before navigating. */
    message?: string;
    orderCode?: string;
  } | null;
}

export type QuickOrderEvent =
  /** The customer form's edits (the customer child machine takes them, QO-011..020). */
  | CustomerEvent
  | { type: "user.setFabricSource"; source: "sys" | "cus" }
  | { type: "user.typeFabric"; code: string }
  | { type: "user.clearFabric" }
  | { type: "user.pickFabric"; code: string }
  /** QO-017: an accessory selector of step 1 (null removes the choice). */
  | { type: "user.pickAccessory"; groupId: number; optionId: number | null }
  /** QO-136: the value (TEXT) or uploaded picture id (FILE) of a chosen accessory option. */
  | { type: "user.setAccessoryValue"; id: number; value: string }
  /** QO-018: the sync icon of a COPY accessory. */
  | { type: "user.syncAccessory"; groupId: number }
  /** QO-093: a base style of the simple order's step 3. */
  | { type: "user.pickStyle"; styleBasicId: number }
  /** After a failed load: the same method's measurements again, keeping what is in the size state. */
  | { type: "user.reloadMeasurements" }
  /** The monogram rows' and the contrast picks' edits (their child machines take them). */
  | Exclude<MonogramEvent, { type: "monogram.clear" }>
  | ContrastEvent
  | { type: "user.selectMethod"; method: number }
  | { type: "user.presize" }
  | { type: "user.selectSizeArea"; sizeAreaId: number }
  | { type: "user.selectShape"; shape: number }
  /** The edits of the loaded measurements (the measurements child machine takes them). */
  | MeasurementsEvent
  /** QO-040: an add-product's checkbox: adds the extra piece (loading its parts) or removes it with its values. */
  | { type: "user.toggleAddProduct"; categoryId: number }
  | { type: "user.next" }
  | { type: "user.previous" }
  | { type: "user.save" }
  | { type: "user.submit" }
  | { type: "user.dismissRefusal" }
  /** What the child machines tell the order after every change. */
  | CraftsChanged
  | CustomerChanged
  | MonogramChanged
  | ContrastChanged
  | MeasurementsChanged
  | DraftChanged;

/** QO-166: a saved order; API-007: with the server's message and the order number when the server sent them. */
export interface OrderSaved {
  orderId: string;
  orderCode?: string;
  message?: string;
}
/** QO-167: a submitted order; `failed` when its result sign is "fail" (QO-127). */
export interface OrderSubmitted {
  failed: boolean;
  orderCode?: string;
  message?: string;
}

export interface DraftInput {
  context: QuickOrderContext;
}

const orderFailure = (error: unknown): QuickOrderNotice => serverNotice<QuickOrderMessageKey>(error, "order.failed");

/** Customer fields (QO-130..133, D-06): the first missing one; the fabric last (QO-134). */
export function customerRefusal(context: QuickOrderContext): QuickOrderNotice | null {
  return firstBasicInfoRefusal({ ...context.basic, fabric: context.fabric.code });
}

/** The fabric (QO-134): picked, and for our stock in stock (QO-149, QO-163). */
export function fabricRefusal(context: QuickOrderContext): QuickOrderNotice | null {
  if (!context.fabric.code.trim()) return { key: "order.fabricRequired" };
  // QO-163: a fabric from our stock must be picked and in stock (a check still running counts as not yet)
  if (context.fabric.source === "sys" && context.fabric.inStock === false) return { key: "fabric.outOfStock" };
  if (context.fabric.source === "sys" && context.fabric.inStock !== true) return { key: "order.fabricRequired" };
  return null;
}

/** QO-136: a chosen accessory that takes a value or a picture and has none. */
export function accessoryRefusal(context: QuickOrderContext): QuickOrderNotice | null {
  return incompleteAccessory(craftIndexOf(context), context.categoryId, context.crafts.selected, context.crafts.texts);
}

/** The first step-1 refusal of the quick order (QO-130..136): customer fields, the fabric and its stock, then the accessories. */
export function step1Refusal(context: QuickOrderContext): QuickOrderNotice | null {
  return customerRefusal(context) ?? fabricRefusal(context) ?? accessoryRefusal(context);
}

/** QO-093: the first chosen craft the base style does not offer. */
export function styleRefusal(
  context: QuickOrderContext,
  styleBasicId = context.styleBasic.chosen,
): QuickOrderNotice | null {
  const style = context.styleBasic.options.find((o) => o.id === styleBasicId);
  if (!style) return null;
  const index = craftIndexOf(context);
  const excluded = new Set(style.excludedCraftIds);
  const offending = context.crafts.selected.find((id) => excluded.has(id));
  return offending === undefined
    ? null
    : { key: "craft.notForStyle", craft: index.byId.get(offending)?.name ?? String(offending), style: style.name };
}

/** QO-083: the picks of a context, as the per-category cache keeps them. */
export const rememberedPicks = (context: QuickOrderContext): RememberedPicks => ({
  crafts: context.crafts,
  contrast: context.contrast,
  monogram: context.monogram,
});

/** The first craft-step refusal: crafts (QO-145, QO-150), monogram (QO-137..142), contrast (QO-143, QO-144). */
export function step2Refusal(context: QuickOrderContext): QuickOrderNotice | null {
  const index = craftIndexOf(context);
  return (
    radioConflict(index, context.crafts.selected) ??
    unfinishedText(index, context.crafts.selected, context.crafts.texts) ??
    firstMonogramRefusal(context.monogram, context.categoryId) ??
    firstContrastRefusal(context.contrast)
  );
}

/** The first size refusal: sizes (QO-147, QO-148) and the pre-calculation (QO-097, QO-162). */
export function step3Refusal(context: QuickOrderContext, forSubmit: boolean): QuickOrderNotice | null {
  // Every method needs its parts; a failed (or unsupported) load must not let an order without sizes through.
  if (context.size.method !== null && context.size.parts.length === 0) return { key: "size.notLoaded" };
  // QO-100: standard sizes need a size area, a shape and a size (QO-087: or the opened order's saved size)
  if (context.size.method === SIZE_METHOD.standard) {
    const standard = firstStandardRefusal(context.size.standard, context.size.editOnce);
    if (standard) return standard;
  }
  const disabled = disabledPartsOf(context);
  const sizes = firstSizeRefusal(context.size.parts, context.size.values, disabled);
  if (sizes) return sizes;
  // QO-040, QO-147, QO-148: each add-product's parts (the crafts disable parts of the main piece only)
  for (const piece of context.size.pieces) {
    if (piece.parts.length === 0) return { key: "size.notLoaded" };
    const refusal = firstSizeRefusal(piece.parts, context.size.values, new Set());
    if (refusal) return { ...refusal, piece: piece.name };
  }
  if (forSubmit && context.size.method === SIZE_METHOD.body && !context.size.presized)
    return { key: "size.presizeFirst" };
  return null;
}

export interface OrderEntryInput {
  categoryId: number;
  orderId?: string;
  mode?: OrderMode;
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
  pieces: number[];
}
/** QO-040: the parts of one add-product's category for the method (a customer's stored values with them). */
export interface LoadPiecePartsInput {
  categoryId: number;
  method: number;
  customerId: number | null;
}
export interface LoadStandardSizesInput {
  categoryId: number;
  sizeAreaId: number;
  shape: number;
}

/** The context of a new order entry screen (quick and simple orders share it, so buildDraft applies to both). */
export const initialContext = (input: OrderEntryInput): QuickOrderContext => ({
  categoryId: input.categoryId,
  mode: input.mode ?? "new",
  orderId: input.orderId ?? "",
  orderCode: "",
  setup: null,
  basic: emptyBasic(),
  fabric: { source: "sys", code: "", inStock: null },
  crafts: { selected: [], texts: {} },
  monogram: [],
  contrast: [],
  size: emptySize(null),
  styleBasic: { options: [], chosen: null },
  refusal: null,
  outcome: null,
});

/** What the loaded setup (and an opened order) makes of the context (QO-085, QO-086, QO-094, QO-114, QO-122). */
export function applySetup(context: QuickOrderContext, setup: QuickOrderSetup): Partial<QuickOrderContext> {
  const sites = setup.contrastSites ?? [];
  const fresh = {
    setup,
    // QO-122, QO-123: gender by the category's code
    basic: { ...context.basic, genderId: defaultGender(setup.ecode) },
    // QO-114, QO-116: a new order starts from the defaults; QO-084: or from what the user last picked
    // in this category; QO-018: synced COPY accessories apply on top
    crafts: {
      selected: applySyncedChoices(
        setup.tree,
        setup.remembered?.crafts.selected ?? defaultSelection(setup.tree),
        setup.synced ?? {},
        context.categoryId,
      ),
      texts: setup.remembered?.crafts.texts ?? {},
    },
    monogram: setup.remembered?.monogram ?? [],
    // QO-094, QO-095: the first measurement method on a new order
    size: { ...context.size, method: setup.methods[0] ?? null },
    // QO-035: one contrast pick per site, empty until the user chooses positions (QO-084: or as remembered)
    // (matched by position ids, which do not change with the language)
    contrast: sites.map((site) => {
      const kept = setup.remembered?.contrast.find((c) =>
        c.positions.some((id) => site.positions.some((p) => p.id === id)),
      );
      return kept
        ? { ...kept, siteName: site.name }
        : {
            siteName: site.name,
            positions: [] as number[],
            fabricKind: null,
            chooseFabric: null,
            chooseFabricCode: "",
            text: "",
          };
    }),
  };
  const order = setup.order;
  if (!order) return fresh;
  // QO-085, QO-086: an opened order comes back as it was saved; buy again keeps no order id.
  return {
    ...fresh,
    orderId: context.mode === "buyagain" ? "" : context.orderId,
    orderCode: context.mode === "buyagain" ? "" : order.orderCode,
    // QO-093: the base style it was saved on
    styleBasic: { ...context.styleBasic, chosen: order.styleBasicId ?? null },
    basic: order.basic,
    // The server checks the stock again on save; the saved fabric counts as picked.
    fabric: { ...order.fabric, inStock: order.fabric.source === "sys" ? true : null },
    crafts: order.crafts,
    monogram: order.monogram,
    contrast: sites.map((site) => {
      const saved = order.contrast.find((c) => c.positions.some((id) => site.positions.some((p) => p.id === id)));
      const fabric = site.fabrics.find((f) => f.id === saved?.chooseFabric);
      return {
        siteName: site.name,
        positions: saved?.positions ?? [],
        fabricKind: fabric?.sourceType ?? null,
        chooseFabric: saved?.chooseFabric ?? null,
        chooseFabricCode: fabric?.code ?? "",
        text: saved?.text ?? "",
      };
    }),
    size: {
      ...context.size,
      method: order.size.method ?? setup.methods[0] ?? null,
      values: order.size.values,
      // QO-096: the saved posture choices win over the specs' preselection on the first load
      bodyTypes: order.size.bodyTypes,
      standard: { ...emptyStandard(), areaId: order.size.sizeAreaId, shape: order.size.shape },
      // QO-087: an order with standard sizes is opened with its saved size standing
      editOnce: order.size.method === SIZE_METHOD.standard,
      // QO-040: the add-products come back; their names and parts arrive with the first load
      pieces: order.size.pieces.map((categoryId) => ({ categoryId, name: "", parts: [] })),
    },
  };
}

/**
 * The order-entry setup shared by the quick order (three steps) and the simple order (four steps,
 * machines/newOrder): the same actors (bound once, `orderEntryActors`), guards and actions.
 */
export const orderEntrySetup = setup({
  types: {
    context: {} as QuickOrderContext,
    events: {} as QuickOrderEvent,
    input: {} as OrderEntryInput,
    tags: {} as "pending" | "checkingStock" | "loadingParts" | "presizing" | "loadingStandard" | "loadingPiece",
    emitted: {} as AccessorySynced,
  },
  actors: {
    crafts: craftsMachine,
    customer: customerMachine,
    monogram: monogramMachine,
    contrast: contrastMachine,
    measurements: measurementsMachine,
    price: priceMachine,
    watchDraft: watchPricedDraft,
    loadSetup: fromPromise<QuickOrderSetup, LoadSetupInput>(async () => {
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
  },
  actions: {
    // QO-111: the price child recalculates 1000 ms after the fabric changes
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
    clearRefusal: assign({ refusal: null }),
    // QO-100: another size area or shape empties the size list, the chosen size and its values (QO-087: the saved size no longer stands)
    chooseStandard: assign({
      size: ({ context, event }) => ({
        ...context.size,
        standard: {
          ...context.size.standard,
          ...(event.type === "user.selectSizeArea" ? { areaId: event.sizeAreaId } : {}),
          ...(event.type === "user.selectShape" ? { shape: event.shape } : {}),
          sizes: [],
          sizeId: null,
        },
        // the main piece's values go with the old choice; the add-products keep theirs
        values: pieceValuesOf(context.size),
        presized: false,
        editOnce: false,
      }),
    }),
    // The parts, posture specs and standard choices of the method (QO-096, QO-099, QO-100); QO-098: the pre-calculation flag resets
    applySizeLoad: assign(({ context, event }) => {
      const load = (event as unknown as { output: SizeLoad }).output;
      // Parts come in cm; with inches the bounds, defaults and stored values convert (QO-103).
      const toUnit = lengthOf(context);
      const parts = partsInUnit(context, load.parts);
      const { size } = context;
      const first = size.loadedFor === null;
      const chosen = size.standard.sizes.find((s) => s.id === size.standard.sizeId);
      // QO-040: the chosen add-products that are still offered, named as offered, with their parts
      const pieces = size.pieces.flatMap((piece) => {
        const offered = load.addable.find((a) => a.id === piece.categoryId);
        if (!offered) return [];
        return [
          {
            categoryId: piece.categoryId,
            name: offered.name,
            parts: partsInUnit(context, load.pieces.find((p) => p.categoryId === piece.categoryId)?.parts ?? []),
          },
        ];
      });
      const pieceValues = Object.assign({}, ...pieces.map((piece) => storedValues(piece.parts))) as Record<
        number,
        string
      >;
      // QO-087: the saved size stands; a chosen standard size refills in the new unit; otherwise a
      // chosen customer's stored sizes fill the inputs, and on the first load of an opened order its saved values win.
      // QO-103: a reload for another length unit alone carries the values over, converted
      const [method, customer, unit] = size.loadedFor?.split("|") ?? [];
      const unitOnly =
        !first &&
        method === String(size.method) &&
        customer === String(context.basic.customerId ?? "") &&
        Number(unit) !== context.basic.heightUnit;
      const kept = unitOnly ? valuesInUnit(size.values, Number(unit), context.basic.heightUnit) : size.values;
      const values = size.editOnce
        ? kept
        : chosen
          ? { ...pieceValues, ...valuesOfStandard(chosen, toUnit) }
          : {
              ...storedValues(parts),
              ...pieceValues,
              ...(first || unitOnly ? kept : {}),
            };
      // QO-096: the picks stay while the customer is the same (a unit change); a new customer brings their stored choices
      const sameCustomer = first || size.loadedFor?.split("|")[1] === partsKey(context).split("|")[1];
      return {
        size: {
          ...size,
          parts,
          values,
          presized: false,
          loadedFor: partsKey(context),
          addable: load.addable,
          pieces,
          postures: load.postures,
          bodyTypes: initialPostureChoices(load.postures, sameCustomer ? size.bodyTypes : []),
          standard: { ...size.standard, choices: load.standard ?? emptyStandard().choices },
        },
      };
    }),
  },
  guards: {
    // QO-088, QO-130..135, QO-163
    isStep1Refused: ({ context }) => step1Refusal(context) !== null,
    // D-06 customer fields alone (the simple order's last step)
    isCustomerRefused: ({ context }) => customerRefusal(context) !== null,
    // QO-134, QO-149, QO-163 the fabric alone (the simple order's first step)
    isFabricRefused: ({ context }) => fabricRefusal(context) !== null,
    // QO-134, QO-163, QO-136 the fabric, then the accessories chosen with it (the simple order's first step)
    isFabricStepRefused: ({ context }) => (fabricRefusal(context) ?? accessoryRefusal(context)) !== null,
    // QO-089, QO-137..145, QO-150
    isStep2Refused: ({ context }) => step2Refusal(context) !== null,
    // QO-147, QO-148
    isSizeRefused: ({ context }) => step3Refusal(context, false) !== null,
    // QO-097, QO-162
    isSubmitRefused: ({ context }) => step3Refusal(context, true) !== null,
    isSystemFabric: ({ context }) => context.fabric.source === "sys",
    // QO-018: only a COPY accessory with a chosen option can be synced
    hasSyncableChoice: ({ context, event }) =>
      event.type === "user.syncAccessory" &&
      syncedChoice(craftIndexOf(context), context.crafts.selected, event.groupId) !== null,
    // QO-120: the crafts child removed the accessory series
    clearsEmbroidery: ({ event }) => event.type === "crafts.changed" && event.clearedEmbroidery,
    // QO-091: the chosen method's measurements are missing (a failed load) and can be loaded again
    isMeasurementsMissing: ({ context }) => context.size.method !== null && context.size.parts.length === 0,
    // QO-093: a base style that does not offer a chosen craft is refused
    isStyleRefused: ({ context, event }) =>
      event.type === "user.pickStyle" && styleRefusal(context, event.styleBasicId) !== null,
    // The main parts and every chosen add-product's parts (QO-040: restored pieces load with the first load)
    needsParts: ({ context }) =>
      context.size.method !== null &&
      (context.size.parts.length === 0 ||
        context.size.loadedFor !== partsKey(context) ||
        context.size.pieces.some((p) => p.parts.length === 0)),
    // QO-100: with a size area and a shape chosen (or restored, QO-087) the size list is loaded
    needsStandardSizes: ({ context }) =>
      context.size.method === SIZE_METHOD.standard &&
      context.size.standard.areaId !== null &&
      context.size.standard.shape !== null &&
      context.size.standard.sizes.length === 0,
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

/** The loading state: the setup (and an opened order), then `target`. */
export const loadingState = (target: string) =>
  orderEntrySetup.createStateConfig({
    tags: ["pending"],
    invoke: {
      id: "loadSetup",
      src: "loadSetup",
      input: ({ context }) => ({
        categoryId: context.categoryId,
        orderId: context.orderId || null,
        mode: context.mode,
      }),
      onDone: { target, actions: [assign(({ context, event }) => applySetup(context, event.output)), "quoteFabric"] },
      // The page says the category (or order) could not be loaded; a server message is shown beside it
      onError: { target: "failed", actions: assign({ refusal: ({ event }) => serverMessage(event.error) }) },
    },
  });

/** The customer child machine, started from the context's form (where the form is shown). */
export const customerInvoke = orderEntrySetup.createStateConfig({
  invoke: { id: "customer", src: "customer", input: ({ context }) => ({ basic: context.basic }) },
}).invoke;

/** The customer form's edits go to the customer child (QO-011..020, QO-103, QO-104); its changes come back. */
export const customerFormOn = orderEntrySetup.createStateConfig({
  on: {
    "user.edit": { actions: sendTo("customer", ({ event }) => event) },
    "user.pickCustomer": { actions: sendTo("customer", ({ event }) => event) },
    "user.setHeightUnit": { actions: sendTo("customer", ({ event }) => event) },
    "user.setWeightUnit": { actions: sendTo("customer", ({ event }) => event) },
    "user.setGender": { actions: sendTo("customer", ({ event }) => event) },
    "user.setAmount": { actions: sendTo("customer", ({ event }) => event) },
    "user.setBirthday": { actions: sendTo("customer", ({ event }) => event) },
    "customer.changed": {
      actions: assign(({ context, event }) => ({
        basic: event.basic,
        // QO-097: the pre-calculation was made from the body data; a change to it must be calculated again
        size: isBodyChange(context.basic, event.basic) ? { ...context.size, presized: false } : context.size,
      })),
    },
  },
}).on;

/** The fabric's edits (QO-108..110). */
export const fabricFormOn = orderEntrySetup.createStateConfig({
  on: {
    // QO-108, QO-109: the two sources are exclusive; switching clears the fabric
    "user.setFabricSource": {
      actions: [assign({ fabric: ({ event }) => ({ source: event.source, code: "", inStock: null }) }), "quoteFabric"],
    },
    // QO-110: Backspace or Delete clears the fabric
    "user.clearFabric": {
      actions: [assign({ fabric: ({ context }) => ({ ...context.fabric, code: "", inStock: null }) }), "quoteFabric"],
    },
    // A search being typed is no fabric yet: the price is the garment's alone until one is picked
    "user.typeFabric": {
      actions: [
        assign({ fabric: ({ context, event }) => ({ ...context.fabric, code: event.code, inStock: null }) }),
        "quoteNoFabric",
      ],
    },
  },
}).on;

/** QO-018: the sync icon of a COPY accessory tells the page to remember the choice for the other categories. */
const syncAccessoryOn = orderEntrySetup.createStateConfig({
  on: {
    "user.syncAccessory": {
      guard: "hasSyncableChoice",
      actions: emit(({ context, event }): AccessorySynced => {
        const index = craftIndexOf(context);
        const choice = syncedChoice(index, context.crafts.selected, event.groupId)!;
        return {
          type: "accessory.synced",
          group: choice.group,
          option: choice.option,
          name: index.byId.get(event.groupId)?.name ?? "",
        };
      }),
    },
  },
}).on;

/** QO-017, QO-136: the accessory selectors of step 1 where no crafts child runs (the quick order). */
export const accessoryFormOn = orderEntrySetup.createStateConfig({
  on: {
    ...syncAccessoryOn,
    "user.pickAccessory": {
      actions: assign(({ context, event }) => {
        const result = chooseInGroup(
          craftIndexOf(context),
          context.crafts.selected,
          event.groupId,
          event.optionId,
          context.categoryId,
        );
        return "refusal" in result
          ? { refusal: result.refusal }
          : { crafts: { ...context.crafts, selected: result.selected }, refusal: null };
      }),
    },
    "user.setAccessoryValue": {
      actions: assign({
        crafts: ({ context, event }) => ({
          ...context.crafts,
          texts: { ...context.crafts.texts, [event.id]: event.value },
        }),
      }),
    },
  },
}).on;

/** The same selectors where the crafts child machine holds the picks (the simple order's step 1). */
export const accessoryToCraftsOn = orderEntrySetup.createStateConfig({
  on: {
    ...syncAccessoryOn,
    "user.pickAccessory": {
      actions: sendTo("crafts", ({ event }) => ({
        type: "user.chooseInGroup" as const,
        groupId: event.groupId,
        optionId: event.optionId,
      })),
    },
    "user.setAccessoryValue": {
      actions: sendTo("crafts", ({ context, event }) =>
        craftIndexOf(context).byId.get(event.id)?.sourceType === "FILE"
          ? { type: "user.attachFile" as const, id: event.id, file: event.value || null }
          : { type: "user.setText" as const, id: event.id, value: event.value },
      ),
    },
  },
}).on;

/** The fabric's stock check (QO-163), a region beside the form of the step that picks the fabric. */
export const stockRegion = orderEntrySetup.createStateConfig({
  initial: "idle",
  states: {
    idle: {
      on: {
        "user.pickFabric": [
          {
            guard: "isSystemFabric",
            target: "checking",
            actions: [
              assign({ fabric: ({ context, event }) => ({ ...context.fabric, code: event.code, inStock: null }) }),
              "quoteFabric",
            ],
          },
          {
            actions: [
              assign({ fabric: ({ context, event }) => ({ ...context.fabric, code: event.code, inStock: null }) }),
              "quoteFabric",
            ],
          },
        ],
      },
    },
    checking: {
      tags: ["pending", "checkingStock"],
      // A new fabric makes the running check's answer stale: drop it.
      on: { "user.clearFabric": "idle", "user.typeFabric": "idle", "user.setFabricSource": "idle" },
      invoke: {
        id: "checkStock",
        src: "checkStock",
        input: ({ context }) => ({ code: context.fabric.code }),
        onDone: {
          target: "idle",
          actions: assign(({ context, event }) => ({
            fabric: { ...context.fabric, inStock: event.output.inStock },
            // QO-163: "Currently out of stock"
            refusal: event.output.inStock ? null : { key: "fabric.outOfStock" as const },
          })),
        },
        onError: { target: "idle", actions: assign({ refusal: ({ event }) => orderFailure(event.error) }) },
      },
    },
  },
});

/**
 * The craft step's children: the crafts child machine's changes; the monogram rows' and the contrast
 * picks' edits go to their child machines (QO-032..036, QO-152), whose changes come back.
 */
export const craftExtrasOn = orderEntrySetup.createStateConfig({
  on: {
    "crafts.changed": [
      {
        // QO-120: removing the accessory series clears the embroidery
        guard: "clearsEmbroidery",
        actions: [
          assign({ crafts: ({ event }) => ({ selected: event.selected, texts: event.texts }), monogram: [] }),
          sendTo("monogram", { type: "monogram.clear" }),
        ],
      },
      { actions: assign({ crafts: ({ event }) => ({ selected: event.selected, texts: event.texts }) }) },
    ],
    "user.addMonogram": { actions: sendTo("monogram", ({ event }) => event) },
    "user.removeMonogram": { actions: sendTo("monogram", ({ event }) => event) },
    "user.editMonogram": { actions: sendTo("monogram", ({ event }) => event) },
    "monogram.changed": {
      // QO-152: a refused position ("position already exists") is shown
      actions: assign(({ context, event }) => ({ monogram: event.rows, refusal: event.refusal ?? context.refusal })),
    },
    "user.editContrast": { actions: sendTo("contrast", ({ event }) => event) },
    "contrast.changed": { actions: assign({ contrast: ({ event }) => event.picks }) },
  },
}).on;

/** The craft step's child machines, started from the context (QO-090: the first craft group opens first). */
export const craftChildrenInvoke = orderEntrySetup.createStateConfig({
  invoke: [
    {
      id: "crafts",
      src: "crafts",
      input: ({ context }) => ({
        category: context.categoryId,
        tree: context.setup?.tree ?? [],
        selected: context.crafts.selected,
        texts: context.crafts.texts,
      }),
    },
    { id: "monogram", src: "monogram", input: ({ context }) => ({ rows: context.monogram }) },
    { id: "contrast", src: "contrast", input: ({ context }) => ({ picks: context.contrast }) },
  ],
}).invoke;

/** The measurements child machine, started from the context's sizes whenever step 3 is at rest (`editing`). */
export const measurementsInvoke = orderEntrySetup.createStateConfig({
  invoke: {
    id: "measurements",
    src: "measurements",
    input: ({ context }) => ({ size: context.size, heightUnit: context.basic.heightUnit }),
  },
}).invoke;

/** Parts load once per method; coming back keeps what was typed (QO-092). Siblings: loadingParts, editing. */
export const checkingMethodState = orderEntrySetup.createStateConfig({
  always: [{ guard: "needsParts", target: "loadingParts" }, { target: "editing" }],
});

export const loadingPartsState = orderEntrySetup.createStateConfig({
  tags: ["pending", "loadingParts"],
  invoke: {
    id: "loadMeasurements",
    src: "loadMeasurements",
    input: ({ context }) => ({
      categoryId: context.categoryId,
      method: context.size.method!,
      customerId: context.basic.customerId,
      pieces: context.size.pieces.map((p) => p.categoryId),
    }),
    // QO-100: standard sizes go on to the size list when the area and shape are known (QO-087: restored)
    onDone: [
      { guard: "needsStandardSizes", target: "loadingStandard", actions: "applySizeLoad" },
      { target: "editing", actions: "applySizeLoad" },
    ],
    onError: { target: "editing", actions: assign({ refusal: ({ event }) => orderFailure(event.error) }) },
  },
});

/** The measurement inputs: the method (QO-101, QO-102), the values and the pre-calculation (QO-097). */
export const sizeEditOn = orderEntrySetup.createStateConfig({
  on: {
    // QO-102: changing the method reloads the sizes; QO-101: other methods clear them (QO-040: the
    // chosen add-products stay, their parts reload with the method's)
    "user.selectMethod": {
      target: "checkingMethod",
      actions: assign({
        size: ({ context, event }) => ({
          ...emptySize(event.method),
          addable: context.size.addable,
          pieces: context.size.pieces.map((p) => ({ ...p, parts: [] })),
        }),
      }),
    },
    // QO-040: an offered add-product is added (its parts load) or removed with its values
    // (the order's own change of the sizes: `editing` is entered again, so the measurements child starts from it)
    "user.toggleAddProduct": [
      {
        guard: "isAddedPiece",
        target: "editing",
        reenter: true,
        actions: assign({
          size: ({ context, event }) => {
            const piece = context.size.pieces.find((p) => p.categoryId === event.categoryId)!;
            const dropped = new Set(piece.parts.map((p) => String(p.id)));
            return {
              ...context.size,
              pieces: context.size.pieces.filter((p) => p !== piece),
              presized: false,
              values: Object.fromEntries(Object.entries(context.size.values).filter(([id]) => !dropped.has(id))),
            };
          },
        }),
      },
      { guard: "isOfferedAddProduct", target: "loadingPiece", actions: "clearRefusal" },
    ],
    // QO-100: a size area and a shape, then the size list of both
    "user.selectSizeArea": [
      { guard: "completesStandardChoice", target: "loadingStandard", actions: "chooseStandard" },
      { target: "editing", reenter: true, actions: "chooseStandard" },
    ],
    "user.selectShape": [
      { guard: "completesStandardChoice", target: "loadingStandard", actions: "chooseStandard" },
      { target: "editing", reenter: true, actions: "chooseStandard" },
    ],
    // The edits of the loaded measurements go to the measurements child (QO-096 a posture detail,
    // QO-100 a standard size, a typed value); its changes come back
    "user.setMeasure": { actions: sendTo("measurements", ({ event }) => event) },
    "user.pickPosture": { actions: sendTo("measurements", ({ event }) => event) },
    "user.pickStandardSize": { actions: sendTo("measurements", ({ event }) => event) },
    "measurements.changed": { actions: assign({ size: ({ event }) => event.size }) },
    // A failed load leaves the method chosen: it is loaded again, keeping the values, posture and standard choices
    "user.reloadMeasurements": { guard: "isMeasurementsMissing", target: "checkingMethod", actions: "clearRefusal" },
    "user.presize": [
      { guard: "isSizeRefused", actions: assign({ refusal: ({ context }) => step3Refusal(context, false) }) },
      { target: "presizing", actions: "clearRefusal" },
    ],
  },
}).on;

/** QO-040: the parts of an add-product being added, then its stored values beside the main piece's. */
export const loadingPieceState = orderEntrySetup.createStateConfig({
  tags: ["pending", "loadingPiece"],
  invoke: {
    id: "loadPieceParts",
    src: "loadPieceParts",
    input: ({ context, event }) => ({
      categoryId: event.type === "user.toggleAddProduct" ? event.categoryId : 0,
      method: context.size.method!,
      customerId: context.basic.customerId,
    }),
    onDone: {
      target: "editing",
      actions: assign({
        size: ({ context, event }) => {
          const { categoryId } = event.output;
          const parts = partsInUnit(context, event.output.parts);
          // Listed in the order the category offers them, so the draft's pieces keep one order
          const order = (id: number) => context.size.addable.findIndex((a) => a.id === id);
          const name = context.size.addable.find((a) => a.id === categoryId)?.name ?? "";
          const pieces = [
            ...context.size.pieces.filter((p) => p.categoryId !== categoryId),
            { categoryId, name, parts },
          ].sort((a, b) => order(a.categoryId) - order(b.categoryId));
          // The main piece's values are untouched; the piece starts from the customer's stored sizes
          return {
            ...context.size,
            pieces,
            values: { ...context.size.values, ...storedValues(parts) },
            presized: false,
          };
        },
      }),
    },
    onError: { target: "editing", actions: assign({ refusal: ({ event }) => orderFailure(event.error) }) },
  },
});

/** QO-100: the standard sizes of the chosen size area and shape. */
export const loadingStandardState = orderEntrySetup.createStateConfig({
  tags: ["pending", "loadingStandard"],
  invoke: {
    id: "loadStandardSizes",
    src: "loadStandardSizes",
    input: ({ context }) => ({
      categoryId: context.categoryId,
      sizeAreaId: context.size.standard.areaId!,
      shape: context.size.standard.shape!,
    }),
    onDone: {
      target: "editing",
      actions: assign({
        size: ({ context, event }) => {
          // QO-087: while the saved size stands, the list shows which size it is (its values are kept as saved)
          const saved = context.size.editOnce
            ? sizeMatching(event.output, context.size.values, lengthOf(context))
            : undefined;
          return {
            ...context.size,
            standard: { ...context.size.standard, sizes: event.output, sizeId: saved?.id ?? null },
          };
        },
      }),
    },
    onError: { target: "editing", actions: assign({ refusal: ({ event }) => orderFailure(event.error) }) },
  },
});

export const presizingState = orderEntrySetup.createStateConfig({
  tags: ["pending", "presizing"],
  invoke: {
    id: "presize",
    src: "presize",
    input: ({ context }) => ({ context }),
    // QO-097: the flag records the pre-calculation
    // QO-057: the finished sizes it computed are kept to be shown beside the body measurements
    onDone: {
      target: "editing",
      actions: assign({ size: ({ context, event }) => ({ ...context.size, presized: true, finished: event.output }) }),
    },
    // QO-201: a pre-size failure shows the server message
    onError: { target: "editing", actions: assign({ refusal: ({ event }) => orderFailure(event.error) }) },
  },
});

/** Saving to the cart, then `done` (QO-124, QO-125); on an error the user stays (QO-128, QO-199). */
export const savingState = (done: string) =>
  orderEntrySetup.createStateConfig({
    tags: ["pending"],
    invoke: {
      id: "saveOrder",
      src: "saveOrder",
      input: ({ context }) => ({ context }),
      onDone: {
        target: done,
        actions: assign({
          outcome: ({ context, event }) => ({
            to: context.mode === "pending" ? ("/myOrder" as const) : ("/saveItems" as const),
            failed: false,
            message: event.output.message,
            orderCode: event.output.orderCode,
          }),
        }),
      },
      onError: { target: "editing", actions: assign({ refusal: ({ event }) => orderFailure(event.error) }) },
    },
  });

/** Submitting, then `done`: production, or the pending list with "Failed" (QO-126, QO-127). */
export const submittingState = (done: string) =>
  orderEntrySetup.createStateConfig({
    tags: ["pending"],
    invoke: {
      id: "submitOrder",
      src: "submitOrder",
      input: ({ context }) => ({ context }),
      onDone: {
        target: done,
        actions: assign({
          outcome: ({ event }) => ({
            ...(event.output.failed
              ? { to: "/myOrder" as const, failed: true }
              : { to: "/underProduction" as const, failed: false }),
            message: event.output.message,
            orderCode: event.output.orderCode,
          }),
        }),
      },
      onError: { target: "editing", actions: assign({ refusal: ({ event }) => orderFailure(event.error) }) },
    },
  });

/**
 * QO-111: the price child (the garment in the fabric, the order so far), for the whole life of an
 * order entry, and the watch that tells the order each new priced draft for it.
 */
export const priceInvoke = orderEntrySetup.createStateConfig({
  invoke: [
    {
      id: "price",
      src: "price",
      input: ({ context }) => ({
        categoryId: context.categoryId,
        source: context.fabric.source,
        code: context.fabric.code,
      }),
    },
    { id: "draftWatch", src: "watchDraft", input: ({ self }) => ({ order: self }) },
  ],
}).invoke;

/** QO-111: a new priced draft goes to the price child. */
export const draftToPriceOn = orderEntrySetup.createStateConfig({
  on: { "draft.changed": { actions: sendTo("price", ({ event }) => event) } },
}).on;

export const quickOrderMachine = orderEntrySetup.createMachine({
  id: "quickOrder",
  context: ({ input }) => initialContext(input),
  invoke: priceInvoke,
  initial: "loading",
  on: { "user.dismissRefusal": { actions: "clearRefusal" }, ...draftToPriceOn },
  states: {
    loading: loadingState("basicInfo"),
    failed: {},
    // Step 1: Basic Info (QO-004)
    basicInfo: {
      type: "parallel",
      invoke: customerInvoke,
      states: {
        form: {
          on: {
            ...customerFormOn,
            ...fabricFormOn,
            ...accessoryFormOn,
            "user.next": [
              { guard: "isStep1Refused", actions: assign({ refusal: ({ context }) => step1Refusal(context) }) },
              { target: "#quickOrder.crafts", actions: "clearRefusal" },
            ],
          },
        },
        stock: stockRegion,
      },
    },
    // Step 2: Crafts (QO-004); the crafts child machine holds the picks (QO-090: the first group opens first)
    crafts: {
      invoke: craftChildrenInvoke,
      on: {
        ...craftExtrasOn,
        // QO-092
        "user.previous": { target: "basicInfo", actions: "clearRefusal" },
        "user.next": [
          { guard: "isStep2Refused", actions: assign({ refusal: ({ context }) => step2Refusal(context) }) },
          // QO-091: step 3 loads the measurements of the chosen method
          { target: "sizeBody", actions: "clearRefusal" },
        ],
      },
    },
    // Step 3: Size & Body (QO-004); Save to cart and Submit only here (D-15)
    sizeBody: {
      initial: "checkingMethod",
      states: {
        checkingMethod: checkingMethodState,
        loadingParts: loadingPartsState,
        loadingStandard: loadingStandardState,
        loadingPiece: loadingPieceState,
        editing: {
          invoke: measurementsInvoke,
          on: {
            ...sizeEditOn,
            // QO-092: back one step; a running call is never abandoned (only from here)
            "user.previous": { target: "#quickOrder.crafts", actions: "clearRefusal" },
            "user.save": [
              { guard: "isStep1Refused", actions: assign({ refusal: ({ context }) => step1Refusal(context) }) },
              { guard: "isStep2Refused", actions: assign({ refusal: ({ context }) => step2Refusal(context) }) },
              { guard: "isSizeRefused", actions: assign({ refusal: ({ context }) => step3Refusal(context, false) }) },
              { target: "saving", actions: "clearRefusal" },
            ],
            "user.submit": [
              { guard: "isStep1Refused", actions: assign({ refusal: ({ context }) => step1Refusal(context) }) },
              { guard: "isStep2Refused", actions: assign({ refusal: ({ context }) => step2Refusal(context) }) },
              { guard: "isSubmitRefused", actions: assign({ refusal: ({ context }) => step3Refusal(context, true) }) },
              { target: "submitting", actions: "clearRefusal" },
            ],
          },
        },
        presizing: presizingState,
        saving: savingState("#quickOrder.done"),
        submitting: submittingState("#quickOrder.done"),
      },
    },
    done: { type: "final" },
  },
});

export type QuickOrderMachine = typeof quickOrderMachine;
