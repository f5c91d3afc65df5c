import type { RemakeMark } from "../remake.ts";
import type { BasicInfoForm } from "../customer.ts";
import { defaultGender } from "../customer.ts";
import type { ContrastPick, ContrastSiteOption } from "../contrast.ts";
import { applySyncedChoices, defaultSelection, type CraftNode, type CraftPicks } from "../crafts.ts";
import { emptyBasic } from "../customer.ts";
import { MEASURE_METHOD, QUICK_ORDER_TYPE } from "../ids.ts";
import type { MonogramRow } from "../monogram.ts";
import type { PostureSpec } from "../measurements/posture.ts";
import { parseMeasure, type MeasurePart } from "../measurements/sizes.ts";
import { emptySize, pieceValuesOf, type SizeState } from "../measurements/sizeState.ts";
import { initialPostureChoices } from "../measurements/posture.ts";
import {
  emptyStandard,
  sizeMatching,
  valuesOfStandard,
  type NamedId,
  type StandardChoices,
  type StandardSize,
} from "../measurements/standardSizes.ts";
import { convertBounded, convertLength, lengthFromCm } from "../units.ts";
import type { StyleForm } from "./styleTypes.ts";

/**
 * The order-entry form: what the screen of every order flow holds (quick, simple, and next the
 * professional and style orders), what a loaded setup and an opened order make of it. The machines
 * keep it as their context (plus the refusal and the outcome) and change it only through the pure
 * functions of domain/.
 */

export type { ContrastSiteOption };

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
    /**
     * PO-020: the standard size a kept (unsaved) form had chosen, or null. Only a kept form says it: an
     * opened order leaves it out, and its saved size stands under the edit-once flag (QO-087).
     */
    sizeId?: number | null;
    /** QO-040: the garment categories of the add-products (the draft's further pieces). */
    pieces: number[];
  };
  /** QO-093: the base style the order was saved on, if any. */
  styleBasicId?: number | null;
  /** PO-002: the crafts and monogram rows of the further pieces (by garment category), when they have any. */
  pieceCrafts?: Record<number, PiecePicks>;
  /** PO-007: why the last submission failed (the warning banner of a pending order), when there is a reason. */
  blError?: string;
}

/** PO-002: what one further garment piece of an order has chosen: its crafts and its monogram rows. */
export interface PiecePicks {
  crafts: CraftPicks;
  monogram: MonogramRow[];
}

