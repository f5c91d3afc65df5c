import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Draft, OrderPieceDetail } from "../services/orderTypes.ts";

/** Lengths in cm (or inch for a customer's height) with two decimals, read as numbers. */
const length = (name: string) => numeric(name, { precision: 8, scale: 2, mode: "number" });

/** Accounts: a main account (parentId null) and its sub-accounts. Balances are ledger accounts (schema/ledger.ts). */
export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    parentId: integer("parent_id"),
    displayName: text("display_name").notNull(),
    moneyType: text("money_type").notNull().default("USD"),
    priceFactorPct: integer("price_factor_pct").notNull().default(100),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("members_username_key").on(t.username)],
);

export const memberAuthorities = pgTable(
  "member_authorities",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    authorityType: text("authority_type").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    pos: integer("pos").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.authorityType, t.code] })],
);

/** A sign-in: its access and refresh tokens share the family; revoking it ends the session. */
export const tokenFamilies = pgTable("token_families", {
  id: serial("id").primaryKey(),
  memberId: integer("member_id")
    .notNull()
    .references(() => members.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  revokedReason: text("revoked_reason"),
});

/** Tokens are stored as SHA-256 hashes, never in clear. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: integer("family_id")
      .notNull()
      .references(() => tokenFamilies.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("access_tokens_family_idx").on(t.familyId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: integer("family_id")
      .notNull()
      .references(() => tokenFamilies.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId)],
);

/** Failed sign-in counters per key (`user:<name>` or `ip:<address>`), shared by every instance. */
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const banners = pgTable("banners", {
  id: serial("id").primaryKey(),
  imagePath: text("image_path").notNull(),
  pos: integer("pos").notNull(),
});

/** System dictionaries: 7 order types, 9 order statuses, 10 gender, 13 measurement methods ... */
export const dictSystem = pgTable(
  "dict_system",
  {
    id: integer("id").primaryKey(),
    category: integer("category").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
    isStop: integer("is_stop").notNull().default(0),
  },
  (t) => [index("dict_system_category_idx").on(t.category, t.pos)],
);

/** Garment categories and the order ways (7 simple, 8 professional) that offer them. */
export const categories = pgTable("categories", {
  id: integer("id").primaryKey(),
  ecode: text("ecode").notNull(),
  enName: text("en_name").notNull(),
  zhName: text("zh_name").notNull(),
  imagePath: text("image_path").notNull(),
  simpleOrder: boolean("simple_order").notNull(),
  professionalOrder: boolean("professional_order").notNull(),
  onlyCoat: boolean("only_coat").notNull().default(false),
  pos: integer("pos").notNull(),
});

/** Make-and-trim price of a category per order type, in cents. */
export const categoryPrices = pgTable(
  "category_prices",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    orderType: integer("order_type").notNull(),
    makePriceCents: integer("make_price_cents").notNull(),
    fabricCentimeters: integer("fabric_centimeters").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.orderType] })],
);

/** Lining types offered per category and order type. */
export const linings = pgTable(
  "linings",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    orderType: integer("order_type").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    priceCents: integer("price_cents").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.orderType, t.code] })],
);

/**
 * Fabrics with what the fabric preview shows (000 §3). Display texts are stored in English and
 * Chinese; `kind` (suiting, shirting, coating) says which garment categories may use the fabric;
 * `pattern` and the two colours draw the swatch (`GET pc/fabric/swatch/{fabricCode}`); an empty
 * `imagePath` means the fabric has no picture.
 */
