import {
  accessoryGroups,
  asksForLogo,
  craftGroups,
  hasSurcharge,
  indexTree,
  type CraftNode,
} from "../../domain/crafts.ts";
import { GENDER, HEIGHT_UNIT, MEASURE_METHOD, UPLOADED_FONT_ID, WEIGHT_UNIT } from "../../domain/ids.ts";
import { offersSizes } from "../../domain/monogram.ts";
import { isOutOfRange, type MeasurePart } from "../../domain/measurements/sizes.ts";
import type { NamedId } from "../../domain/measurements/standardSizes.ts";
import { rememberedPicks } from "../../domain/orderEntry/form.ts";
import { disabledPartsOf } from "../../domain/orderEntry/refusals.ts";
import { lengthUnitName } from "../../domain/units.ts";
import type { OrderEntryContext } from "./types.ts";

/**
 * What the order-entry views read of a running order flow (quick or simple order): the facade of
 * the machine and of the domain rules behind it. Views import from here, never from domain/.
 */
type Snap = { context: OrderEntryContext };

/** The dictionary ids the views offer as choices. */
export { GENDER, HEIGHT_UNIT, MEASURE_METHOD, UPLOADED_FONT_ID, WEIGHT_UNIT };
export type { CraftNode, MeasurePart, NamedId };

/** The screen's length unit, as messages and labels name it ("cm" or "inch"). */
export const selectLengthUnit = (s: Snap) => lengthUnitName(s.context.basic.heightUnit);
/** QO-121: the measurement parts the chosen crafts disable (hidden). */
export const selectDisabledParts = (s: Snap) => disabledPartsOf(s.context);
/** The category's craft tree, indexed. */
export const selectCraftIndex = (s: Snap) => indexTree(s.context.setup?.tree ?? []);
/** QO-097: body measurements not yet pre-calculated. */
export const selectNeedsPresize = (s: Snap) =>
  s.context.size.method === MEASURE_METHOD.body && !s.context.size.presized;
/** QO-083: the picks the per-category cache keeps. */
export const selectRememberedPicks = (s: Snap) => rememberedPicks(s.context);

/** QO-148, QO-158: a typed value the input marks as out of range. */
export const isPartOutOfRange = (part: MeasurePart, raw: string) => isOutOfRange(part, raw);
/** D-12: embroidery sizes are offered for the category. */
export const categoryOffersEmbroiderySizes = (categoryId: number) => offersSizes(categoryId);
/** QO-037: the craft asks for the logo to be sent to the account manager. */
export const craftAsksForLogo = (node: Pick<CraftNode, "id">) => asksForLogo(node.id);
/** QO-038: a priced option shows its surcharge as a tip once chosen. */
export const craftHasSurcharge = (node: Pick<CraftNode, "price">) => hasSurcharge(node);
/** QO-017: the accessory groups chosen with the fabric in step 1. */
export const accessoryGroupsOf = (tree: readonly CraftNode[], categoryId: number) => accessoryGroups(tree, categoryId);

/**
 * The craft groups of the simple order's step 1 (the first half, rounded up) and step 2 (the rest);
 * the accessory groups are chosen with the fabric (QO-017) and are not among them.
 */
export function craftGroupsOfStep(
  tree: readonly CraftNode[],
  step: "first" | "rest" | "all",
  garmentCategory: number,
): CraftNode[] {
  const groups = craftGroups(tree, garmentCategory);
  const half = Math.ceil(groups.length / 2);
  return step === "first" ? groups.slice(0, half) : step === "rest" ? groups.slice(half) : groups;
}
