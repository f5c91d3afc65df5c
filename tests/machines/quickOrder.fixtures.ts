import type { OrderDraft, OrderInfo } from "../../domain/orderEntry/draft.ts";
/**
 * Realistic data for the quick order tests (tests/machines/quickOrder*.test.ts) and its model
 * (paths.ts): a small craft tree per garment category, the measurement parts of each method,
 * and customers as the customer autocomplete returns them.
 */
import type { CustomerPick, QuickOrderSetup, SizeLoad } from "../../machines/quickOrder/quickOrder.machine.ts";
import type { PostureSpec } from "../../domain/measurements/posture.ts";
import type { StandardChoices, StandardSize } from "../../domain/measurements/standardSizes.ts";
import type { CraftNode } from "../../domain/crafts.ts";
import type { MeasurePart } from "../../domain/measurements/sizes.ts";
import type { MonogramRow, MonogramRowEdit } from "../../domain/monogram.ts";

export const craft = (
  id: number,
  parentId: number | null,
  name: string,
  extra: Partial<CraftNode> = {},
): CraftNode => ({
  id,
  code: `C${id}`,
  name,
  isDefault: 0,
  sourceType: "IMAGE",
  chooseType: "RADIO",
  parentId,
  children: [],
  ...extra,
});

/**
 * Suit (3000):
 * - Lapel (RADIO) with two defaults, Notch (11, itself a RADIO group with default Narrow 111) and Peak (12);
 *   only the first default is kept (QO-114) and brings its default child (QO-116);
 * - Pockets (CHECKBOX) with two defaults;
 * - Sleeves (RADIO): Sleeveless (42) disables the sleeve parts by its extension (QO-121);
 * - Label (CHECKBOX) with a TEXT craft (QO-145).
 */
export const SUIT_TREE: CraftNode[] = [
  craft(10, null, "Lapel", {
    children: [
      craft(11, 10, "Notch lapel", {
        isDefault: 1,
        children: [craft(111, 11, "Narrow notch", { isDefault: 1 }), craft(112, 11, "Wide notch")],
      }),
      craft(12, 10, "Peak lapel", { isDefault: 1 }),
      craft(13, 10, "Shawl collar"),
    ],
  }),
  craft(20, null, "Pockets", {
    chooseType: "CHECKBOX",
    children: [
      craft(21, 20, "Flap pockets", { isDefault: 1 }),
      craft(22, 20, "Ticket pocket"),
      craft(23, 20, "Chest pocket", { isDefault: 1 }),
    ],
  }),
  craft(40, null, "Sleeves", {
    children: [
      craft(41, 40, "Long sleeves", { isDefault: 1 }),
      craft(42, 40, "Sleeveless", { extension: "10052&503|10053&603" }),
    ],
  }),
  craft(50, null, "Label", { chooseType: "CHECKBOX", children: [craft(51, 50, "Name label", { sourceType: "TEXT" })] }),
];
/** defaultSelection(SUIT_TREE), in tree order. */
export const SUIT_DEFAULTS = [11, 111, 21, 23, 41];

/** Accessories (5000): the series group 5023 and an accessory craft group (QO-119, QO-151). */
export const ACCESSORY_TREE: CraftNode[] = [
  craft(5023, null, "Series", { children: [craft(5024, 5023, "Silk series"), craft(5025, 5023, "Wool series")] }),
  craft(5100, null, "Tie width", { children: [craft(5101, 5100, "6 cm"), craft(5102, 5100, "8 cm")] }),
];

export const METHODS = [10052, 10053, 10054];
export const SUIT_SETUP: QuickOrderSetup = { ecode: "MSUIT", tree: SUIT_TREE, methods: METHODS };
export const WOMEN_SETUP: QuickOrderSetup = { ecode: "WSUIT", tree: SUIT_TREE, methods: METHODS };
export const ACCESSORY_SETUP: QuickOrderSetup = { ecode: "ACC", tree: ACCESSORY_TREE, methods: [10054] };
/** A category whose size-type list is empty: step 3 opens without a method. */
export const NO_METHOD_SETUP: QuickOrderSetup = { ecode: "MSUIT", tree: SUIT_TREE, methods: [] };

const part = (id: number, name: string, isMust: 0 | 1, minValue: number, maxValue: number): MeasurePart => ({
  id,
  name,
  minValue,
  maxValue,
  defaultValue: Math.round((minValue + maxValue) / 2),
  isMust,
});

