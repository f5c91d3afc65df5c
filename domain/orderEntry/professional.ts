import { disabledParts, editCrafts, indexTree, type CraftEdit, type CraftNode } from "../crafts.ts";
import { ACCESSORY_CATEGORY, MEASURE_METHOD, UPLOADED_FONT_ID } from "../ids.ts";
import {
  editMonogram,
  editsRow,
  isMonogramRow,
  offersSizes,
  type MonogramEdit,
  type MonogramRow,
} from "../monogram.ts";
import { bodyRangeRefusal } from "../customer.ts";
import { firstSizeRefusal, type MeasurePart } from "../measurements/sizes.ts";
import { firstStandardRefusal } from "../measurements/standardSizes.ts";
import { lengthUnitName } from "../units.ts";
import type { LoadedOrder, OrderForm, PiecePicks } from "./form.ts";
import { disabledPartsOf, type Refusal } from "./refusals.ts";

/**
 * The professional order (order type 8, 000 §2.7, §5): its checks on save and submit, in the
 * documented order (PO-022), over a subject the browser builds from its form and the server from the
 * draft and its catalogue, so both run the same list (`PROFESSIONAL_CHECKS`) and refuse alike.
 */

/** One garment piece as the checks see it: its name (PO-030), its chosen crafts and its monogram rows. */
export interface ProfessionalPiece {
  /** The piece's garment category (fields name it). */
  categoryId: number;
  /** The category's name: embroidery messages are prefixed with it (PO-030). */
  name: string;
  /** Whether it is the order's own category (the first piece): its fields are the page's unprefixed ones. */
  main: boolean;
  /** Chosen crafts: TEXT ones need content (PO-025), FILE ones a file (PO-026). */
  crafts: Array<{ id: number; name: string; sourceType: string; value: string }>;
  monogram: Array<Pick<MonogramRow, "site" | "siteName" | "color" | "font" | "embSize" | "content" | "file">>;
}

/** One piece's measurements: the parts (bounds in the order's unit), the values and the parts skipped (PO-038). */
export interface ProfessionalSizes {
  /** The piece's name when it is not the order's own category (a further piece), else null. */
  piece: string | null;
  parts: readonly MeasurePart[];
  values: Readonly<Record<number, string>>;
  disabled: ReadonlySet<number>;
  unit: string;
}

export interface ProfessionalSubject {
  /** PO-023: the fabric (an MTM fabric once picked from the stock search; CMT as typed). */
  fabric: string;
  pieces: ProfessionalPiece[];
  customer: {
    customerName: string;
    shortName: string;
    genderId: number | null;
    height: string;
    heightUnit: number | null;
    weight: string;
    weightUnit: number | null;
  };
  sizes: ProfessionalSizes[];
}

/** PO-035, D-06: the customer fields the professional order requires, named by the message's label. */
export type CustomerLabel = "name" | "nickname" | "gender" | "height";

const pieceField = (piece: ProfessionalPiece, what: string) =>
  piece.main ? what : `piece.${piece.categoryId}.${what}`;

