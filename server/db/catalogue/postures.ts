import type { bodySpecDetails, bodySpecs } from "../schema.ts";
import { categoryIndex, GARMENT, GARMENT_ORDER } from "./ids.ts";

/**
 * Body-posture specs (000 §3): per garment category a few specs (shoulders, back ...), each with
 * choices that carry a description and a picture. The first choice of each spec is the normal one.
 */
type Choice = readonly [key: string, en: string, zh: string, descriptionEn: string, descriptionZh: string];
const SPECS: Record<string, { en: string; zh: string; choices: readonly Choice[] }> = {
  shoulders: {
    en: "Shoulders",
    zh: "肩型",
    choices: [
      ["normal", "Normal shoulders", "正常肩", "Shoulders of average slope", "肩部斜度正常"],
      [
        "sloping",
        "Sloping shoulders",
        "溜肩",
        "Shoulders drop more than average; the shoulder seam is lowered",
        "肩部下斜明显，需降低肩线",
      ],
      [
        "square",
        "Square shoulders",
        "平肩",
        "Shoulders are nearly level; the shoulder seam is raised",
        "肩部较平，需抬高肩线",
      ],
      ["uneven", "Right shoulder lower", "右肩低", "The right shoulder sits lower than the left", "右肩低于左肩"],
    ],
  },
  back: {
    en: "Back",
    zh: "背型",
    choices: [
      ["normal", "Normal back", "正常背", "Upright posture", "体态挺直"],
      [
        "stooped",
        "Stooped back",
        "驼背",
        "The upper back is rounded; the back is lengthened",
        "上背部弯曲，需加长后片",
      ],
      ["erect", "Erect back", "后仰", "The body leans back; the front is lengthened", "身体后仰，需加长前片"],
    ],
  },
  belly: {
    en: "Belly",
    zh: "腹型",
    choices: [
      ["flat", "Flat belly", "平腹", "No belly allowance", "无需腹部放量"],
      ["slight", "Slight belly", "微凸腹", "A little allowance at the front waist", "前腰略加放量"],
      ["prominent", "Prominent belly", "凸腹", "Extra allowance and a longer front", "前腰加放量并加长前片"],
    ],
  },
  chest: {
    en: "Chest",
    zh: "胸型",
    choices: [
      ["normal", "Normal chest", "正常胸", "Average chest", "胸部正常"],
      ["full", "Full chest", "挺胸", "A prominent chest; the front is lengthened", "胸部挺起，需加长前片"],
      ["hollow", "Hollow chest", "含胸", "A flat chest; the front is shortened", "胸部内含，需缩短前片"],
    ],
  },
  arms: {
    en: "Arms",
    zh: "手臂",
    choices: [
      ["normal", "Normal arms", "正常", "Arms hang straight", "手臂自然下垂"],
      ["forward", "Arms forward", "手臂前倾", "Arms hang forward; the sleeve is pitched forward", "手臂前倾，袖子前移"],
      ["backward", "Arms backward", "手臂后倾", "Arms hang backward; the sleeve is pitched back", "手臂后倾，袖子后移"],
    ],
  },
  neck: {
    en: "Neck",
    zh: "颈部",
    choices: [
      ["normal", "Normal neck", "正常颈", "Average neck", "颈部正常"],
      ["forward", "Forward neck", "颈前倾", "The neck leans forward; the collar is adjusted", "颈部前倾，需调整领子"],
      ["thick", "Thick neck", "粗颈", "A short, thick neck", "颈部短粗"],
    ],
  },
  seat: {
    en: "Seat",
    zh: "臀型",
    choices: [
      ["normal", "Normal seat", "正常臀", "Average seat", "臀部正常"],
      ["flat", "Flat seat", "平臀", "A flat seat; the back rise is shortened", "臀部较平，需减短后浪"],
      ["prominent", "Prominent seat", "翘臀", "A prominent seat; the back rise is lengthened", "臀部较翘，需加长后浪"],
    ],
  },
  legs: {
    en: "Legs",
    zh: "腿型",
    choices: [
      ["straight", "Straight legs", "直腿", "Straight legs", "腿型正常"],
      ["bow", "Bow legs (O)", "O 型腿", "Knees apart; the inseam is adjusted", "膝部外开，需调整内缝"],
      ["knock", "Knock knees (X)", "X 型腿", "Knees together; the outseam is adjusted", "膝部内收，需调整侧缝"],
    ],
  },
};

const upper = ["shoulders", "back", "belly", "chest", "arms", "neck"];
const full = ["shoulders", "back", "belly", "chest", "arms", "seat", "legs"];
const SPECS_BY_CATEGORY: Record<number, readonly string[]> = {
  [GARMENT.suit]: full,
  [GARMENT.shirt]: upper,
  [GARMENT.trousers]: ["belly", "seat", "legs"],
  [GARMENT.waistcoat]: ["shoulders", "back", "belly", "chest"],
  [GARMENT.overcoat]: ["shoulders", "back", "belly", "arms"],
  [GARMENT.womensSuit]: full,
  [GARMENT.accessories]: ["neck"],
  [GARMENT.special]: full,
};

export const postureImagePath = (detailId: number) => `/api/pc/dict/postureImage/${detailId}`;

export function postureRows() {
  const specs: Array<typeof bodySpecs.$inferInsert> = [];
  const details: Array<typeof bodySpecDetails.$inferInsert> = [];
  for (const categoryId of GARMENT_ORDER) {
    SPECS_BY_CATEGORY[categoryId]!.forEach((key, g) => {
      const spec = SPECS[key]!;
      const id = 80000 + 100 * categoryIndex(categoryId) + 10 * g;
      specs.push({ id, categoryId, enName: spec.en, zhName: spec.zh, pos: g });
      spec.choices.forEach(([choice, en, zh, descriptionEn, descriptionZh], d) => {
        details.push({
          id: id + d + 1,
          specId: id,
          enName: en,
          zhName: zh,
          descriptionEn,
          descriptionZh,
          figure: `${key}-${choice}`,
          isDefault: d === 0 ? 1 : 0,
          pos: d,
        });
      });
    });
  }
  return { specs, details };
}
