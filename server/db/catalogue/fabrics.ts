import type { fabrics } from "../schema.ts";
import { GARMENT } from "./ids.ts";
import {
  fabricCodeAt,
  fabricColourAt,
  fabricKindAt,
  fabricMix as mix,
  fabricPatternAt,
  lineColour,
  type Pattern,
} from "../../../domain/fabricLook.ts";

/**
 * The fabric catalogue: 2,000 deterministic fabrics. Code, price and stock keep the formula the
 * price calculator's tests rely on; the rest describes the cloth for the fabric preview (000 §2.6)
 * and draws its swatch.
 */
export const FABRIC_COUNT = 2000;

type Named = readonly [en: string, zh: string];
const patternNames: Record<Pattern, Named> = {
  plain: ["Plain", "素色"],
  stripe: ["Stripe", "条纹"],
  check: ["Check", "格纹"],
  herringbone: ["Herringbone", "人字纹"],
};

const compositions: Record<string, readonly Named[]> = {
  suiting: [
    ["100% wool, Super 120s", "100% 羊毛 120 支"],
    ["100% wool, Super 150s", "100% 羊毛 150 支"],
    ["98% wool, 2% elastane", "98% 羊毛 2% 氨纶"],
    ["70% wool, 30% mohair", "70% 羊毛 30% 马海毛"],
    ["50% wool, 25% silk, 25% linen", "50% 羊毛 25% 真丝 25% 亚麻"],
  ],
  shirting: [
    ["100% cotton, 100s two-ply", "100% 棉 100 支双股"],
    ["100% cotton, 140s two-ply", "100% 棉 140 支双股"],
    ["60% cotton, 40% linen", "60% 棉 40% 亚麻"],
  ],
  coating: [
    ["100% cashmere", "100% 羊绒"],
    ["90% wool, 10% cashmere", "90% 羊毛 10% 羊绒"],
    ["100% wool", "100% 羊毛"],
  ],
};

function weave(kind: string, pattern: Pattern, i: number): Named {
  if (pattern === "herringbone") return ["Herringbone twill", "人字斜纹"];
  if (kind === "shirting")
    return pattern === "stripe" ? ["Oxford", "牛津纺"] : i % 2 === 0 ? ["Poplin", "府绸"] : ["Twill", "斜纹"];
  if (kind === "coating") return i % 2 === 0 ? ["Flannel", "法兰绒"] : ["Melton", "麦尔登"];
  return pattern === "plain" && i % 3 === 0 ? ["Plain weave", "平纹"] : ["Twill", "斜纹"];
}

function flowerRemark(pattern: Pattern, i: number): Named {
  const step = (0.5 + (i % 4) * 0.5).toFixed(1);
  switch (pattern) {
    case "stripe":
      return [`Stripe spacing ${step} cm`, `条纹间距 ${step} 厘米`];
    case "check":
      return [`Check ${step} × ${step} cm`, `格子 ${step} × ${step} 厘米`];
    case "herringbone":
      return [`Herringbone width ${step} cm`, `人字宽 ${step} 厘米`];
    default:
      return ["Solid colour", "纯色"];
  }
}

function remark(kind: string, grams: number, i: number): Named {
  if (kind === "shirting") return i % 3 === 0 ? ["Easy iron", "易打理"] : ["Breathable", "透气"];
  if (kind === "coating") return ["Winter weight", "冬季厚款"];
  if (grams < 250) return ["Summer weight", "夏季轻薄"];
  if (grams < 290) return ["Four-season", "四季款"];
  return ["Autumn and winter", "秋冬款"];
}

export const swatchPath = (fabricCode: string) => `/api/pc/fabric/swatch/${fabricCode}`;

/** Deterministic fabric list: code, price per metre and stock (every 17th is out of stock), and its description. */
export function fabricRow(i: number) {
  // code, kind, colour and pattern: the formula the garment preview shares (domain/fabricLook.ts)
  const fabricCode = fabricCodeAt(i);
  const kind = fabricKindAt(i);
  const { en: colorEn, zh: colorZh, hex: colorHex } = fabricColourAt(i);
  const pattern = fabricPatternAt(i);
  const composition = compositions[kind]![mix(i, 3) % compositions[kind]!.length]!;
  const spread = mix(i, 4);
  const weightGrams =
    kind === "shirting" ? 100 + (spread % 40) : kind === "coating" ? 380 + (spread % 140) : 220 + (spread % 100);
  const [soledad, soledadZh] = weave(kind, pattern, mix(i, 5));
  const [flowerRemarkEn, flowerRemarkZh] = flowerRemark(pattern, mix(i, 6));
  const [remarkEn, remarkZh] = remark(kind, weightGrams, mix(i, 7));
  return {
    fabricCode,
    pricePerMeterCents: 800 + ((i * 7919) % 5200),
    stockCentimeters: i % 17 === 0 ? 0 : 500 + ((i * 104729) % 20000),
    kind,
    pattern,
    colorHex,
    lineHex: lineColour(colorHex),
    colorTypeName: colorEn,
    colorTypeNameZh: colorZh,
    flowerPatternName: patternNames[pattern][0],
    flowerPatternNameZh: patternNames[pattern][1],
    flowerRemark: flowerRemarkEn,
    flowerRemarkZh,
    soledad,
    soledadZh,
    fabricProName: composition[0],
    fabricProNameZh: composition[1],
    weightGrams,
    remark: remarkEn,
    remarkZh,
    // Every 23rd fabric has no picture (the preview's "no fabric garment picture" fallback).
    imagePath: i % 23 === 11 ? "" : swatchPath(fabricCode),
  } satisfies typeof fabrics.$inferInsert;
}

/** Fabric kinds each garment category is made of. */
export const CATEGORY_FABRIC_KINDS: Record<number, readonly string[]> = {
  [GARMENT.suit]: ["suiting"],
  [GARMENT.shirt]: ["shirting"],
  [GARMENT.trousers]: ["suiting"],
  [GARMENT.waistcoat]: ["suiting"],
  [GARMENT.overcoat]: ["coating", "suiting"],
  [GARMENT.womensSuit]: ["suiting"],
  [GARMENT.accessories]: ["suiting", "shirting"],
  [GARMENT.special]: ["suiting", "coating"],
};