/** The refusal of each check, or null when it holds (the message key, its values and the field it names). */
export const PROFESSIONAL_RULES = {
  // PO-023: a fabric
  hasFabricChosen: (s: ProfessionalSubject): Refusal | null =>
    s.fabric.trim() ? null : { key: "order.fabricRequired", field: "fabric" },
  // PO-024: at least one craft in some category
  // (QO-151, QO-119: for the accessory category the first craft to choose is its series: that is said)
  hasAnyCraft: (s: ProfessionalSubject): Refusal | null =>
    s.pieces.some((p) => p.crafts.length > 0)
      ? null
      : {
          key: s.pieces[0]?.categoryId === ACCESSORY_CATEGORY ? "craft.seriesFirst" : "craft.noneChosen",
          field: "crafts",
        },
  // PO-025: a chosen TEXT craft has content; PO-026: a chosen FILE craft has its file
  areCraftValuesGiven: (s: ProfessionalSubject): Refusal | null => {
    for (const piece of s.pieces)
      for (const craft of piece.crafts) {
        if (craft.sourceType === "TEXT" && !craft.value.trim())
          return { key: "craft.notFinished", name: craft.name, field: pieceField(piece, `craft.${craft.id}`) };
        if (craft.sourceType === "FILE" && !craft.value)
          return { key: "craft.fileMissing", name: craft.name, field: pieceField(piece, `craft.${craft.id}`) };
      }
    return null;
  },
  // PO-027..030: a row with any of site, colour or font needs site, colour, font (in that order), then the
  // uploaded file (font 1500) or the content; D-12: then a size where the piece's category offers sizes
  arePieceMonogramsComplete: (s: ProfessionalSubject): Refusal | null => {
    for (const piece of s.pieces)
      for (const [index, row] of piece.monogram.entries()) {
        if (row.site === null && row.color === null && row.font === null) continue;
        const missing =
          row.site === null
            ? "site"
            : row.color === null
              ? "color"
              : row.font === null
                ? "font"
                : row.font === UPLOADED_FONT_ID
                  ? row.file
                    ? null
                    : "file"
                  : row.content.trim()
                    ? null
                    : "content";
        const size = missing === null && offersSizes(piece.categoryId) && row.embSize === null ? "size" : null;
        if (missing ?? size)
          // PO-030: the message names the category
          return {
            key: "monogram.missing",
            category: piece.name,
            site: row.siteName,
            missing: missing ?? size,
            field: pieceField(piece, `monogram.${index}`),
          };
      }
    return null;
  },
  // PO-031, PO-035: "please fill in" + the label
  hasCustomerName: (s: ProfessionalSubject): Refusal | null =>
    s.customer.customerName.trim() ? null : fillIn("name", "customer.name"),
  // PO-032
  hasNickname: (s: ProfessionalSubject): Refusal | null =>
    s.customer.shortName.trim() ? null : fillIn("nickname", "customer.shortName"),
  // PO-033
  hasGender: (s: ProfessionalSubject): Refusal | null =>
    s.customer.genderId !== null ? null : fillIn("gender", "customer.gender"),
  // PO-034; a given height (and weight) within the book's limits (domain/customer.ts: one rule)
  hasHeight: (s: ProfessionalSubject): Refusal | null => {
    if (!s.customer.height.trim()) return fillIn("height", "customer.height");
    const fault =
      bodyRangeRefusal("height", s.customer.height, s.customer.heightUnit) ??
      bodyRangeRefusal("weight", s.customer.weight, s.customer.weightUnit);
    return fault ? { ...fault, field: `customer.${fault.field}` } : null;
  },
  // PO-036, PO-037: required parts filled, values within their range (part name + the range); PO-038: disabled parts skipped
  arePiecesMeasured: (s: ProfessionalSubject): Refusal | null => {
    for (const group of s.sizes) {
      const refusal = firstSizeRefusal(group.parts, group.values, group.disabled, group.unit);
      if (refusal) return group.piece ? { ...refusal, piece: group.piece } : (refusal as Refusal);
    }
    return null;
  },
} satisfies Record<string, (s: ProfessionalSubject) => Refusal | null>;

const fillIn = (label: CustomerLabel, field: string): Refusal => ({ key: "customer.fillIn", label, field });

export type ProfessionalRule = keyof typeof PROFESSIONAL_RULES;

/** PO-022: the checks of save and submit, in the documented order: fabric, crafts, TEXT/FILE crafts, embroidery, customer, sizes. */
export const PROFESSIONAL_CHECKS = [
  "hasFabricChosen",
  "hasAnyCraft",
  "areCraftValuesGiven",
  "arePieceMonogramsComplete",
  "hasCustomerName",
  "hasNickname",
  "hasGender",
  "hasHeight",
  "arePiecesMeasured",
] as const satisfies readonly ProfessionalRule[];