export const fabrics = pgTable(
  "fabrics",
  {
    id: serial("id").primaryKey(),
    fabricCode: text("fabric_code").notNull(),
    pricePerMeterCents: integer("price_per_meter_cents").notNull(),
    stockCentimeters: integer("stock_centimeters").notNull(),
    kind: text("kind").notNull().default("suiting"),
    pattern: text("pattern").notNull().default("plain"),
    colorHex: text("color_hex").notNull().default("#6b7280"),
    lineHex: text("line_hex").notNull().default("#9ca3af"),
    colorTypeName: text("color_type_name").notNull().default(""),
    colorTypeNameZh: text("color_type_name_zh").notNull().default(""),
    flowerPatternName: text("flower_pattern_name").notNull().default(""),
    flowerPatternNameZh: text("flower_pattern_name_zh").notNull().default(""),
    flowerRemark: text("flower_remark").notNull().default(""),
    flowerRemarkZh: text("flower_remark_zh").notNull().default(""),
    soledad: text("soledad").notNull().default(""),
    soledadZh: text("soledad_zh").notNull().default(""),
    fabricProName: text("fabric_pro_name").notNull().default(""),
    fabricProNameZh: text("fabric_pro_name_zh").notNull().default(""),
    weightGrams: integer("weight_grams").notNull().default(0),
    remark: text("remark").notNull().default(""),
    remarkZh: text("remark_zh").notNull().default(""),
    imagePath: text("image_path").notNull().default(""),
    /** Every field the fabric search matches, lower-cased in one column (one LIKE per word instead of nine). */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(fabric_code || ' ' || color_type_name || ' ' || color_type_name_zh || ' ' || flower_pattern_name || ' ' || flower_pattern_name_zh || ' ' || fabric_pro_name || ' ' || fabric_pro_name_zh || ' ' || soledad || ' ' || soledad_zh)`,
      ),
  },
  (t) => [uniqueIndex("fabrics_code_key").on(t.fabricCode), index("fabrics_kind_idx").on(t.kind, t.fabricCode)],
);

/** Which fabric kinds a garment category is made of (the fabric search filters by them). */
export const categoryFabricKinds = pgTable(
  "category_fabric_kinds",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    kind: text("kind").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.kind] })],
);

/** The running number of order codes (MTM + date + sequence). */
export const orderCodeSequence = pgSequence("order_code_seq", { startWith: 1, increment: 1 });

/**
 * Orders of an account (a sub-account's orders are its own). Status ids (dictionary 9): 10368 saved to
 * the cart, 10371 pending review, 10030 submitted, ... Money is integer cents: `unitPriceCents` is one
 * piece set for the account (price factor applied), `priceCents` that times `amount`. `draft` keeps the
 * draft as the browser sent it (with the contract's defaults), so an edit gets every field back;
 * `details` is the server's checked, priced breakdown per garment piece. Orders seeded before the
 * order entry existed have no draft (null) and zero prices.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    orderCode: text("order_code").notNull(),
    orderType: integer("order_type").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    statusId: integer("status_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    customerId: integer("customer_id").references(() => customers.id),
    custName: text("cust_name").notNull().default(""),
    cusOrderCode: text("cus_order_code").notNull().default(""),
    fabricCode: text("fabric_code").notNull().default(""),
    fabricType: text("fabric_type").notNull().default("sys"),
    amount: integer("amount").notNull().default(1),
    addProduct: integer("add_product").notNull().default(0),
    sizeCategoryId: integer("size_category_id").notNull().default(10052),
    moneyType: text("money_type").notNull().default("USD"),
    unitPriceCents: bigint("unit_price_cents", { mode: "number" }).notNull().default(0),
    priceCents: bigint("price_cents", { mode: "number" }).notNull().default(0),
    draft: jsonb("draft").$type<Draft>(),
    details: jsonb("details").$type<OrderPieceDetail[]>().notNull().default([]),
    /** Message key of the last failed submission (the warning banner); empty otherwise. */
    blError: text("bl_error").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_member_status_idx").on(t.memberId, t.statusId),
    uniqueIndex("orders_code_key").on(t.orderCode),
    check("orders_amount_positive", sql`${t.amount} >= 1`),
    check("orders_price_not_negative", sql`${t.priceCents} >= 0 and ${t.unitPriceCents} >= 0`),
    check("orders_fabric_type", sql`${t.fabricType} in ('sys', 'cus')`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Uploaded pictures (png, jpeg ≤ 2048 KB), kept in the database so every instance can serve them. */
export const attachments = pgTable(
  "attachments",
  {
    id: text("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("attachments_member_idx").on(t.memberId),
    check("attachments_content_type", sql`${t.contentType} in ('image/png', 'image/jpeg')`),
  ],
);

/**
 * The craft tree of a garment category (000 §3): top-level groups (parentId null), their options and
 * sub-options. A node's `chooseType` governs how its children are chosen; `sourceType` how the node is
 * shown; `kind` is the node's documented `category` (1 craft, 2 embroidery, 3 accessory, 4 contrast).
 * Ids are unique over every category (garment category id + n, n < 500).
 */
export const crafts = pgTable(
  "crafts",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    parentId: integer("parent_id").references((): AnyPgColumn => crafts.id),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    value: text("value").notNull().default(""),
    priceCents: integer("price_cents").notNull().default(0),
    isDefault: integer("is_default").notNull().default(0),
    sourceType: text("source_type").notNull(),
    chooseType: text("choose_type").notNull(),
    kind: integer("kind").notNull().default(1),
    imagePath: text("image_path").notNull().default(""),
    extension: text("extension").notNull().default(""),
    remark: text("remark").notNull().default(""),
    remarkZh: text("remark_zh").notNull().default(""),
    pos: integer("pos").notNull(),
  },
  (t) => [
    index("crafts_category_idx").on(t.categoryId, t.pos),
    check("crafts_source_type", sql`${t.sourceType} in ('TEXT','LABEL','IMAGE','FONT','STYLE','FILE')`),
    check("crafts_choose_type", sql`${t.chooseType} in ('RADIO','CHECKBOX','COPY')`),
    check("crafts_kind", sql`${t.kind} between 1 and 4`),
    check("crafts_is_default", sql`${t.isDefault} in (0, 1)`),
  ],
);

/** Crafts preset for a garment category (`GET pc/dict/processBinding`). */
export const processBindings = pgTable(
  "process_bindings",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    craftId: integer("craft_id")
      .notNull()
      .references(() => crafts.id),
    pos: integer("pos").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.craftId] })],
);

/** Embroidery (monogram) options: sites, colours, fonts (1500 = uploaded artwork) and sizes. */
export const embOptions = pgTable(
  "emb_options",
  {
    id: integer("id").primaryKey(),
    type: text("type").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    value: text("value").notNull().default(""),
    priceCents: integer("price_cents").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [check("emb_options_type", sql`${t.type} in ('emb_site','emb_color','emb_font','emb_size')`)],
);

/** Which embroidery options a garment category offers. */
export const categoryEmbOptions = pgTable(
  "category_emb_options",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    optionId: integer("option_id")
      .notNull()
      .references(() => embOptions.id),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.optionId] })],
);

/** Contrast sites of a garment category; `fabricGroup` picks the contrast fabrics offered there. */
export const contrastSites = pgTable(
  "contrast_sites",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    id: integer("id").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    fabricGroup: text("fabric_group").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.id] })],
);

/** Positions on a contrast site, each with its price. */
export const contrastPositions = pgTable(
  "contrast_positions",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    siteId: integer("site_id").notNull(),
    id: integer("id").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.id] }),
    index("contrast_positions_site_idx").on(t.categoryId, t.siteId),
  ],
);

/** Contrast fabrics: IMAGE (a catalogue fabric with its swatch) or TEXT (the user types a value). */
export const contrastFabrics = pgTable(
  "contrast_fabrics",
  {
    id: integer("id").primaryKey(),
    fabricGroup: text("fabric_group").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    sourceType: text("source_type").notNull(),
    imagePath: text("image_path").notNull().default(""),
    priceCents: integer("price_cents").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [check("contrast_fabrics_source_type", sql`${t.sourceType} in ('IMAGE','TEXT')`)],
);

/**
 * Measurement parts per garment category and method (10052 body, 10053 finished garment), in cm.
 * `refPartId` links a finished part to its body part and back.
 */
export const measureParts = pgTable(
  "measure_parts",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    measureType: integer("measure_type").notNull(),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    minValue: length("min_value").notNull(),
    maxValue: length("max_value").notNull(),
    defaultValue: length("default_value").notNull(),
    isMust: integer("is_must").notNull().default(1),
    refPartId: integer("ref_part_id"),
    pos: integer("pos").notNull(),
  },
  (t) => [
    index("measure_parts_category_idx").on(t.categoryId, t.measureType, t.pos),
    check("measure_parts_type", sql`${t.measureType} in (10052, 10053)`),
    check("measure_parts_range", sql`${t.minValue} <= ${t.defaultValue} and ${t.defaultValue} <= ${t.maxValue}`),
  ],
);

/** Ease (cm) added to a body measurement for a fit (dictionary 43) to give the finished size. */
export const measureEases = pgTable(
  "measure_eases",
  {
    partId: integer("part_id")
      .notNull()
      .references(() => measureParts.id),
    fitId: integer("fit_id").notNull(),
    ease: length("ease").notNull(),
  },
  (t) => [primaryKey({ columns: [t.partId, t.fitId] })],
);

/** Standard sizes (method 10054) per category, size area (dictionary 44) and shape (dictionary 43). */
export const standardSizes = pgTable(
  "standard_sizes",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    sizeAreaId: integer("size_area_id").notNull(),
    shapeId: integer("shape_id").notNull(),
    name: text("name").notNull(),
    property: text("property").notNull(),
    propertyZh: text("property_zh").notNull(),
    /** Finished measurements of the size: [{ partId, value }]. */
    details: jsonb("details").$type<Array<{ partId: number; value: number }>>().notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [index("standard_sizes_lookup_idx").on(t.categoryId, t.sizeAreaId, t.shapeId, t.pos)],
);

/** Body-posture specs per category (shoulders, back ...) and their choices with a picture. */
export const bodySpecs = pgTable(
  "body_specs",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [index("body_specs_category_idx").on(t.categoryId, t.pos)],
);

export const bodySpecDetails = pgTable(
  "body_spec_details",
  {
    id: integer("id").primaryKey(),
    specId: integer("spec_id")
      .notNull()
      .references(() => bodySpecs.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    descriptionEn: text("description_en").notNull(),
    descriptionZh: text("description_zh").notNull(),
    /** What the posture picture draws (`GET pc/dict/postureImage/{id}`). */
    figure: text("figure").notNull(),
    isDefault: integer("is_default").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [index("body_spec_details_spec_idx").on(t.specId, t.pos)],
);

/** Extra pieces offered with a garment category (the add-product selector: suits). */
export const addProducts = pgTable(
  "add_products",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    addCategoryId: integer("add_category_id")
      .notNull()
      .references(() => categories.id),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.addCategoryId] })],
);

/** The customer book: each customer belongs to the account that keeps it and is seen by no other. */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    custName: text("cust_name").notNull(),
    shortName: text("short_name").notNull(),
    genderId: integer("gender_id").notNull(),
    height: length("height").notNull(),
    heightUnit: integer("height_unit").notNull(),
    weight: length("weight").notNull(),
    weightUnit: integer("weight_unit").notNull(),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    birthdate: date("birthdate", { mode: "string" }),
    remark: text("remark").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customers_member_idx").on(t.memberId, t.custName)],
);

/** A customer's stored measurements per garment category (customerSizeList / cySizeList). */
export const customerSizes = pgTable(
  "customer_sizes",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    partId: integer("part_id")
      .notNull()
      .references(() => measureParts.id),
    partSize: length("part_size").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.partId] }),
    index("customer_sizes_category_idx").on(t.customerId, t.categoryId),
  ],
);

/** A customer's posture choices (customerSpecialList): one detail per spec. */
export const customerSpecials = pgTable(
  "customer_specials",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    specId: integer("spec_id")
      .notNull()
      .references(() => bodySpecs.id),
    detailId: integer("detail_id")
      .notNull()
      .references(() => bodySpecDetails.id),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.specId] })],
);

/**
 * Base styles (style basics, `styleBasicId`): the base pattern blocks of a garment category, e.g.
 * "Classic two-button" or "Slim". One per category is the default (`chooseStyleId`).
 */
export const styleBasics = pgTable(
  "style_basics",
  {
    id: integer("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    descriptionEn: text("description_en").notNull(),
    descriptionZh: text("description_zh").notNull(),
    isDefault: integer("is_default").notNull().default(0),
    pos: integer("pos").notNull(),
  },
  (t) => [
    index("style_basics_category_idx").on(t.categoryId, t.pos),
    uniqueIndex("style_basics_code_key").on(t.categoryId, t.code),
    check("style_basics_is_default", sql`${t.isDefault} in (0, 1)`),
  ],
);

/** Crafts a base style does not permit (with their sub-options): the base's craft tree is the category's without them. */
export const styleBasicExcludedCrafts = pgTable(
  "style_basic_excluded_crafts",
  {
    styleBasicId: integer("style_basic_id")
      .notNull()
      .references(() => styleBasics.id),
    craftId: integer("craft_id")
      .notNull()
      .references(() => crafts.id),
  },
  (t) => [primaryKey({ columns: [t.styleBasicId, t.craftId] })],
);

/**
 * Basic dictionaries (`GET pc/dictbasic`): 2 payment methods, 3 address types, 4 countries,
 * 5 states (parent a country), 6 cities (parent a state).
 */
export const dictBasic = pgTable(
  "dict_basic",
  {
    id: integer("id").primaryKey(),
    category: integer("category").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => dictBasic.id),
    code: text("code").notNull(),
    enName: text("en_name").notNull(),
    zhName: text("zh_name").notNull(),
    pos: integer("pos").notNull(),
  },
  (t) => [index("dict_basic_category_idx").on(t.category, t.parentId, t.pos)],
);
