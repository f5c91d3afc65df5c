/** Standard sizes of order entry (method 10054; 000 §3 "Standard size", §4; QO-100, QO-087). */
export interface NamedId {
  id: number;
  name: string;
}

export interface StandardSize {
  id: number;
  name: string;
  property: string;
  /** The shape (dictionary 43) and size area (dictionary 44) the size belongs to. */
  shape: number;
  sizeAreaId: number;
  /** The finished measurements of the size, in cm. */
  details: Array<{ partId: number; name: string; value: number }>;
}

/** The size-area and shape buttons of a category (`GET pc/dict/shapeCategory`). */
export interface StandardChoices {
  shapes: NamedId[];
  sizeAreas: NamedId[];
}

export interface StandardState {
  choices: StandardChoices;
  areaId: number | null;
  shape: number | null;
  /** The sizes of the chosen area and shape, smallest first. */
  sizes: StandardSize[];
  /** The chosen size; its details fill the finished measurements. */
  sizeId: number | null;
}

export const emptyStandard = (): StandardState => ({
  choices: { shapes: [], sizeAreas: [] },
  areaId: null,
  shape: null,
  sizes: [],
  sizeId: null,
});

export type StandardRefusal =
  { key: "size.areaRequired" } | { key: "size.shapeRequired" } | { key: "size.standardRequired" };

/**
 * QO-100: a size area, a shape and a size are needed, in that order. QO-087: while the saved sizes
 * of an opened order stand (`editOnce`), they count as the chosen size.
 */
export function firstStandardRefusal(standard: StandardState, editOnce: boolean): StandardRefusal | null {
  if (standard.areaId === null) return { key: "size.areaRequired" };
  if (standard.shape === null) return { key: "size.shapeRequired" };
  if (standard.sizeId === null && !editOnce) return { key: "size.standardRequired" };
  return null;
}

/** The measurement values a standard size fills (converted to the screen's length unit). */
export function valuesOfStandard(size: StandardSize, toUnit: (cm: number) => number): Record<number, string> {
  return Object.fromEntries(size.details.map((d) => [d.partId, String(toUnit(d.value))]));
}

/** The loaded size whose measurements are exactly `values` (a saved order's size, QO-087), if any. */
export function sizeMatching(
  sizes: readonly StandardSize[],
  values: Readonly<Record<number, string>>,
  toUnit: (cm: number) => number,
): StandardSize | undefined {
  return sizes.find(
    (size) =>
      size.details.length > 0 &&
      size.details.every((d) => values[d.partId] !== undefined && Number(values[d.partId]) === toUnit(d.value)),
  );
}