/** PO-022: the first refusal of the list (the first failing check is reported), or null. */
export function firstProfessionalRefusal(
  subject: ProfessionalSubject,
  checks: readonly ProfessionalRule[] = PROFESSIONAL_CHECKS,
): Refusal | null {
  for (const check of checks) {
    const refusal = PROFESSIONAL_RULES[check](subject);
    if (refusal) return refusal;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The browser's side: the subject of a form, the further pieces' edits
// ---------------------------------------------------------------------------------------------

/** PO-002: the pieces of the order: its own category, then each further piece chosen (an add-product). */
export function orderPieces(
  form: OrderForm,
): Array<{ categoryId: number; name: string; tree: CraftNode[]; picks: PiecePicks }> {
  const main = {
    categoryId: form.categoryId,
    name: form.setup?.categoryName ?? String(form.categoryId),
    tree: form.setup?.tree ?? [],
    picks: { crafts: form.crafts, monogram: form.monogram },
  };
  const further = form.size.pieces.flatMap((piece) => {
    const offered = form.setup?.pieceTrees?.find((p) => p.categoryId === piece.categoryId);
    const picks = form.pieceCrafts[piece.categoryId];
    return offered && picks ? [{ categoryId: piece.categoryId, name: offered.name, tree: offered.tree, picks }] : [];
  });
  return [main, ...further];
}

/**
 * D-03, SHELL-014, PROD-009: the link's `sizeCategoryId` is the measurement method the page opens on,
 * when the category offers it (anything else is ignored, never an error).
 */
export const linkedMethodOf = (methods: readonly number[], sizeCategoryId: number | undefined): number | undefined =>
  sizeCategoryId !== undefined && methods.includes(sizeCategoryId) ? sizeCategoryId : undefined;

/** PO-038: the parts a further piece's chosen crafts disable for the method (standard sizes: the finished mode). */
function pieceDisabledParts(form: OrderForm, pieces: ReturnType<typeof orderPieces>, categoryId: number): Set<number> {
  const piece = pieces.find((p) => p.categoryId === categoryId);
  const method = form.size.method;
  if (!piece || method === null) return new Set<number>();
  const mode = method === MEASURE_METHOD.standard ? MEASURE_METHOD.finished : method;
  return disabledParts(indexTree(piece.tree), piece.picks.crafts.selected, mode);
}

/** The subject of the checks from the professional order's form. */
export function professionalSubject(form: OrderForm): ProfessionalSubject {
  const { fabric, basic, size } = form;
  const unit = lengthUnitName(basic.heightUnit);
  const pieces = orderPieces(form);
  return {
    // PO-012: an MTM fabric counts once picked from the stock search (its stock answered)
    fabric: fabric.source === "sys" && fabric.inStock === null ? "" : fabric.code,
    pieces: pieces.map((piece, i) => {
      const index = indexTree(piece.tree);
      return {
        categoryId: piece.categoryId,
        name: piece.name,
        main: i === 0,
        crafts: piece.picks.crafts.selected.map((id) => {
          const node = index.byId.get(id);
          return {
            id,
            name: node?.name ?? String(id),
            sourceType: node?.sourceType ?? "LABEL",
            value: piece.picks.crafts.texts[id] ?? "",
          };
        }),
        monogram: piece.picks.monogram,
      };
    }),
    customer: {
      customerName: basic.customerName,
      shortName: basic.shortName,
      genderId: basic.genderId,
      height: basic.height,
      heightUnit: basic.heightUnit,
      weight: basic.weight,
      weightUnit: basic.weightUnit,
    },
    sizes: [
      { piece: null, parts: size.parts, values: size.values, disabled: disabledPartsOf(form), unit },
      ...size.pieces.map((p) => ({
        piece: p.name,
        parts: p.parts,
        values: size.values,
        // PO-038: a further piece's parts are disabled by its own chosen crafts (as the server checks them)
        disabled: pieceDisabledParts(form, pieces, p.categoryId),
        unit,
      })),
    ],
  };
}

/**
 * PO-036: the measurements the sizes check needs first: the chosen method's parts loaded (a failed
 * load must not let an order without sizes through) and, for standard sizes, the area, shape and size.
 */
export function measurementsRefusal(form: OrderForm): Refusal | null {
  if (form.size.method !== null && form.size.parts.length === 0) return { key: "size.notLoaded", field: "size.method" };
  if (form.size.pieces.some((p) => p.parts.length === 0)) return { key: "size.notLoaded", field: "size.method" };
  if (form.size.method === MEASURE_METHOD.standard) {
    const standard = firstStandardRefusal(form.size.standard, form.size.editOnce);
    if (standard) return { ...standard, field: "size.standard" } as Refusal;
  }
  return null;
}

/** PO-002: an edit of a further piece's crafts or monogram rows. */
export type PieceEdit = CraftEdit | Exclude<MonogramEdit, { type: "monogram.clear" }>;
const isMonogramEdit = (edit: PieceEdit): edit is Exclude<MonogramEdit, { type: "monogram.clear" }> =>
  edit.type === "user.addMonogram" || editsRow(edit);

/** The edit applies to a piece of the order (a further piece chosen), and a row edit to an existing row. */
export function isPieceEdit(form: OrderForm, piece: number, edit: PieceEdit): boolean {
  const picks = form.pieceCrafts[piece];
  if (!picks || !form.size.pieces.some((p) => p.categoryId === piece)) return false;
  if (editsRow(edit)) return isMonogramRow(picks.monogram, edit.index);
  return true;
}

/** A further piece's edit under the same craft and monogram rules as the order's own category. */
export function editPiece(
  form: OrderForm,
  piece: number,
  edit: PieceEdit,
): { pieceCrafts: OrderForm["pieceCrafts"]; refusal: Refusal | null } {
  const picks = form.pieceCrafts[piece];
  if (!picks) return { pieceCrafts: form.pieceCrafts, refusal: null };
  const tree = form.setup?.pieceTrees?.find((p) => p.categoryId === piece)?.tree ?? [];
  if (isMonogramEdit(edit)) {
    const result = editMonogram(picks.monogram, edit);
    const refusal: Refusal | null = result.refusal
      ? { ...result.refusal, field: `piece.${piece}.monogram.${"index" in edit ? edit.index : 0}` }
      : null;
    return { pieceCrafts: { ...form.pieceCrafts, [piece]: { ...picks, monogram: result.rows } }, refusal };
  }
  const result = editCrafts(indexTree(tree), picks.crafts, edit, piece);
  if (result.refusal)
    return { pieceCrafts: form.pieceCrafts, refusal: { ...result.refusal, field: `piece.${piece}.crafts` } };
  const next: PiecePicks = { crafts: result.crafts, monogram: result.clearedEmbroidery ? [] : picks.monogram };
  return { pieceCrafts: { ...form.pieceCrafts, [piece]: next }, refusal: null };
}

/**
 * PO-020: the unsaved form as it is kept while another category is open (and restored when the user
 * comes back), in the shape of an opened order: a new order of the category, without order number.
 */
export function keptForm(form: OrderForm): LoadedOrder {
  const picked = form.fabric.source === "cus" || form.fabric.inStock !== null;
  return {
    orderCode: "",
    basic: form.basic,
    fabric: { source: form.fabric.source, code: picked ? form.fabric.code : "" },
    crafts: form.crafts,
    monogram: form.monogram,
    contrast: form.contrast
      .filter((c) => c.positions.length > 0)
      .map((c) => ({ positions: [...c.positions], chooseFabric: c.chooseFabric, text: c.text })),
    size: {
      method: form.size.method,
      values: form.size.values,
      bodyTypes: form.size.bodyTypes,
      sizeAreaId: form.size.standard.areaId,
      shape: form.size.standard.shape,
      // PO-020: the size chosen (or none): a kept form is not opened under the edit-once flag (QO-087)
      sizeId: form.size.standard.sizeId,
      pieces: form.size.pieces.map((p) => p.categoryId),
    },
    pieceCrafts: form.pieceCrafts,
  };
}

/** PO-018: craft search begins at 2 characters. */
export const CRAFT_SEARCH_MIN = 2;

/** PO-018: the first option of a tree whose name contains the typed text (2 characters at least), with its group. */
export function findCraft(tree: readonly CraftNode[], text: string): { group: CraftNode; option: CraftNode } | null {
  const query = text.trim().toLowerCase();
  if (query.length < CRAFT_SEARCH_MIN) return null;
  const walk = (group: CraftNode, nodes: readonly CraftNode[]): { group: CraftNode; option: CraftNode } | null => {
    for (const node of nodes) {
      if (node.name.toLowerCase().includes(query)) return { group, option: node };
      const below = walk(group, node.children);
      if (below) return below;
    }
    return null;
  };
  for (const group of tree) {
    const found = walk(group, group.children);
    if (found) return found;
  }
  return null;
}