/** The parts of each measurement method, in cm. */
export const PARTS: Record<number, MeasurePart[]> = {
  10052: [
    part(501, "Chest", 1, 60, 160),
    part(502, "Waist", 1, 50, 150),
    part(503, "Sleeve", 1, 40, 80),
    part(504, "Wrist", 0, 10, 30),
  ],
  10053: [
    part(601, "Jacket length", 1, 60, 90),
    part(602, "Finished chest", 1, 80, 170),
    part(603, "Finished sleeve", 1, 50, 80),
  ],
  10054: [part(701, "Size", 1, 44, 60)],
};
/**
 * Body-posture specs as `specBody` answers them (QO-096): Shoulders preselects the customer's
 * stored choice (Sloping, 802), Back its normal detail (811).
 */
export const POSTURES: PostureSpec[] = [
  {
    id: 80,
    name: "Shoulders",
    chooseId: 802,
    details: [
      {
        id: 801,
        name: "Normal shoulders",
        description: "Shoulders of average slope",
        imagePath: "/api/pc/dict/postureImage/801",
      },
      {
        id: 802,
        name: "Sloping shoulders",
        description: "Shoulders drop more than average",
        imagePath: "/api/pc/dict/postureImage/802",
      },
      {
        id: 803,
        name: "Square shoulders",
        description: "Shoulders are nearly level",
        imagePath: "/api/pc/dict/postureImage/803",
      },
    ],
  },
  {
    id: 81,
    name: "Back",
    chooseId: 811,
    details: [
      { id: 811, name: "Normal back", description: "Upright posture", imagePath: "/api/pc/dict/postureImage/811" },
      {
        id: 812,
        name: "Stooped back",
        description: "The upper back is rounded",
        imagePath: "/api/pc/dict/postureImage/812",
      },
    ],
  },
];

/** The size-area and shape buttons of standard sizes (QO-100). */
export const STANDARD_CHOICES: StandardChoices = {
  sizeAreas: [
    { id: 10441, name: "EU" },
    { id: 10442, name: "US" },
  ],
  shapes: [
    { id: 10431, name: "Slim" },
    { id: 10432, name: "Regular" },
  ],
};
/** Standard sizes of area EU, shape Regular: finished measurements of the 10053 parts (601..603). */
export const STANDARD_SIZES: StandardSize[] = [
  {
    id: 901,
    name: "48",
    property: "",
    shape: 10432,
    sizeAreaId: 10441,
    details: [
      { partId: 601, name: "Jacket length", value: 74 },
      { partId: 602, name: "Finished chest", value: 104 },
      { partId: 603, name: "Finished sleeve", value: 62 },
    ],
  },
  {
    id: 902,
    name: "50",
    property: "",
    shape: 10432,
    sizeAreaId: 10441,
    details: [
      { partId: 601, name: "Jacket length", value: 76 },
      { partId: 602, name: "Finished chest", value: 108 },
      { partId: 603, name: "Finished sleeve", value: 63 },
    ],
  },
];

/** QO-040: the add-products a suit offers (isAdd): extra trousers (2000) and a waistcoat (4000). */
export const ADD_PRODUCTS = [
  { id: 2000, name: "Extra trousers" },
  { id: 4000, name: "Matching waistcoat" },
];
/**
 * QO-040: the parts of the add-products' categories per method (10054 uses the finished ones), in cm;
 * their ids differ from the suit's (part ids are unique across categories, as in the seed).
 */
export const PIECE_PARTS: Record<number, Record<number, MeasurePart[]>> = {
  2000: {
    10052: [
      part(2501, "Trouser waist", 1, 60, 140),
      part(2502, "Trouser length", 1, 80, 125),
      part(2503, "Front rise", 0, 20, 40),
    ],
    10053: [part(2601, "Finished trouser waist", 1, 62, 145), part(2602, "Finished trouser length", 1, 80, 125)],
  },
  4000: {
    10052: [part(4501, "Waistcoat chest", 1, 70, 150)],
    10053: [part(4601, "Waistcoat front length", 1, 50, 75)],
  },
};
/** The parts of an add-product's category for a method, as loadPieceParts answers them. */
export const pieceParts = (categoryId: number, method: number): MeasurePart[] =>
  PIECE_PARTS[categoryId]?.[method === 10054 ? 10053 : method] ?? [];

/**
 * What loadMeasurements answers for a method: its parts, posture specs and (10054) the standard
 * buttons; the suit's add-products and the parts of the pieces asked for (by default every piece
 * the fixtures know: the machine keeps those chosen).
 */
export const sizeLoad = (
  method: number,
  postures: PostureSpec[] = POSTURES,
  pieces: number[] = ADD_PRODUCTS.map((a) => a.id),
): SizeLoad => ({
  parts: PARTS[method === 10054 ? 10053 : method] ?? [],
  postures,
  standard: method === 10054 ? STANDARD_CHOICES : null,
  addable: ADD_PRODUCTS,
  pieces: pieces.map((categoryId) => ({ categoryId, parts: pieceParts(categoryId, method) })),
});

/** Values that pass the size checks of method 10052. */
export const BODY_VALUES: Record<number, string> = { 501: "100", 502: "90", 503: "62", 504: "18" };

