/**
 * A customer's measurement history (issue 24, designed): what changed between two kept sets of height,
 * weight and measurements, and by how much, in the newer set's units (D-11 converts an older set kept
 * in other units). The details page shows it per version; order entry's save-back question lists it.
 */
import { convertLength, convertWeight, HEIGHT_UNIT, lengthUnitName, round2, WEIGHT_UNIT } from "../units.ts";

export interface MeasureSet {
  height: number;
  heightUnit: number;
  weight: number;
  weightUnit: number;
  /** Sizes in cm, by part; `group` names the garment and method the part belongs to. */
  sizes: ReadonlyArray<{ partId: number; name: string; group: string; partSizeCm: number }>;
}

export interface MeasureChange {
  /** "height", "weight" or the part's id. */
  what: "height" | "weight" | number;
  name: string;
  group: string;
  /** In the newer set's unit; null when the value was not kept before (or is no longer). */
  before: number | null;
  after: number | null;
  /** after − before, or null when one side is missing. */
  delta: number | null;
  unit: "cm" | "inch" | "kg" | "lb";
}

const change = (
  what: MeasureChange["what"],
  name: string,
  group: string,
  before: number | null,
  after: number | null,
  unit: MeasureChange["unit"],
): MeasureChange | null =>
  before === after
    ? null
    : {
        what,
        name,
        group,
        before,
        after,
        delta: before === null || after === null ? null : round2(after - before),
        unit,
      };

/**
 * Every difference from `before` to `after`: height, weight, then the parts in the newer set's order (a
 * part gone last). With no `before` (the first version) every value is new.
 */
export function measureChanges(before: MeasureSet | null, after: MeasureSet): MeasureChange[] {
  const lengthUnit = lengthUnitName(after.heightUnit);
  const weightUnit = after.weightUnit === WEIGHT_UNIT.lb ? "lb" : "kg";
  const inLength = (cm: number) => convertLength(cm, HEIGHT_UNIT.cm, after.heightUnit);
  const changes: Array<MeasureChange | null> = [
    change(
      "height",
      "",
      "",
      before ? convertLength(before.height, before.heightUnit, after.heightUnit) : null,
      round2(after.height),
      lengthUnit,
    ),
    change(
      "weight",
      "",
      "",
      before ? convertWeight(before.weight, before.weightUnit, after.weightUnit) : null,
      round2(after.weight),
      weightUnit,
    ),
  ];
  const older = new Map((before?.sizes ?? []).map((s) => [s.partId, s]));
  for (const size of after.sizes) {
    const was = older.get(size.partId);
    changes.push(
      change(
        size.partId,
        size.name,
        size.group,
        was ? inLength(was.partSizeCm) : null,
        inLength(size.partSizeCm),
        lengthUnit,
      ),
    );
    older.delete(size.partId);
  }
  for (const gone of older.values())
    changes.push(change(gone.partId, gone.name, gone.group, inLength(gone.partSizeCm), null, lengthUnit));
  return changes.filter((c): c is MeasureChange => c !== null);
}
