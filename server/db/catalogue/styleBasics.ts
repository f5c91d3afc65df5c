import type { crafts, styleBasicExcludedCrafts, styleBasics } from "../schema.ts";
import { categoryIndex, GARMENT, type GarmentId } from "./ids.ts";

/**
 * Base styles (style basics, designed here: 000 §9 does not show them). Each garment category has
 * two or three base pattern blocks; the first is the default. A base may exclude crafts of the
 * category's tree (by code; an excluded option takes its sub-options with it). Defaults are never
 * excluded, so every base keeps the category's default choices.
 */
interface Base {
  code: string;
  en: string;
  zh: string;
  description: readonly [en: string, zh: string];
  excludes?: readonly string[];
}

const BASES: Record<GarmentId, readonly Base[]> = {
  [GARMENT.suit]: [
    {
      code: "SB_CLASSIC2",
      en: "Classic two-button",
      zh: "经典两粒扣",
      description: ["Natural shoulder, every option of the suit", "自然肩型，可选全部西服工艺"],
    },
    {
      code: "SB_SLIM1",
      en: "Slim one-button",
      zh: "修身一粒扣",
      description: [
        "Close-cut block; no comfort fit, three-button or double-breasted fronts",
        "贴体版型；不可选宽松、三粒扣或双排扣",
      ],
      excludes: ["FIT_LOOSE", "FRONT_SB3", "FRONT_DB6", "POCKET_PATCH"],
    },
    {
      code: "SB_COUNTRY",
      en: "Country",
      zh: "乡村休闲",
      description: [
        "Soft block for tweeds; no shawl collar or Milanese buttonhole",
        "适合粗花呢的柔软版型；不可选青果领或米兰眼",
      ],
      excludes: ["LAPEL_SHAWL", "FRONT_DB6", "DET_MILANESE"],
    },
  ],
  [GARMENT.shirt]: [
    {
      code: "SB_SHIRT_CLASSIC",
      en: "Classic fit",
      zh: "经典版",
      description: ["Every option of the shirt", "可选全部衬衫工艺"],
    },
    {
      code: "SB_SHIRT_SLIM",
      en: "Slim fit",
      zh: "修身版",
      description: ["Darted back; no comfort fit or box pleat", "后片收省；不可选宽松或箱褶"],
      excludes: ["FIT_LOOSE", "BACK_BOX"],
    },
    {
      code: "SB_SHIRT_CASUAL",
      en: "Casual",
      zh: "休闲版",
      description: ["No wing collar or French cuffs", "不可选翼领或法式袖口"],
      excludes: ["COLLAR_WING", "CUFF_FRENCH"],
    },
  ],
  [GARMENT.trousers]: [
    {
      code: "SB_TROUSER_FLAT",
      en: "Flat-front classic",
      zh: "经典平前片",
      description: ["Every option of the trousers", "可选全部西裤工艺"],
    },
    {
      code: "SB_TROUSER_PLEAT",
      en: "Pleated",
      zh: "打褶款",
      description: ["Full-length, roomy block; no slim fit or shorts", "宽松长裤版型；不可选修身或短裤"],
      excludes: ["FIT_SLIM", "LEG_SHORTS"],
    },
  ],
  [GARMENT.waistcoat]: [
    {
      code: "SB_WC_CLASSIC",
      en: "Classic",
      zh: "经典款",
      description: ["Every option of the waistcoat", "可选全部马甲工艺"],
    },
    {
      code: "SB_WC_FORMAL",
      en: "Formal",
      zh: "礼服款",
      description: ["Pointed bottom, two pockets", "尖下摆，两个口袋"],
      excludes: ["WC_POCKET4", "WC_BOTTOM_STRAIGHT"],
    },
  ],
  [GARMENT.overcoat]: [
    {
      code: "SB_CHESTERFIELD",
      en: "Chesterfield",
      zh: "切斯特菲尔德",
      description: ["Every option of the overcoat", "可选全部大衣工艺"],
    },
    {
      code: "SB_POLO",
      en: "Polo coat",
      zh: "马球大衣",
      description: ["No cape or stand collar", "不可选披肩或立领"],
      excludes: ["COAT_CAPE", "CC_STAND"],
    },
    {
      code: "SB_SHORT_COAT",
      en: "Short coat",
      zh: "短大衣",
      description: ["Above the knee or knee length; no cape", "膝上或及膝；不可选披肩"],
      excludes: ["CL_MIDCALF", "COAT_CAPE"],
    },
  ],
  [GARMENT.womensSuit]: [
    {
      code: "SB_W_CLASSIC",
      en: "Classic",
      zh: "经典款",
      description: ["Every option of the women's suit", "可选全部女士套装工艺"],
    },
    {
      code: "SB_W_SLIM",
      en: "Slim",
      zh: "修身款",
      description: ["No comfort fit or A-line skirt", "不可选宽松或A字裙"],
      excludes: ["FIT_LOOSE", "WB_ALINE"],
    },
  ],
  [GARMENT.accessories]: [
    { code: "SB_ACC_ALL", en: "Full range", zh: "全系列", description: ["Every series", "可选全部系列"] },
    {
      code: "SB_ACC_NECKWEAR",
      en: "Neckwear",
      zh: "领带领结",
      description: ["Ties and bow ties only", "仅领带和领结"],
      excludes: ["SERIES_SQUARE", "SERIES_SCARF"],
    },
  ],
  [GARMENT.special]: [
    {
      code: "SB_UNIFORM",
      en: "Corporate uniform",
      zh: "企业制服",
      description: ["Every option of the special order", "可选全部特殊定制工艺"],
    },
    {
      code: "SB_CEREMONIAL",
      en: "Ceremonial",
      zh: "礼仪服",
      description: ["No pen pocket or shorts", "不可选笔袋或短裤"],
      excludes: ["UNI_PEN", "LEG_SHORTS"],
    },
  ],
};

/** Base style ids: 60000 + 10 × the category index + k (k ≥ 1). */
export const styleBasicId = (categoryId: GarmentId, k: number) => 60000 + 10 * categoryIndex(categoryId) + k;

/** The base styles and their excluded crafts, from the seeded craft rows (codes resolve to ids). */
export function styleBasicRows(craftRows: ReadonlyArray<typeof crafts.$inferInsert>) {
  const bases: Array<typeof styleBasics.$inferInsert> = [];
  const excluded: Array<typeof styleBasicExcludedCrafts.$inferInsert> = [];
  for (const [category, list] of Object.entries(BASES)) {
    const categoryId = Number(category) as GarmentId;
    list.forEach((base, k) => {
      const id = styleBasicId(categoryId, k + 1);
      bases.push({
        id,
        categoryId,
        code: base.code,
        enName: base.en,
        zhName: base.zh,
        descriptionEn: base.description[0],
        descriptionZh: base.description[1],
        isDefault: k === 0 ? 1 : 0,
        pos: k,
      });
      for (const code of base.excludes ?? []) {
        const craft = craftRows.find((c) => c.categoryId === categoryId && c.code === code);
        if (!craft) throw new Error(`base style ${base.code}: no craft ${code} in category ${categoryId}`);
        if (craft.isDefault === 1) throw new Error(`base style ${base.code} may not exclude the default ${code}`);
        excluded.push({ styleBasicId: id, craftId: craft.id });
      }
    });
  }
  return { bases, excluded };
}
