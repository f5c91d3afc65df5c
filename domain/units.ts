/** Units of order entry (000 §3, §4, §9; D-11): the only place a conversion factor is written. */
import { HEIGHT_UNIT, WEIGHT_UNIT } from "./ids.ts";

export { HEIGHT_UNIT, WEIGHT_UNIT };
/** QO-106: defaults are cm and kg. */
export const DEFAULT_HEIGHT_UNIT = HEIGHT_UNIT.cm;
export const DEFAULT_WEIGHT_UNIT = WEIGHT_UNIT.kg;
/** D-11: 1 in = 2.54 cm; 1 kg = 2.20462 lb. */
export const CM_PER_INCH = 2.54;
export const LB_PER_KG = 2.20462;
/** QO-058: the stepper adds 0.5 (cm). */
export const MEASURE_STEP = 0.5;

/** QO-107: two decimals. */
export const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** QO-103: lengths convert by 2.54 per inch, to two decimals. */
export function convertLength(value: number, from: number, to: number): number {
  if (from === to) return round2(value);
  return from === HEIGHT_UNIT.cm ? round2(value / CM_PER_INCH) : round2(value * CM_PER_INCH);
}

/** QO-103: a length given in cm (the catalogue's unit) in the screen's unit (null: cm). */
export const lengthFromCm = (cm: number, unit: number | null) =>
  convertLength(cm, HEIGHT_UNIT.cm, unit ?? HEIGHT_UNIT.cm);

/** The short name of a length unit, as messages show it. */
export const lengthUnitName = (unit: number | null): "cm" | "inch" => (unit === HEIGHT_UNIT.inch ? "inch" : "cm");

/** QO-104 (D-11): weights convert by 2.20462 lb per kg, to two decimals. */
export function convertWeight(value: number, from: number, to: number): number {
  if (from === to) return round2(value);
  return from === WEIGHT_UNIT.kg ? round2(value * LB_PER_KG) : round2(value / LB_PER_KG);
}

export interface Bounded {
  minValue: number;
  maxValue: number;
  defaultValue: number;
}

/** QO-103: a unit switch converts the value, the bounds and the default together. */
export function convertBounded<T extends Bounded>(part: T, convert: (n: number) => number): T {
  return {
    ...part,
    minValue: convert(part.minValue),
    maxValue: convert(part.maxValue),
    defaultValue: convert(part.defaultValue),
  };
}
