import { firstContrastRefusal, contrastField } from "../contrast.ts";
import { disabledParts, incompleteAccessory, indexTree, radioConflict, unfinishedText } from "../crafts.ts";
import { firstBasicInfoRefusal } from "../customer.ts";
import { MEASURE_METHOD } from "../ids.ts";
import { firstMonogramRefusal } from "../monogram.ts";
import { firstSizeRefusal } from "../measurements/sizes.ts";
import { firstStandardRefusal } from "../measurements/standardSizes.ts";
import { lengthUnitName } from "../units.ts";
import type { OrderForm } from "./form.ts";
import { piecesToMeasure } from "./measuredPieces.ts";
import type { StyleMessageKey } from "./styleTypes.ts";

/**
 * The refusals of order entry, each the first failure of its part in the documents' order (000 §5).
 * A refusal is a message key with its values, and the field it names (a stable id the views mark):
 * `customer.<field>`, `fabric`, `accessory.<groupId>`, `craft.<id>`, `monogram.<row>`, `contrast.<site>`,
 * `measurement.<partId>`, `size.method`, `size.presize`, `size.standard`, `style`.
 */
export type OrderEntryMessageKey =
  | "customer.nameRequired"
  | "customer.nicknameRequired"
  | "customer.heightRequired"
  | "customer.weightRequired"
  | "customer.heightOutOfRange"
  | "customer.weightOutOfRange"
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
  | "order.failed"
  /** The style order's (domain/orderEntry/style.ts, SO-017, SO-018). */
  | StyleMessageKey
  /** PO-024: no craft chosen in any piece. */
  | "craft.noneChosen"
  /** PO-031..035, D-06: "please fill in" + the label of the professional order's customer field. */
  | "customer.fillIn";

export type Refusal = { key: OrderEntryMessageKey; field?: string } & Record<string, unknown>;

/** The field each customer refusal names. */
const CUSTOMER_FIELD: Partial<Record<OrderEntryMessageKey, string>> = {
  "customer.nameRequired": "customer.name",
  "customer.nicknameRequired": "customer.shortName",
  "customer.heightRequired": "customer.height",
  "customer.weightRequired": "customer.weight",
  "customer.heightOutOfRange": "customer.height",
  "customer.weightOutOfRange": "customer.weight",
  "customer.weightUnitRequired": "customer.weightUnit",
  "customer.genderRequired": "customer.gender",
  "order.fabricRequired": "fabric",
};

/** QO-100: the standard-size choices (size area, shape, size) are one field; each refusal names it. */
const STANDARD_FIELD = {
  "size.areaRequired": "size.standard",
  "size.shapeRequired": "size.standard",
  "size.standardRequired": "size.standard",
} as const;

const withField = <R extends { key: string }>(refusal: R | null, field: string | undefined): Refusal | null =>
  refusal === null ? null : ({ ...refusal, ...(field ? { field } : {}) } as unknown as Refusal);

/** The category's craft tree, indexed. */
export const craftIndexOf = (form: Pick<OrderForm, "setup">) => indexTree(form.setup?.tree ?? []);

/** QO-121: the measurement parts the chosen crafts disable for the chosen method (skipped by checks, hidden by views). */
export const disabledPartsOf = (form: OrderForm): Set<number> =>
  form.size.method
    ? // Standard sizes are finished measurements: the extension's finished-garment mode applies.
      disabledParts(
        craftIndexOf(form),
        form.crafts.selected,
        form.size.method === MEASURE_METHOD.standard ? MEASURE_METHOD.finished : form.size.method,
      )
    : new Set<number>();

/** Customer fields (QO-130..133, D-06): the first missing one; the fabric last (QO-134). */
export function customerRefusal(form: OrderForm): Refusal | null {
  const refusal = firstBasicInfoRefusal({ ...form.basic, fabric: form.fabric.code });
  return withField(refusal, refusal ? CUSTOMER_FIELD[refusal.key] : undefined);
}

/** The fabric (QO-134): picked, and for our stock in stock (QO-149, QO-163). */
export function fabricRefusal(form: OrderForm): Refusal | null {
  if (!form.fabric.code.trim()) return { key: "order.fabricRequired", field: "fabric" };
  // QO-163: a fabric from our stock must be picked and in stock (a check still running counts as not yet)
  if (form.fabric.source === "sys" && form.fabric.inStock === false)
    return { key: "fabric.outOfStock", field: "fabric" };
  if (form.fabric.source === "sys" && form.fabric.inStock !== true)
    return { key: "order.fabricRequired", field: "fabric" };
  return null;
}