/** PO-002: the craft tree of a further garment piece the category offers (an add-product), and its name. */
export interface PieceTree {
  categoryId: number;
  name: string;
  tree: CraftNode[];
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

export interface OrderSetup {
  ecode: string;
  /** Present when an existing order was opened. */
  order?: LoadedOrder;
  tree: CraftNode[];
  methods: number[];
  /**
   * D-03, SHELL-014, PROD-009: the measurement method the link names (`sizeCategoryId`), one of `methods`:
   * the page opens on it, unless an opened order carries its own.
   */
  linkedMethod?: number;
  /** QO-035: contrast sites with their positions and contrast fabrics. */
  contrastSites?: ContrastSiteOption[];
  /** QO-083, QO-084: what the user last picked in this category (the per-category cache), for a new order. */
  remembered?: RememberedPicks;
  /** QO-018: COPY accessory choices synced from another category (group code → option code), newer than `remembered`. */
  synced?: Record<string, string>;
  /** PO-030: the category's name (the professional order names the piece in its messages). */
  categoryName?: string;
  /** PO-002: the craft trees of the further pieces the category offers (the professional order's per-piece crafts). */
  pieceTrees?: PieceTree[];
}

/** QO-083: the picks the per-garment-category cache keeps: crafts, contrast and monogram rows. */
export interface RememberedPicks {
  crafts: { selected: number[]; texts: Record<number, string> };
  contrast: ContrastPick[];
  monogram: MonogramRow[];
}

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

/** What the order-entry screen holds. */
export interface OrderForm {
  categoryId: number;
  mode: OrderMode;
  /** The order being changed; empty for a new order and for buy again (QO-086). */
  orderId: string;
  /** QO-008: shown once the order exists. */
  orderCode: string;
  setup: OrderSetup | null;
  basic: BasicInfoForm;
  fabric: FabricChoice;
  crafts: CraftPicks;
  monogram: MonogramRow[];
  contrast: ContrastPick[];
  size: SizeState;
  /** QO-093: the base styles the simple order's step 3 loads, and the chosen one (null: none). */
  styleBasic: { options: StyleOption[]; chosen: number | null };
  /** SO-001: the style order's style, its crafts' values and its price (only the style order has it). */
  styleOrder?: StyleForm;
  /** D-02: the order type the draft stores (7 simple and quick orders, 8 professional, 10 style). */
  orderType: OrderTypeId;
  /** PO-002: the crafts and monogram rows of each further piece the category offers (by its category); empty for flows without per-piece crafts. */
  pieceCrafts: Record<number, PiecePicks>;
  /** Issue 12: buy again of a delivered order marked as its remake (the original's id and the reason). */
  remake?: RemakeMark;
}

export type OrderTypeId = 7 | 8 | 10;

export interface OrderEntryInput {
  categoryId: number;
  orderId?: string;
  mode?: OrderMode;
  /** SO-024: the style a style order buys (its category is the style's). */
  styleId?: number;
  /** D-02: 7 unless said (the professional order says 8). */
  orderType?: OrderTypeId;
  /** Issue 12: the delivered order a buy again remakes, with the reason (only in buy-again mode). */
  remake?: RemakeMark | null;
}

/** QO-103: parts come in cm; with inches the bounds, defaults and stored values convert. */
export const partsInUnit = (context: OrderForm, parts: readonly MeasurePart[]): MeasurePart[] => {
  const toUnit = lengthOf(context);
  return parts.map((p) => ({
    ...convertBounded(p, toUnit),
    inputValue: p.inputValue == null ? p.inputValue : toUnit(p.inputValue),
  }));
};

/** The stored values (a chosen customer's sizes) of parts, as the inputs show them. */
export const storedValues = (parts: readonly MeasurePart[]): Record<number, string> =>
  Object.fromEntries(parts.filter((p) => p.inputValue != null).map((p) => [p.id, String(p.inputValue)]));

/** The screen's length unit for values given in cm (parts, standard sizes). */
export const lengthOf = (context: OrderForm) => (n: number) => lengthFromCm(n, context.basic.heightUnit);

/** Whose stored sizes fill the parts: the customer, or one of their kept measurement sets (issue 24). */
const storedSizesKey = ({ basic }: OrderForm) =>
  `${basic.customerId ?? ""}${basic.customerId !== null && basic.measureSetId ? `@${basic.measureSetId}` : ""}`;

/** The parts depend on the method, the customer (stored sizes, or a kept set's) and the length unit (bounds). */
export const partsKey = (context: OrderForm) =>
  `${context.size.method}|${storedSizesKey(context)}|${context.basic.heightUnit}`;

/** QO-103: typed values carried into another length unit (non-numbers stay as typed). */
export const valuesInUnit = (values: Record<number, string>, from: number, to: number): Record<number, string> =>
  from === to
    ? values
    : Object.fromEntries(
        Object.entries(values).map(([id, v]) => {
          const n = parseMeasure(v);
          return [id, n === null ? v : String(convertLength(n, from, to))];
        }),
      );

/** The context of a new order entry screen (quick and simple orders share it, so buildDraft applies to both). */
export const initialForm = (input: OrderEntryInput): OrderForm => ({
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
  orderType: input.orderType ?? QUICK_ORDER_TYPE,
  pieceCrafts: {},
  // Remakes: only a buy again carries the order it remakes
  ...(input.remake && input.mode === "buyagain" ? { remake: input.remake } : {}),
});

/** PO-002: each further piece starts from its tree's defaults; an opened (or kept) order's picks win. */
export const piecePicksOf = (setup: OrderSetup): Record<number, PiecePicks> =>
  Object.fromEntries(
    (setup.pieceTrees ?? []).map((piece) => [
      piece.categoryId,
      setup.order?.pieceCrafts?.[piece.categoryId] ?? {
        crafts: { selected: defaultSelection(piece.tree), texts: {} },
        monogram: [],
      },
    ]),
  );

/** What the loaded setup (and an opened order) makes of the context (QO-085, QO-086, QO-094, QO-114, QO-122). */
export function applySetup(context: OrderForm, setup: OrderSetup): Partial<OrderForm> {
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
    // PO-002: the further pieces' crafts and monogram rows
    pieceCrafts: piecePicksOf(setup),
    // QO-094, QO-095: the first measurement method on a new order
    size: { ...context.size, method: setup.linkedMethod ?? setup.methods[0] ?? null },
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
      method: order.size.method ?? setup.linkedMethod ?? setup.methods[0] ?? null,
      values: order.size.values,
      // QO-096: the saved posture choices win over the specs' preselection on the first load
      bodyTypes: order.size.bodyTypes,
      standard: {
        ...emptyStandard(),
        areaId: order.size.sizeAreaId,
        shape: order.size.shape,
        sizeId: order.size.sizeId ?? null,
      },
      // QO-087: an order with standard sizes is opened with its saved size standing; PO-020: a kept form
      // is no opened order: its own choice comes back (a size, or none to be refused as before)
      editOnce: order.size.method === MEASURE_METHOD.standard && order.size.sizeId === undefined,
      // QO-040: the add-products come back; their names and parts arrive with the first load
      pieces: order.size.pieces.map((categoryId) => ({ categoryId, name: "", parts: [] })),
    },
  };
}

