/**
 * Order labels (001 §3, §5, §9; 002 §3, §5, §9): the colours a label may take, the colour of its text,
 * and the checks of a new label. The browser's library form and the server's saveLabel call the same
 * functions.
 */

/** LABEL-003: the nine colours the label library offers. */
export const LABEL_COLOURS = [
  "#FF5733",
  "#008080",
  "#673AB7",
  "#FFD166",
  "#E91E63",
  "#4CAF50",
  "#2196F3",
  "#9E9D24",
  "#795548",
] as const;

/** LABEL-004: the colour a new label starts with. */
export const DEFAULT_LABEL_COLOUR = "#D87508";

/**
 * The colours a label may be saved with: the nine and the default (designed: the documents offer no
 * other colour, so any other hex colour, even a well-formed one, is refused).
 */
export const ALLOWED_LABEL_COLOURS: readonly string[] = [DEFAULT_LABEL_COLOUR, ...LABEL_COLOURS];

/** The only label type the documents name (LABEL-001, LABEL-010). */
export const LABEL_TYPE = "cart";

/** Designed: a label's text is a short chip, at most this many characters. */
export const MAX_LABEL_LENGTH = 30;

/** Designed: an account keeps at most this many labels. */
export const MAX_LABELS = 100;

/** LABEL-005: above this luminance the label's text is black, else white. */
export const LUMINANCE_THRESHOLD = 186;

const HEX = /^#([0-9A-Fa-f]{6})$/;

/** A colour as stored: "#RRGGBB" in upper case, or null when it is not a six-digit hex colour. */
export function normaliseColour(colour: string): string | null {
  const match = HEX.exec(colour.trim());
  return match ? `#${match[1]!.toUpperCase()}` : null;
}

/** LABEL-005: 0.299 R + 0.587 G + 0.114 B of a "#RRGGBB" colour (0..255); null for anything else. */
export function luminance(colour: string): number | null {
  const hex = normaliseColour(colour);
  if (hex === null) return null;
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** LABEL-005: black text on a light label (luminance above 186), white otherwise (and on a colour it cannot read). */
export function labelTextColour(colour: string): "#000000" | "#FFFFFF" {
  const value = luminance(colour);
  return value !== null && value > LUMINANCE_THRESHOLD ? "#000000" : "#FFFFFF";
}

/** Why a new label cannot be saved: a message key and the field it names. */
export type LabelRefusal =
  | { key: "label.colorRequired"; field: "color" }
  | { key: "label.colorInvalid"; field: "color" }
  | { key: "label.contentRequired"; field: "content" }
  | { key: "label.tooLong"; field: "content"; max: number };

/**
 * The first reason a label cannot be saved, in the order of the form: LABEL-006 the colour is
 * required, then it must be one of the offered colours; LABEL-007 the text is required, then at most
 * MAX_LABEL_LENGTH characters (counted as characters, not UTF-16 units).
 */
export function firstLabelRefusal(label: { color?: string; content?: string }): LabelRefusal | null {
  const colour = (label.color ?? "").trim();
  // LABEL-006
  if (colour === "") return { key: "label.colorRequired", field: "color" };
  const hex = normaliseColour(colour);
  if (hex === null || !ALLOWED_LABEL_COLOURS.includes(hex)) return { key: "label.colorInvalid", field: "color" };
  const content = (label.content ?? "").trim();
  // LABEL-007
  if (content === "") return { key: "label.contentRequired", field: "content" };
  if ([...content].length > MAX_LABEL_LENGTH) return { key: "label.tooLong", field: "content", max: MAX_LABEL_LENGTH };
  return null;
}

/**
 * LABEL-002: a comma-separated list of label ids ("1,2" or "1,2,"), each a positive integer, in order,
 * duplicates dropped; null when a part is not an id.
 */
export function parseLabelIds(text: string | undefined): number[] | null {
  const parts = (text ?? "").split(",").filter((part) => part.trim() !== "");
  const ids: number[] = [];
  for (const part of parts) {
    const trimmed = part.trim();
    if (!/^[0-9]{1,10}$/.test(trimmed)) return null;
    const id = Number(trimmed);
    if (id < 1 || id > 2_147_483_647) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** LABEL-002: the ids as the API carries them. */
export const formatLabelIds = (ids: readonly number[]) => ids.join(",");

/** WCAG 2 relative luminance (0..1) of a "#RRGGBB" colour. */
function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two "#RRGGBB" colours (1..21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for a chip's small text. */
export const MIN_CONTRAST = 4.5;

/**
 * The background a chip is drawn with (designed, beyond LABEL-005): the label's own colour when its text
 * colour (LABEL-005) reads on it at WCAG AA; otherwise the same hue darkened in 5% steps until it does
 * (the 186 rule leaves white text on some of the nine colours, e.g. #4CAF50, below 3:1).
 */
export function chipBackground(colour: string): string {
  const hex = normaliseColour(colour);
  if (hex === null) return "#475569";
  const text = labelTextColour(hex);
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  for (let factor = 1; factor > 0; factor -= 0.05) {
    const shade = `#${channels
      .map((c) =>
        Math.round(c * factor)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
      .toUpperCase()}`;
    if (contrastRatio(shade, text) >= MIN_CONTRAST) return shade;
  }
  return text === "#FFFFFF" ? "#000000" : "#FFFFFF";
}
