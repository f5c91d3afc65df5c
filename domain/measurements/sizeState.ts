import { pickPosture, specOfDetail, type PostureSpec } from "./posture.ts";
import type { MeasurePart } from "./sizes.ts";
import { emptyStandard, valuesOfStandard, type NamedId, type StandardState } from "./standardSizes.ts";
import { lengthFromCm } from "../units.ts";

/**
 * The measurements of one order (000 §4): the method's parts with the values typed, the body
 * posture, the standard size picked, and the add-products (QO-040, QO-091..102).
 */

export interface SizeState {
  method: number | null;
  parts: MeasurePart[];
  values: Record<number, string>;
  /** QO-097: body measurements need the finished-size pre-calculation before submit. */
  presized: boolean;
  /** QO-057, QO-168: the finished sizes of the last pre-calculation, by body part id (shown while `presized`). */
  finished: Record<number, string>;
  /** What the loaded parts were loaded for (method, customer, height unit); a change reloads them. */
  loadedFor: string | null;
  /** QO-042, QO-096, QO-099: the body-posture specs of the method and the chosen detail ids (one per spec). */
  postures: PostureSpec[];
  bodyTypes: number[];
  /** QO-100: method 10054's size area, shape and size. */
  standard: StandardState;
  /**
   * QO-087, the edit-once flag: set when an opened order (edit, buy again) has standard sizes. While
   * it is set, the order's saved size stands: its values are restored on the first load of the parts
   * and of the size list and are not replaced by the defaults (a customer's stored sizes, a new
   * list), and they count as the chosen size. The user's first own standard choice (another size
   * area, shape or size, or another method) clears it, so it acts once.
   */
  editOnce: boolean;
  /** QO-040: the add-products the order's category offers (`isAdd`), loaded with the measurements. */
  addable: NamedId[];
  /**
   * QO-040: the add-products chosen, each an extra garment piece with its own measurement parts (in
   * the screen's unit). Their values live in `values` too: part ids are unique across categories.
   */
  pieces: AddedPiece[];
}

/** QO-040: an extra garment piece (an add-product) and its measurement parts. */
export interface AddedPiece {
  categoryId: number;
  name: string;
  parts: MeasurePart[];
}

/** The empty size state of a method (QO-101, QO-102: choosing a method clears everything loaded for the previous one). */
export const emptySize = (method: number | null): SizeState => ({
  method,
  parts: [],
  values: {},
  presized: false,
  finished: {},
  loadedFor: null,
  postures: [],
  bodyTypes: [],
  standard: emptyStandard(),
  editOnce: false,
  addable: [],
  pieces: [],
});

/** QO-040: the values of the add-products' parts (they share `size.values` with the main piece). */
export const pieceValuesOf = (size: SizeState): Record<number, string> => {
  const ids = new Set(size.pieces.flatMap((piece) => piece.parts.map((p) => String(p.id))));
  return Object.fromEntries(Object.entries(size.values).filter(([id]) => ids.has(id)));
};

/** The edits of the loaded measurements, as the flows receive them. */
export type MeasurementsEdit =
  | { type: "user.setMeasure"; partId: number; value: string }
  /** QO-096: one detail per posture spec. */
  | { type: "user.pickPosture"; detailId: number }
  /** QO-100: a size of the loaded size list. */
  | { type: "user.pickStandardSize"; sizeId: number };

/**
 * The measurements' reducer: what an edit makes of the size state (`heightUnit`: the screen's length
 * unit, which standard sizes, given in cm, are shown in).
 */
export function editSize(size: SizeState, heightUnit: number, event: MeasurementsEdit): SizeState {
  switch (event.type) {
    // QO-097: a changed value needs the pre-calculation again
    case "user.setMeasure":
      return { ...size, values: { ...size.values, [event.partId]: event.value }, presized: false };
    case "user.pickPosture":
      return { ...size, bodyTypes: pickPosture(size.postures, size.bodyTypes, event.detailId) };
    // QO-100: the chosen size fills the finished measurements, which the user may then adjust (QO-087: the saved size no longer stands)
    case "user.pickStandardSize": {
      const chosen = size.standard.sizes.find((s) => s.id === event.sizeId);
      if (!chosen) return size;
      const toUnit = (n: number) => lengthFromCm(n, heightUnit);
      return {
        ...size,
        standard: { ...size.standard, sizeId: chosen.id },
        values: { ...pieceValuesOf(size), ...valuesOfStandard(chosen, toUnit) },
        presized: false,
        editOnce: false,
      };
    }
  }
}

/** QO-096: only a detail of a loaded posture spec can be picked; QO-100: only a size of the loaded list. */
export function isOfferedEdit(size: SizeState, event: MeasurementsEdit): boolean {
  if (event.type === "user.pickPosture") return specOfDetail(size.postures, event.detailId) !== undefined;
  if (event.type === "user.pickStandardSize") return size.standard.sizes.some((s) => s.id === event.sizeId);
  return true;
}
