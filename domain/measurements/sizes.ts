/** Measurement checks of order entry (000 §5), shared by the machines' guards and the server's draft check. */
export interface MeasurePart {
  id: number;
  /** The catalogue's code of the part ("chest", "waist" ...), when the catalogue sent it. */
  code?: string;
  name: string;
  minValue: number;
  maxValue: number;
  defaultValue: number;
  isMust: 0 | 1;
  /** The chosen customer's stored value, if any. */
  inputValue?: number | null;
}

/** The stable field id of a measurement input (the field a refusal names). */
export const measurementField = (partId: number) => `measurement.${partId}` as const;

export type SizeRefusal =
  | { key: "size.required"; name: string; field: `measurement.${number}` } // QO-147: "<name> cannot be empty"
  // QO-148: "<name> out of range (min–max unit)"
  | { key: "size.outOfRange"; name: string; min: number; max: number; unit: string; field: `measurement.${number}` };

/** QO-157: a measurement is a number (digits with an optional decimal part). */
export function parseMeasure(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** QO-158: inside [min, max], bounds included. */
export const isWithinRange = (part: Pick<MeasurePart, "minValue" | "maxValue">, value: number) =>
  value >= part.minValue && value <= part.maxValue;

/**
 * QO-147, QO-148, QO-157, QO-158: what is wrong with one part's value (typed text, or a number sent
 * in a draft): a required part left empty, a value that is not a number, or one outside [min, max].
 */
export function measureFault(
  part: Pick<MeasurePart, "minValue" | "maxValue" | "isMust">,
  raw: string | number | null | undefined,
): "required" | "notNumber" | "outOfRange" | null {
  if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === ""))
    return part.isMust === 1 ? "required" : null;
  const value = typeof raw === "number" ? raw : parseMeasure(raw);
  if (value === null || !Number.isFinite(value)) return "notNumber";
  return isWithinRange(part, value) ? null : "outOfRange";
}

/** QO-148, QO-158: a filled value that is not a number or lies outside the part's range. */
export function isOutOfRange(part: MeasurePart, raw: string): boolean {
  const fault = measureFault({ ...part, isMust: 0 }, raw);
  return fault === "notNumber" || fault === "outOfRange";
}

/**
 * QO-147, QO-148: required parts filled, filled parts in range; disabled parts are skipped; the
 * first failure in part order is reported (a value that is not a number is out of range here).
 * `unit`: the unit the parts' bounds are in, named by the refusal.
 */
export function firstSizeRefusal(
  parts: readonly MeasurePart[],
  values: Readonly<Record<number, string>>,
  disabled: ReadonlySet<number>,
  unit = "cm",
): SizeRefusal | null {
  for (const part of parts) {
    if (disabled.has(part.id)) continue;
    const fault = measureFault(part, values[part.id] ?? "");
    if (fault === "required") return { key: "size.required", name: part.name, field: measurementField(part.id) };
    if (fault)
      return {
        key: "size.outOfRange",
        name: part.name,
        min: part.minValue,
        max: part.maxValue,
        unit,
        field: measurementField(part.id),
      };
  }
  return null;
}