/** QO-136: a chosen accessory that takes a value or a picture and has none. */
export function accessoryRefusal(form: OrderForm): Refusal | null {
  const index = craftIndexOf(form);
  const refusal = incompleteAccessory(index, form.categoryId, form.crafts.selected, form.crafts.texts);
  const group = refusal && form.setup?.tree.find((g) => g.name === refusal.name);
  return withField(refusal, group ? `accessory.${group.id}` : undefined);
}

/** The first step-1 refusal of the quick order (QO-130..136): customer fields, the fabric and its stock, then the accessories. */
export function step1Refusal(form: OrderForm): Refusal | null {
  return customerRefusal(form) ?? fabricRefusal(form) ?? accessoryRefusal(form);
}

/** QO-093: the first chosen craft the base style does not offer. */
export function styleRefusal(form: OrderForm, styleBasicId = form.styleBasic.chosen): Refusal | null {
  const style = form.styleBasic.options.find((o) => o.id === styleBasicId);
  if (!style) return null;
  const index = craftIndexOf(form);
  const excluded = new Set(style.excludedCraftIds);
  const offending = form.crafts.selected.find((id) => excluded.has(id));
  return offending === undefined
    ? null
    : {
        key: "craft.notForStyle",
        craft: index.byId.get(offending)?.name ?? String(offending),
        style: style.name,
        field: "style",
      };
}

/** The first craft-step refusal: crafts (QO-145, QO-150), monogram (QO-137..142), contrast (QO-143, QO-144). */
export function step2Refusal(form: OrderForm): Refusal | null {
  const index = craftIndexOf(form);
  const craft =
    radioConflict(index, form.crafts.selected) ?? unfinishedText(index, form.crafts.selected, form.crafts.texts);
  if (craft) return withField(craft, "crafts");
  const monogram = firstMonogramRefusal(form.monogram, form.categoryId);
  if (monogram) {
    const row = form.monogram.findIndex((r) => (r.siteName || "") === monogram.site);
    return withField(monogram, `monogram.${Math.max(row, 0)}`);
  }
  const contrast = firstContrastRefusal(form.contrast);
  if (contrast) return withField(contrast, contrastField(form.contrast.findIndex((c) => c.siteName === contrast.site)));
  return null;
}

/** The first size refusal: sizes (QO-147, QO-148) and the pre-calculation (QO-097, QO-162) when `forSubmit`. */
export function step3Refusal(form: OrderForm, forSubmit: boolean): Refusal | null {
  // Every method needs its parts; a failed (or unsupported) load must not let an order without sizes through.
  if (form.size.method !== null && form.size.parts.length === 0) return { key: "size.notLoaded", field: "size.method" };
  // QO-100: standard sizes need a size area, a shape and a size (QO-087: or the opened order's saved size)
  if (form.size.method === MEASURE_METHOD.standard) {
    const standard = firstStandardRefusal(form.size.standard, form.size.editOnce);
    if (standard) return withField(standard, STANDARD_FIELD[standard.key]);
  }
  const unit = lengthUnitName(form.basic.heightUnit);
  const sizes = firstSizeRefusal(form.size.parts, form.size.values, disabledPartsOf(form), unit);
  if (sizes) return sizes as Refusal;
  // QO-040, QO-147, QO-148: each add-product's parts (the crafts disable parts of the main piece only);
  // issue 20 §7: a style's piece is checked on the parts it asks (the shared ones were checked above)
  for (const piece of form.styleOrder ? piecesToMeasure(form.size) : form.size.pieces) {
    if (piece.parts.length === 0) return { key: "size.notLoaded", field: "size.method" };
    const refusal = firstSizeRefusal(piece.parts, form.size.values, new Set(), unit);
    if (refusal) return { ...refusal, piece: piece.name };
  }
  if (forSubmit && form.size.method === MEASURE_METHOD.body && !form.size.presized)
    return { key: "size.presizeFirst", field: "size.presize" };
  return null;
}

/** The simple order's step 4 on save or submit: the customer (D-06), then whatever an earlier step would refuse. */
export function confirmRefusal(form: OrderForm, forSubmit: boolean): Refusal | null {
  return (
    customerRefusal(form) ??
    fabricRefusal(form) ??
    accessoryRefusal(form) ??
    step2Refusal(form) ??
    styleRefusal(form) ??
    step3Refusal(form, forSubmit)
  );
}
