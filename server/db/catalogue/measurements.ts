import type { measureEases, measureParts, standardSizes } from "../schema.ts";
import { categoryIndex, FIT_IDS, GARMENT, MEASURE, SIZE_AREA, type GarmentId } from "./ids.ts";

/**
 * Measurement parts per garment category (000 §3): body (10052) and finished garment (10053), linked
 * by refPartId, with the ease per fit that turns a body measurement into a finished one, and the
 * standard sizes (10054) per size area and shape. All values in cm.
 */
interface PartDef {
  code: string;
  en: string;
  zh: string;
  min: number;
  max: number;
  def: number;
  /** Ease (cm) for slim, regular and loose fits: finished = body + ease. */
  ease: readonly [number, number, number];
  /** How much a standard size grows from one size to the next. */
  step: number;
  must?: false;
}

const P = (
  code: string,
  en: string,
  zh: string,
  min: number,
  max: number,
  def: number,
  ease: [number, number, number],
  step: number,
  must = true,
): PartDef => ({ code, en, zh, min, max, def, ease, step, ...(must ? {} : { must: false as const }) });

const neck = P("neck", "Neck", "领围", 30, 55, 40, [1, 1.5, 2], 1);
const chest = P("chest", "Chest", "胸围", 70, 150, 100, [8, 12, 16], 4);
const waist = P("waist", "Waist", "腰围", 60, 150, 88, [6, 10, 14], 4);
const hip = P("hip", "Hip", "臀围", 75, 150, 100, [6, 10, 14], 4);
const shoulder = P("shoulder", "Shoulder width", "肩宽", 35, 60, 46, [0.5, 1, 1.5], 1);
const sleeve = P("sleeve", "Sleeve length", "袖长", 50, 75, 62, [1, 1.5, 2], 1);
const bicep = P("bicep", "Bicep", "袖肥", 25, 50, 33, [4, 6, 8], 1, false);
const wrist = P("wrist", "Wrist", "腕围", 14, 24, 17, [8, 10, 12], 0.5);
const jacketLength = P("jacketLength", "Jacket length", "衣长", 60, 90, 76, [0, 0.5, 1], 1);
const trouserWaist = P("trouserWaist", "Trouser waist", "裤腰围", 60, 140, 86, [1, 2, 3], 4);
const seat = P("seat", "Seat", "裤臀围", 75, 150, 100, [4, 6, 8], 4);
const thigh = P("thigh", "Thigh", "大腿围", 40, 90, 58, [6, 8, 10], 2);
const knee = P("knee", "Knee", "膝围", 30, 60, 42, [4, 6, 8], 1);
const hem = P("hem", "Trouser hem", "裤口", 30, 60, 38, [0, 2, 4], 1);
const outseam = P("outseam", "Trouser length", "裤长", 80, 125, 104, [0, 0, 0.5], 1);
const rise = P("rise", "Front rise", "前浪", 20, 40, 28, [0, 0.5, 1], 0.5, false);
const shirtLength = P("shirtLength", "Shirt length", "衬衫长", 65, 95, 78, [0, 0.5, 1], 1);
const frontLength = P("frontLength", "Waistcoat front length", "马甲前长", 50, 75, 62, [0, 0.5, 1], 1);
const backLength = P("backLength", "Waistcoat back length", "马甲后长", 45, 70, 56, [0, 0.5, 1], 1);
const coatLength = P("coatLength", "Coat length", "大衣长", 85, 130, 105, [0, 0.5, 1], 1.5);
const bust = P("bust", "Bust", "胸围", 70, 140, 92, [6, 10, 14], 4);
const womensWaist = P("waist", "Waist", "腰围", 55, 130, 72, [5, 8, 12], 4);
const womensHip = P("hip", "Hip", "臀围", 75, 140, 98, [5, 8, 12], 4);
const womensShoulder = P("shoulder", "Shoulder width", "肩宽", 32, 50, 40, [0.5, 1, 1.5], 1);
const womensSleeve = P("sleeve", "Sleeve length", "袖长", 50, 70, 58, [1, 1.5, 2], 1);
const womensJacket = P("jacketLength", "Jacket length", "衣长", 50, 80, 62, [0, 0.5, 1], 1);
const womensTrouserWaist = P("trouserWaist", "Trouser waist", "裤腰围", 55, 130, 74, [1, 2, 3], 4);
const tieLength = P("tieLength", "Tie length", "领带长", 130, 165, 148, [0, 0, 0], 2, false);

const jacket = [neck, chest, waist, hip, shoulder, sleeve, bicep, wrist, jacketLength];
const trousers = [trouserWaist, seat, thigh, knee, hem, outseam, rise];

export const PARTS_BY_CATEGORY: Record<GarmentId, readonly PartDef[]> = {
  [GARMENT.suit]: [...jacket, ...trousers],
  [GARMENT.shirt]: [neck, chest, waist, hip, shoulder, sleeve, bicep, wrist, shirtLength],
  [GARMENT.trousers]: trousers,
  [GARMENT.waistcoat]: [chest, waist, hip, shoulder, frontLength, backLength],
  [GARMENT.overcoat]: [neck, chest, waist, hip, shoulder, sleeve, bicep, wrist, coatLength],
  [GARMENT.womensSuit]: [
    bust,
    womensWaist,
    womensHip,
    womensShoulder,
    womensSleeve,
    bicep,
    wrist,
    womensJacket,
    womensTrouserWaist,
    seat,
    thigh,
    knee,
    hem,
    outseam,
  ],
  [GARMENT.accessories]: [neck, tieLength],
  [GARMENT.special]: [...jacket, ...trousers],
};

