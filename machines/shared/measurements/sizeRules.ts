/** Measurement checks of order entry (000 §5). */
export interface MeasurePart {
  id: number;
  name: string;
  minValue: number;
  maxValue: number;
  defaultValue: number;
  isMust: 0 | 1;
  /** The chosen customer's stored value, if any. */
  inputValue?: number | null;
}

export type SizeRefusal =
  | { key: "size.required"; name: string } // QO-147: "<name> cannot be empty"
  | { key: "size.outOfRange"; name: string; min: number; max: number }; // QO-148: "<name> out of range"

/** QO-157: a measurement is a number (digits with an optional decimal part). */
export function parseMeasure(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** QO-158: inside [min, max], bounds included. */
export const isWithinRange = (part: MeasurePart, value: number) => value >= part.minValue && value <= part.maxValue;

/** QO-148, QO-158: a filled value that is not a number or lies outside the part's range. */
export function isOutOfRange(part: MeasurePart, raw: string): boolean {
  if (raw.trim() === "") return false;
  const value = parseMeasure(raw);
  return value === null || !isWithinRange(part, value);
}

/**
 * QO-147, QO-148: required parts filled, filled parts in range; disabled parts are skipped; the
 * first failure in part order is reported.
 */
export function firstSizeRefusal(
  parts: readonly MeasurePart[],
  values: Readonly<Record<number, string>>,
  disabled: ReadonlySet<number>,
): SizeRefusal | null {
  for (const part of parts) {
    if (disabled.has(part.id)) continue;
    const raw = values[part.id] ?? "";
    if (raw.trim() === "") {
      if (part.isMust === 1) return { key: "size.required", name: part.name };
      continue;
    }
    if (isOutOfRange(part, raw))
      return { key: "size.outOfRange", name: part.name, min: part.minValue, max: part.maxValue };
  }
  return null;
}
