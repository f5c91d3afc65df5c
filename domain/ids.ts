/**
 * Dictionary and status ids of the documents (000 §3, §9; D-02) and the documented catalogue ids
 * the rules rely on. Every other file names these constants instead of writing the number.
 */

/** D-02: stored order types (9 is a goods order bought from the catalogue, not an order-entry flow). */
export const ORDER_TYPE = { simple: 7, professional: 8, goods: 9, style: 10 } as const;
/** QO-001: the quick order and the simple order store type 7. */
export const QUICK_ORDER_TYPE = ORDER_TYPE.simple;

/**
 * Dictionary 9: order statuses. Documented: 10371 pending review, 10030 submitted (paid, waiting for
 * production), 206012 in production, 10369 failed (with blError; counted by the header's badge), 10370
 * finished. Designed here (x-designed): 10368 saved to the cart, 206013 sewing, 206014 quality check,
 * 10380 shipped, 10372 cancelled. The transitions between them are `domain/orderStatus.ts`.
 */
export const ORDER_STATUS = {
  saved: 10368,
  pending: 10371,
  submitted: 10030,
  cutting: 206012,
  sewing: 206013,
  qualityCheck: 206014,
  finished: 10370,
  shipped: 10380,
  failed: 10369,
  cancelled: 10372,
} as const;
export type OrderStatusId = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Dictionary 13: the measurement methods (QO-067 body by default, QO-075 the three methods). */
export const MEASURE_METHOD = { body: 10052, finished: 10053, standard: 10054 } as const;

/** Dictionary 10: gender. */
export const GENDER = { male: 10040, female: 10041 } as const;
/** Dictionary 30: the height unit, which is also the unit of every measurement (D-11). */
export const HEIGHT_UNIT = { cm: 10266, inch: 10265 } as const;
/** Dictionary 29: the weight unit. */
export const WEIGHT_UNIT = { kg: 10261, lb: 10262 } as const;

/** Dictionary 43: fits (ease of finished sizes) and the shapes of standard sizes. */
export const FIT = { slim: 10431, regular: 10432, loose: 10433 } as const;
export const FIT_IDS = [FIT.slim, FIT.regular, FIT.loose] as const;
/** Dictionary 44: size areas of standard sizes. */
export const SIZE_AREA = { EU: 10441, US: 10442, CN: 10443 } as const;
/** The dictionary categories of the shape (43) and the size area (44) of a standard size. */
export const DICT_CATEGORY = { shape: 43, sizeArea: 44 } as const;

/** QO-066: the default style. */
export const DEFAULT_STYLE = 20100;

/** QO-119: the accessory series group; a craft whose parent is 5023 is a series. */
export const ACCESSORY_SERIES_ID = 5023;
/** QO-151: the accessory garment category. */
export const ACCESSORY_CATEGORY = 5000;
/** QO-037: the logo craft that asks for the logo to be sent to the account manager. */
export const LOGO_CRAFT_ID = 3800106;
/** The embroidery font meaning "the customer uploads the artwork". */
export const UPLOADED_FONT_ID = 1500;
/** D-12: embroidery sizes are offered for these garment categories only (suit, accessories, overcoat). */
export const EMBROIDERY_SIZE_CATEGORIES: readonly number[] = [3000, 5000, 11000];

/** The largest order id (the orders table's serial is a 32-bit integer). */
export const MAX_ORDER_ID = 2_147_483_647;
/** A number that can be an order's id; anything else is "not found" without asking the database. */
export const isOrderId = (id: number) => Number.isInteger(id) && id > 0 && id <= MAX_ORDER_ID;