/** The id of a part: body (10052) or finished (10053) measurement of a category, by code. */
export function partId(categoryId: number, measureType: number, code: string): number {
  const parts = PARTS_BY_CATEGORY[categoryId as GarmentId];
  const k = parts?.findIndex((p) => p.code === code) ?? -1;
  if (!parts || k < 0) throw new Error(`no part ${code} in category ${categoryId}`);
  return 70000 + 1000 * categoryIndex(categoryId) + (measureType === MEASURE.finished ? 500 : 0) + k + 1;
}

/** The extension of a craft that disables parts, in the documented form `10052&id,id|10053&id,id`. */
export function disablingExtension(categoryId: number, codes: readonly string[]): string {
  return [MEASURE.body, MEASURE.finished]
    .map((mode) => `${mode}&${codes.map((code) => partId(categoryId, mode, code)).join(",")}`)
    .join("|");
}

const half = (n: number) => Math.round(n * 2) / 2;

export function measurePartRows() {
  const parts: Array<typeof measureParts.$inferInsert> = [];
  const eases: Array<typeof measureEases.$inferInsert> = [];
  for (const categoryId of Object.keys(PARTS_BY_CATEGORY).map(Number)) {
    PARTS_BY_CATEGORY[categoryId as GarmentId].forEach((p, pos) => {
      const bodyId = partId(categoryId, MEASURE.body, p.code);
      const finishedId = partId(categoryId, MEASURE.finished, p.code);
      const isMust = p.must === false ? 0 : 1;
      parts.push({
        id: bodyId,
        categoryId,
        measureType: MEASURE.body,
        code: p.code,
        enName: p.en,
        zhName: p.zh,
        minValue: p.min,
        maxValue: p.max,
        defaultValue: p.def,
        isMust,
        refPartId: finishedId,
        pos,
      });
      parts.push({
        id: finishedId,
        categoryId,
        measureType: MEASURE.finished,
        code: p.code,
        enName: `Finished ${p.en.toLowerCase()}`,
        zhName: `成衣${p.zh}`,
        minValue: half(p.min + p.ease[0]),
        maxValue: half(p.max + p.ease[2]),
        defaultValue: half(p.def + p.ease[1]),
        isMust,
        refPartId: bodyId,
        pos,
      });
      FIT_IDS.forEach((fitId, f) => eases.push({ partId: bodyId, fitId, ease: p.ease[f]! }));
    });
  }
  return { parts, eases };
}

/** Size names per size area for the seven standard sizes (the fourth is the middle one). */
function sizeNames(categoryId: number, area: number, shapeLetter: string): string[] {
  const seven = (f: (k: number) => string) => Array.from({ length: 7 }, (_, k) => f(k));
  switch (categoryId) {
    case GARMENT.shirt:
      if (area === SIZE_AREA.US) return seven((k) => String(14.5 + k * 0.5));
      return seven((k) => String(37 + k));
    case GARMENT.trousers:
      if (area === SIZE_AREA.US) return seven((k) => String(30 + 2 * k));
      if (area === SIZE_AREA.CN) return seven((k) => `${160 + 5 * k}/${72 + 4 * k}${shapeLetter}`);
      return seven((k) => String(44 + 2 * k));
    case GARMENT.womensSuit:
      if (area === SIZE_AREA.US) return seven((k) => String(2 + 2 * k));
      if (area === SIZE_AREA.CN) return seven((k) => `${150 + 5 * k}/${80 + 4 * k}${shapeLetter}`);
      return seven((k) => String(34 + 2 * k));
    case GARMENT.accessories:
      return ["XS", "S", "M", "L", "XL", "XXL", "3XL"];
    default:
      if (area === SIZE_AREA.US)
        return seven((k) => `${34 + 2 * k}${shapeLetter === "Y" ? "S" : shapeLetter === "B" ? "L" : "R"}`);
      if (area === SIZE_AREA.CN) return seven((k) => `${160 + 5 * k}/${80 + 4 * k}${shapeLetter}`);
      return seven((k) => String(44 + 2 * k));
  }
}

/** Standard sizes: 3 size areas × 3 shapes × 7 sizes per category, with their finished measurements. */
export function standardSizeRows() {
  const rows: Array<typeof standardSizes.$inferInsert> = [];
  let id = 90001;
  const shapes = [
    ["Y", 0],
    ["A", 1],
    ["B", 2],
  ] as const;
  for (const categoryId of Object.keys(PARTS_BY_CATEGORY).map(Number)) {
    const parts = PARTS_BY_CATEGORY[categoryId as GarmentId];
    const main = parts[categoryId === GARMENT.accessories ? 0 : 1] ?? parts[0]!;
    let pos = 0;
    for (const area of [SIZE_AREA.EU, SIZE_AREA.US, SIZE_AREA.CN]) {
      for (const [letter, f] of shapes) {
        const names = sizeNames(categoryId, area, letter);
        names.forEach((name, k) => {
          const details = parts.map((p) => {
            const body = p.def + (k - 3) * p.step;
            const value = Math.min(half(p.max + p.ease[2]), Math.max(half(p.min + p.ease[0]), half(body + p.ease[f])));
            return { partId: partId(categoryId, MEASURE.finished, p.code), value };
          });
          const mainValue = half(main.def + (k - 3) * main.step);
          rows.push({
            id: id++,
            categoryId,
            sizeAreaId: area,
            shapeId: FIT_IDS[f]!,
            name,
            pos: pos++,
            details,
            property: `${main.en} ${mainValue} cm`,
            propertyZh: `${main.zh} ${mainValue} 厘米`,
          });
        });
      }
    }
  }
  return rows;
}