/** QO-100: another size area or shape empties the size list, the chosen size and its values (QO-087: the saved size no longer stands). */
export function chooseStandard(size: SizeState, choice: { areaId?: number; shape?: number }): SizeState {
  return {
    ...size,
    standard: { ...size.standard, ...choice, sizes: [], sizeId: null },
    // the main piece's values go with the old choice; the add-products keep theirs
    values: pieceValuesOf(size),
    presized: false,
    editOnce: false,
  };
}

/** QO-102: another method reloads the sizes; QO-101: other methods clear them (QO-040: the chosen add-products stay, their parts reload). */
export const selectMethod = (size: SizeState, method: number): SizeState => ({
  ...emptySize(method),
  addable: size.addable,
  pieces: size.pieces.map((p) => ({ ...p, parts: [] })),
});

/** QO-040: a chosen add-product is removed with its values. */
export function removePiece(size: SizeState, categoryId: number): SizeState {
  const piece = size.pieces.find((p) => p.categoryId === categoryId);
  if (!piece) return size;
  const dropped = new Set(piece.parts.map((p) => String(p.id)));
  return {
    ...size,
    pieces: size.pieces.filter((p) => p !== piece),
    presized: false,
    values: Object.fromEntries(Object.entries(size.values).filter(([id]) => !dropped.has(id))),
  };
}

/** QO-040: an add-product's parts arrived: the piece joins, in the order the category offers them, with its stored values. */
export function withPieceLoaded(form: OrderForm, loaded: PieceParts): SizeState {
  const { categoryId } = loaded;
  const parts = partsInUnit(form, loaded.parts);
  const order = (id: number) => form.size.addable.findIndex((a) => a.id === id);
  const name = form.size.addable.find((a) => a.id === categoryId)?.name ?? "";
  const pieces = [...form.size.pieces.filter((p) => p.categoryId !== categoryId), { categoryId, name, parts }].sort(
    (a, b) => order(a.categoryId) - order(b.categoryId),
  );
  // The main piece's values are untouched; the piece starts from the customer's stored sizes
  return { ...form.size, pieces, values: { ...form.size.values, ...storedValues(parts) }, presized: false };
}

/**
 * QO-100: the size list of the chosen area and shape arrived (QO-087: while the saved size stands, the
 * list shows which it is; PO-020: a kept form's chosen size stays chosen when the list still has it).
 */
export function withStandardSizes(form: OrderForm, sizes: StandardSize[]): SizeState {
  const saved = form.size.editOnce ? sizeMatching(sizes, form.size.values, lengthOf(form)) : undefined;
  const kept = sizes.find((size) => size.id === form.size.standard.sizeId);
  return { ...form.size, standard: { ...form.size.standard, sizes, sizeId: saved?.id ?? kept?.id ?? null } };
}

/** The parts, posture specs and standard choices of the method (QO-096, QO-099, QO-100); QO-098: the pre-calculation flag resets. */
export function withSizeLoad(context: OrderForm, load: SizeLoad): SizeState {
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
  const pieceValues = Object.assign({}, ...pieces.map((piece) => storedValues(piece.parts))) as Record<number, string>;
  // QO-087: the saved size stands; a chosen standard size refills in the new unit; otherwise a
  // chosen customer's stored sizes fill the inputs, and on the first load of an opened order its saved values win.
  // QO-103: a reload for another length unit alone carries the values over, converted
  const [method, customer, unit] = size.loadedFor?.split("|") ?? [];
  const unitOnly =
    !first &&
    method === String(size.method) &&
    customer === storedSizesKey(context) &&
    Number(unit) !== context.basic.heightUnit;
  const kept = unitOnly ? valuesInUnit(size.values, Number(unit), context.basic.heightUnit) : size.values;
  const values = size.editOnce
    ? kept
    : chosen
      ? { ...pieceValues, ...valuesOfStandard(chosen, toUnit) }
      : { ...storedValues(parts), ...pieceValues, ...(first || unitOnly ? kept : {}) };
  // QO-096: the picks stay while the customer is the same (a unit change); a new customer brings their stored choices
  const sameCustomer = first || size.loadedFor?.split("|")[1] === partsKey(context).split("|")[1];
  return {
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
  };
}

/** The main parts and every chosen add-product's parts are loaded for the method, customer and unit (QO-040: restored pieces load with the first load). */
export const needsParts = (form: OrderForm) =>
  form.size.method !== null &&
  (form.size.parts.length === 0 ||
    form.size.loadedFor !== partsKey(form) ||
    form.size.pieces.some((p) => p.parts.length === 0));

/** QO-100: with a size area and a shape chosen (or restored, QO-087) the size list is loaded. */
export const needsStandardSizes = (form: OrderForm) =>
  form.size.method === MEASURE_METHOD.standard &&
  form.size.standard.areaId !== null &&
  form.size.standard.shape !== null &&
  form.size.standard.sizes.length === 0;

/** QO-083: the picks of a form, as the per-category cache keeps them. */
export const rememberedPicks = (form: OrderForm): RememberedPicks => ({
  crafts: form.crafts,
  contrast: form.contrast,
  monogram: form.monogram,
});
