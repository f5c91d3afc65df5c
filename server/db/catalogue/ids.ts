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

/** QO-119: the accessory series group; its children are the series. */
export const SERIES_CRAFT_ID = 5023;
/** QO-037: the logo craft that asks for the logo to be sent to the account manager. */
export const LOGO_CRAFT_ID = 3800106;
/** The embroidery font meaning "the customer uploads the artwork". */
export const UPLOADED_FONT_ID = 1500;
/** D-12: embroidery sizes exist for these garment categories only. */
export const EMB_SIZE_CATEGORIES: readonly number[] = [3000, 5000, 11000];

export const MEASURE = { body: 10052, finished: 10053, standard: 10054 } as const;
/** Dictionary 43: fits (ease of finished sizes) and the shapes of standard sizes. */
export const FIT = { slim: 10431, regular: 10432, loose: 10433 } as const;
export const FIT_IDS = [FIT.slim, FIT.regular, FIT.loose] as const;
/** Dictionary 44: size areas of standard sizes. */
export const SIZE_AREA = { EU: 10441, US: 10442, CN: 10443 } as const;

export const GENDER = { male: 10040, female: 10041 } as const;
export const HEIGHT_UNIT = { cm: 10266, inch: 10265 } as const;
export const WEIGHT_UNIT = { kg: 10261, lb: 10262 } as const;