export const CUSTOMER: CustomerPick = {
  id: 77,
  custName: "John Smith",
  shortName: "JS",
  genderId: 10040,
  height: 180,
  heightUnit: 10266,
  weight: 80,
  weightUnit: 10261,
};
/**
 * A customer-book record without weight unit and gender (the book's older records): the only way
 * the weight-unit and gender checks (QO-132, QO-133) can fail, since the quick order defaults both.
 */
export const INCOMPLETE_CUSTOMER = {
  id: 78,
  custName: "Jane Doe",
  shortName: "JD",
  genderId: null,
  height: 165,
  heightUnit: 10266,
  weight: 60,
  weightUnit: null,
} as unknown as CustomerPick;

export const IN_STOCK_FABRIC = "VB1000";
export const OUT_OF_STOCK_FABRIC = "VB2000";
export const CMT_FABRIC = "Customer wool, navy";

/** A monogram row filled in completely (QO-137..141). */
export const FULL_MONOGRAM: Partial<MonogramRow> = {
  site: 1,
  siteName: "Cuff",
  color: 2,
  font: 3,
  embSize: 4,
  content: "JS",
};

/** QO-032: what a user sends to fill monogram row `index` as FULL_MONOGRAM: each pick, then the text. */
export const fillMonogram = (index: number): MonogramRowEdit[] => [
  { type: "user.pickMonogramOption", index, kind: "site", option: { id: 1, name: "Cuff" } },
  { type: "user.pickMonogramOption", index, kind: "color", option: { id: 2, name: "White" } },
  { type: "user.pickMonogramOption", index, kind: "font", option: { id: 3, name: "Script" } },
  { type: "user.pickMonogramOption", index, kind: "size", option: { id: 4, name: "Small" } },
  { type: "user.setMonogramText", index, content: "JS" },
];

/** A saved order as getOrderInfo answers it (the draft's fields plus the order's own); QO-040: with extra trousers. */
export const SAVED_DRAFT: OrderDraft = {
  orderId: "42",
  cusOrderCode: "PO-7",
  type: 7,
  clothCategory: 3000,
  amount: 2,
  addProduct: 1,
  fabric: "VB1005",
  fabricType: "sys",
  style: 20100,
  sizeCategoryId: 10052,
  sizeAreaId: null,
  bodyTypeList: [803, 812],
  onlySize: 0,
  customerId: 77,
  customerName: "Oliver Chen",
  shortName: "Ollie",
  genderId: 10040,
  height: 180,
  heightUnit: 10266,
  weight: 80,
  weightUnit: 10261,
  phone: "555-0100",
  email: "oliver@example.com",
  address: "1 High St",
  birthdate: "1985-03-07",
  detailList: [
    {
      clothCategory: 3000,
      craftList: [
        { craftId: 11, content: "", sourceType: "IMAGE" },
        { craftId: 51, content: "O.C.", sourceType: "TEXT" },
      ],
      embList: [
        {
          site: 1,
          siteName: "Cuff",
          color: 2,
          font: 3,
          embSize: 4,
          content: "OC",
          file: null,
          fileName: "",
          sourceType: "edit",
          colorName: "Navy",
          fontName: "Script",
          embSizeName: "2 cm",
          embContent: "OC",
          href: "",
          attachment: "",
        },
      ],
      contrastSaveList: [{ site: "1651", color: 1702, content: "Bordeaux" }],
      shape: null,
      sizeList: [501, 502, 503, 504].map((partId, i) => ({ partId, partValue: [100, 90, 62, 18][i]!, modifyValue: 0 })),
    },
    {
      // QO-040: the add-product (its optional Front rise left empty)
      clothCategory: 2000,
      craftList: [],
      embList: [],
      contrastSaveList: [],
      shape: null,
      sizeList: [
        { partId: 2501, partValue: 86, modifyValue: 0 },
        { partId: 2502, partValue: 104, modifyValue: 0 },
      ],
    },
  ],
};
export const SAVED_ORDER_INFO = {
  ...SAVED_DRAFT,
  orderCode: "MTM2026112200042",
  statusId: 10368,
  isEdit: 1,
  blError: "",
  heightUnitName: "cm",
  price: "480.00",
  moneyType: "USD",
  memo: "",
  remark: "",
  inventory: null,
  styleBasicId: null,
  custInfo: "",
  orderInfo: "",
} as unknown as OrderInfo;

export const SAVED_CONTRAST_SITES = [
  {
    id: 1601,
    name: "Collar",
    positions: [{ id: 1651, name: "Under collar", price: "5.00" }],
    fabrics: [{ id: 1702, code: "OTHER", name: "Other", sourceType: "TEXT" as const, price: "15.00" }],
  },
];
