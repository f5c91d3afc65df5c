/**
 * Ids and id ranges of the seeded catalogue. The order-entry machines rely on the documented ones
 * (5023, 3800106, 1500, the measurement methods); the ranges keep every kind of id distinct.
 *
 * - crafts: garment category id + n (1 ≤ n < 500), e.g. 3000..3499 suit, 3800001.. special
 * - embroidery options: 1500 uploaded artwork font, 1501.. fonts, 1511.. colours, 1541.. sizes, 1551.. sites
 * - contrast: 1601.. sites, 1651.. positions, 1701.. contrast fabrics
 * - measurement parts: 70000 + 1000 × category index + k (body 10052), + 500 + k (finished 10053)
 * - body-posture specs: 80000 + 100 × category index + 10 × g; their choices spec id + d
 * - standard sizes: 90001..
 * - base styles (style basics): 60000 + 10 × category index + k (k ≥ 1); basic dictionaries (dictbasic): 40001..
 */
export const GARMENT = {
  suit: 3000,
  shirt: 1000,
  trousers: 2000,
  waistcoat: 4000,
  overcoat: 11000,
  womensSuit: 6000,
  accessories: 5000,
  special: 3800000,
} as const;

/** Garment categories in display order (the category index of the id ranges). */
export const GARMENT_ORDER = [3000, 1000, 2000, 4000, 11000, 6000, 5000, 3800000] as const;
export type GarmentId = (typeof GARMENT_ORDER)[number];
export const categoryIndex = (categoryId: number) => GARMENT_ORDER.indexOf(categoryId as GarmentId);

/** The documented ids live once, in domain/ids.ts (shared with the browser); the seed names them as before. */
export {
  ACCESSORY_SERIES_ID as SERIES_CRAFT_ID,
  EMBROIDERY_SIZE_CATEGORIES as EMB_SIZE_CATEGORIES,
  FIT_IDS,
  GENDER,
  HEIGHT_UNIT,
  LOGO_CRAFT_ID,
  MEASURE_METHOD as MEASURE,
  SIZE_AREA,
  UPLOADED_FONT_ID,
  WEIGHT_UNIT,
} from "../../../domain/ids.ts";
