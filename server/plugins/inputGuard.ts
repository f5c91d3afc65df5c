/** An unpaired UTF-16 surrogate: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a value cannot be stored or computed with: text no database column holds, a number that is not finite. */
export type Improper = { instancePath: string; keyword: "plainText" | "finite" | "maxDepth" };

/** Deeper than any request of the contract nests; a deeper value is refused as a whole (it is not walked). */
const MAX_DEPTH = 32;

const isImproperText = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text);

/**
 * The first string (value or object key) holding a NUL or a lone surrogate, or the first number that is not
 * finite (Infinity from `1e400`, or a query string's "Infinity" the validator coerced), in a request's
 * parameters or JSON body; `null` when there is none. The path is a JSON pointer, as the validator's.
 */
export function findImproper(value: unknown, instancePath = "", depth = 0): Improper | null {
  if (typeof value === "string") return isImproperText(value) ? { instancePath, keyword: "plainText" } : null;
  if (typeof value === "number") return Number.isFinite(value) ? null : { instancePath, keyword: "finite" };
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return { instancePath, keyword: "maxDepth" };
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    const path = `${instancePath}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    if (isImproperText(key)) return { instancePath: path, keyword: "plainText" };
    const found = findImproper(item, path, depth + 1);
    if (found) return found;
  }
  return null;
}
