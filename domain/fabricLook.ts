/**
 * The look of a catalogue fabric (colour, line colour, pattern), one formula shared by the seed that
 * stores it and the browser's garment preview that fills the sketch with it: the fabric code names
 * the fabric's place in the catalogue, and the place decides its kind, colour and pattern. The fabric
 * search and the order form carry the code only, so the preview derives the look here rather than
 * asking the server on every change.
 */

export const FABRIC_PREFIXES = ["VB", "RC", "HL", "ZG", "LP"] as const;
export type FabricKind = "suiting" | "shirting" | "coating";

export interface FabricColour {
  /** A stable key the views translate (`navy`, `skyBlue` ...). */
  key: string;
  en: string;
  zh: string;
  hex: string;
}

const colour = (key: string, en: string, zh: string, hex: string): FabricColour => ({ key, en, zh, hex });

export const FABRIC_PALETTES: Record<FabricKind, readonly FabricColour[]> = {
  suiting: [
    colour("navy", "Navy", "藏青", "#1f2a44"),
    colour("charcoal", "Charcoal", "炭灰", "#36393f"),
    colour("midGrey", "Mid grey", "中灰", "#6b6f76"),
    colour("lightGrey", "Light grey", "浅灰", "#a3a7ad"),
    colour("black", "Black", "黑色", "#141414"),
    colour("brown", "Brown", "棕色", "#5b3a29"),
    colour("olive", "Olive", "橄榄绿", "#556b2f"),
    colour("burgundy", "Burgundy", "酒红", "#6d1a2a"),
    colour("tan", "Tan", "卡其", "#b08a5a"),
    colour("royalBlue", "Royal blue", "宝蓝", "#27408b"),
  ],
  shirting: [
    colour("white", "White", "白色", "#f7f7f5"),
    colour("skyBlue", "Sky blue", "天蓝", "#a9c8e8"),
    colour("palePink", "Pale pink", "浅粉", "#f2c9cf"),
    colour("lilac", "Lilac", "淡紫", "#c8b6df"),
    colour("cream", "Cream", "米白", "#f1e8d0"),
    colour("mint", "Mint", "薄荷绿", "#bfe3cf"),
  ],
  coating: [
    colour("camel", "Camel", "驼色", "#c19a6b"),
    colour("charcoal", "Charcoal", "炭灰", "#36393f"),
    colour("navy", "Navy", "藏青", "#1f2a44"),
    colour("black", "Black", "黑色", "#141414"),
    colour("oatmeal", "Oatmeal", "燕麦色", "#d6cbb3"),
    colour("forestGreen", "Forest green", "墨绿", "#2f4a3a"),
  ],
};

export const PATTERNS = ["plain", "stripe", "check", "herringbone"] as const;
export type Pattern = (typeof PATTERNS)[number];
/** Plain fabrics are the most common; stripes and checks next. */
export const PATTERN_CYCLE: readonly Pattern[] = [
  "plain",
  "plain",
  "plain",
  "stripe",
  "stripe",
  "check",
  "check",
  "herringbone",
];

/** A deterministic 32-bit mix of the fabric index, so attributes vary independently of one another. */
export function fabricMix(i: number, salt: number): number {
  let h = Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A lighter line on a dark cloth, a darker one on a light cloth (stripes, checks, stitching). */
export function lineColour(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const mix = (c: number) => Math.round(isLightColour(hex) ? c * 0.6 : c + (255 - c) * 0.55);
  return `#${[mix(r), mix(g), mix(b)].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** A light cloth (its lines and stitching are drawn darker). */
export function isLightColour(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

/** The catalogue place i: its code, kind, colour and pattern. */
export const fabricCodeAt = (i: number) =>
  `${FABRIC_PREFIXES[i % FABRIC_PREFIXES.length]!}${String(1000 + i).padStart(4, "0")}`;
export const fabricKindAt = (i: number): FabricKind => (i % 10 < 6 ? "suiting" : i % 10 < 8 ? "shirting" : "coating");
export const fabricColourAt = (i: number): FabricColour => {
  const palette = FABRIC_PALETTES[fabricKindAt(i)];
  return palette[fabricMix(i, 1) % palette.length]!;
};
export const fabricPatternAt = (i: number): Pattern => PATTERN_CYCLE[fabricMix(i, 2) % PATTERN_CYCLE.length]!;

export interface FabricLook {
  code: string;
  colour: FabricColour;
  /** The lines of its pattern and the stitching drawn on it. */
  line: string;
  pattern: Pattern;
  light: boolean;
}

/** The look of a catalogue fabric by its code (any case, spaces trimmed); null for a code the catalogue does not make. */
export function fabricLookOf(code: string): FabricLook | null {
  const match = /^([A-Z]{2})(\d{4,})$/.exec(code.trim().toUpperCase());
  if (!match) return null;
  const i = Number(match[2]) - 1000;
  if (i < 0 || !Number.isSafeInteger(i) || fabricCodeAt(i) !== match[0]) return null;
  const c = fabricColourAt(i);
  return {
    code: match[0],
    colour: c,
    line: lineColour(c.hex),
    pattern: fabricPatternAt(i),
    light: isLightColour(c.hex),
  };
}
