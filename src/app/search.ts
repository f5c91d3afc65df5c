/** Search-parameter readers shared by route definitions: malformed values are dropped, not thrown. */
export function optionalInt(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function optionalText(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" && value.length <= 200 ? value : undefined;
}

/** Keeps only the defined entries, so links and redirects stay clean. */
export function compact<T extends Record<string, unknown>>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as T;
}
