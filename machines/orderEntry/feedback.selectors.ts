import { HEIGHT_UNIT, MEASURE_METHOD as SIZE_METHOD } from "../../domain/ids.ts";
import { disabledPartsOf } from "../../domain/orderEntry/refusals.ts";
import type {
  OrderEntryContext as QuickOrderContext,
  OrderEntryNotice as QuickOrderNotice,
} from "../orderEntry/types.ts";

/**
 * What the order-entry views read of a refusal (quick and simple orders): the notice to say, with the
 * length unit of an out-of-range measurement (QO-148: the range is named), and the stable id of the
 * field it names, so the view can mark, scroll to and focus that field (000 §8). The views only render
 * this; which field a refusal names is decided here.
 */
export interface RefusalView {
  notice: QuickOrderNotice;
  /** `customer.name`, `fabric`, `measurement.<partId>`, `size.presize` ... (the names domain/ gives); null for none. */
  field: string | null;
}

/** The customer fields a step-1 refusal names (QO-130..133, D-06). */
const CUSTOMER_FIELD: Record<string, string> = {
  "customer.nameRequired": "customer.name",
  "customer.nicknameRequired": "customer.shortName",
  "customer.heightRequired": "customer.height",
  "customer.weightRequired": "customer.weight",
  "customer.weightUnitRequired": "customer.weightUnit",
  "customer.genderRequired": "customer.gender",
};

/** The length unit the screen shows measurements in (QO-103). */
export const lengthUnitOf = (context: QuickOrderContext): "cm" | "inch" =>
  context.basic.heightUnit === HEIGHT_UNIT.inch ? "inch" : "cm";

/** QO-147, QO-148: the measurement a size refusal names (by its part and, for an add-product, its piece). */
function measurementField(context: QuickOrderContext, notice: QuickOrderNotice): string | null {
  if (typeof notice.partId === "number") return `measurement.${notice.partId}`;
  const name = typeof notice.name === "string" ? notice.name : "";
  const piece = notice.piece ? context.size.pieces.find((p) => p.name === notice.piece) : undefined;
  const disabled = piece ? new Set<number>() : disabledPartsOf(context);
  const parts = (piece?.parts ?? context.size.parts).filter((p) => !disabled.has(p.id));
  const part = parts.find((p) => p.name === name);
  return part ? `measurement.${part.id}` : null;
}

/** The field a refusal names, or null (a craft, monogram or contrast refusal is said without one). */
export function refusalField(context: QuickOrderContext, notice: QuickOrderNotice): string | null {
  if (typeof notice.field === "string") return notice.field;
  const key = notice.key;
  if (key in CUSTOMER_FIELD) return CUSTOMER_FIELD[key]!;
  switch (key) {
    // QO-134, QO-163
    case "order.fabricRequired":
    case "fabric.outOfStock":
      return "fabric";
    // QO-147, QO-148
    case "size.required":
    case "size.outOfRange":
      return measurementField(context, notice);
    // QO-097, QO-162: the pre-calculation button
    case "size.presizeFirst":
      return "size.presize";
    // QO-100
    case "size.areaRequired":
    case "size.shapeRequired":
    case "size.standardRequired":
      return "size.standard";
    default:
      return null;
  }
}

/** The refusal of the order entry as the views show it, or null. */
export function refusalView(context: QuickOrderContext): RefusalView | null {
  const notice = context.refusal;
  if (!notice) return null;
  // QO-148: an out-of-range measurement names its range in the screen's unit
  const named =
    notice.key === "size.outOfRange" && notice.unit === undefined ? { ...notice, unit: lengthUnitOf(context) } : notice;
  return { notice: named, field: refusalField(context, notice) };
}

/**
 * QO-057: the finished sizes shown beside the body measurements (by body part id): those of the last
 * pre-calculation while it still holds (a change of a body value or of the customer's body data
 * takes them away until they are calculated again); none for the other methods.
 */
export const shownFinishedSizes = (context: QuickOrderContext): Readonly<Record<number, string>> | null =>
  context.size.method === SIZE_METHOD.body && context.size.presized ? context.size.finished : null;

type Snap = { context: QuickOrderContext };

/** The refusal recorded (its identity changes with every new refusal), or null. */
export const selectRefusal = (s: Snap) => s.context.refusal;
/** The field the refusal names (`craft.<id>`, `piece.<id>.craft.<id>` ...), or null. */
export const selectRefusedField = (s: Snap): string | null => {
  const field = s.context.refusal?.field;
  return typeof field === "string" ? field : null;
};

/** One view per refusal recorded (the fields read it on every change of the order while it stands). */
const views = new WeakMap<QuickOrderNotice, RefusalView | null>();
/** The refusal as the views show it (its notice and the field it names), or null; the same object while it stands. */
export const selectRefusalView = (s: Snap): RefusalView | null => {
  const notice = s.context.refusal;
  if (!notice) return null;
  if (!views.has(notice)) views.set(notice, refusalView(s.context));
  return views.get(notice)!;
};
