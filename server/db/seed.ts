import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { withTransaction } from "./transaction.ts";
import {
  addProducts,
  addresses,
  banners,
  bodySpecDetails,
  bodySpecs,
  categories,
  categoryEmbOptions,
  categoryFabricKinds,
  categoryPrices,
  contrastFabrics,
  contrastPositions,
  contrastSites,
  crafts,
  customerSizes,
  customerSpecials,
  customers,
  dictBasic,
  dictSystem,
  embOptions,
  expressCompanies,
  fabrics,
  linings,
  measureEases,
  measureParts,
  memberAuthorities,
  members,
  processBindings,
  standardSizes,
  styleBasicExcludedCrafts,
  styleBasics,
  styleCategories,
  styleCrafts,
  styleFabrics,
  stylePieces,
  styles,
  goods,
  goodsCategories,
  goodsStock,
} from "./schema.ts";
import { craftRows } from "./catalogue/crafts.ts";
import {
  acmeCustomers,
  demoCustomers,
  storedSizes,
  storedSpecials,
  subAccountCustomers,
} from "./catalogue/customers.ts";
import { contrastRows, embRows } from "./catalogue/embroidery.ts";
import { CATEGORY_FABRIC_KINDS, FABRIC_COUNT, fabricRow } from "./catalogue/fabrics.ts";
import { measurePartRows, standardSizeRows } from "./catalogue/measurements.ts";
import { postureRows } from "./catalogue/postures.ts";
import { demoAddressRows } from "./catalogue/addresses.ts";
import { dictBasicRows } from "./catalogue/dictBasic.ts";
import { expressRows } from "./catalogue/express.ts";
import { styleBasicRows } from "./catalogue/styleBasics.ts";
import { styleCatalogueRows } from "./catalogue/styles.ts";
import { goodsCatalogueRows } from "./catalogue/goods.ts";
import { ACTION, ORDER_EDIT } from "../modules/members/service.ts";
import { DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost } from "../modules/session/passwords.ts";
import { memberAccount } from "../modules/ledger/service.ts";
import { seedAnnouncements } from "../modules/messages/service.ts";
import { insertRecommendedProducts, seedOrderHistory } from "./seedOrders.ts";
import { seedDemoShipments } from "./seedShipments.ts";

/** Demo sign-ins, documented in the README. */
export const demoAccounts = [
  { username: "demo", password: "demo1234", role: "main account, every menu authority" },
  {
    username: "demo-sub1",
    password: "demo1234",
    role: "sub-account of demo: new order, saved items, pending, order list",
  },
  {
    username: "demo-sub2",
    password: "demo1234",
    role: "sub-account of demo: shipment, billing, online mall, Fashion & Designer",
  },
  { username: "acme", password: "acme1234", role: "unrelated main account" },
] as const;

/** MENU authorities in header order; `home` is always shown and needs none. */
export const menuAuthorities = [
  { code: "newOrder", en: "New order" },
  { code: "peofessionalOrder", en: "Professional order" },
  { code: "saveItems", en: "Saved items" },
  { code: "myOrder", en: "Pending" },
  { code: "underProduction", en: "Order list" },
  { code: "shipment", en: "Shipment" },
  { code: "billing", en: "Billing" },
  { code: "dressWell", en: "Online mall" },
  { code: "styleProduct", en: "Fashion & Designer" },
  { code: "flows", en: "Flow diagrams" },
] as const;

const subAccountAuthorities: Record<string, readonly string[]> = {
  "demo-sub1": ["newOrder", "saveItems", "myOrder", "underProduction"],
  "demo-sub2": ["shipment", "billing", "dressWell", "styleProduct"],
};

/** ACTION authorities (QO-164): demo-sub2 may not modify orders; every other demo account may. */
const actionAuthorities: Record<string, readonly string[]> = {
  demo: [ORDER_EDIT],
  "demo-sub1": [ORDER_EDIT],
  acme: [ORDER_EDIT],
};

const dictionaries: Array<[category: number, id: number, en: string, zh: string]> = [
  [7, 7, "Simple Order", "简易订单"],
  [7, 8, "Professional Order", "专业订单"],
  [7, 9, "Goods Order", "商品订单"],
  [7, 10, "Style Order", "款式订单"],
  // 10368 "Saved" (to the cart) is designed here: the documents do not show the id of a saved order.
  [9, 10368, "Saved", "已保存"],
  [9, 10371, "Pending review", "待审核"],
  [9, 10030, "Submitted", "已提交"],
  // The production steps after 206012 and shipped/cancelled are designed here (domain/orderStatus.ts).
  [9, 206012, "In production: cutting", "生产中：裁剪"],
  [9, 206013, "In production: sewing", "生产中：缝制"],
  [9, 206014, "Quality check", "质检"],
  [9, 10370, "Finished", "已完成"],
  [9, 10380, "Shipped", "已发货"],
  [9, 10369, "Failed", "失败"],
  [9, 10372, "Cancelled", "已取消"],
  [10, 10040, "Male", "男"],
  [10, 10041, "Female", "女"],
  [13, 10052, "Body measurements", "净体尺寸"],
  [13, 10053, "Finished garment", "成衣尺寸"],
  [13, 10054, "Standard sizes", "标准号型"],
  [29, 10261, "kg", "千克"],
  [29, 10262, "lb", "磅"],
  [30, 10266, "cm", "厘米"],
  [30, 10265, "inch", "英寸"],
  [41, 10451, "Long", "长款"],
  [41, 10452, "Short", "短款"],
  // Fits (the ease of finished sizes) and the shapes of standard sizes.
  [43, 10431, "Slim", "修身"],
  [43, 10432, "Regular", "标准"],
  [43, 10433, "Loose", "宽松"],
  // Size areas of standard sizes.
  [44, 10441, "EU", "欧码"],
  [44, 10442, "US", "美码"],
  [44, 10443, "CN", "国标"],
  // Issue 12, the consumption query (PROD-046, PROD-072, PROD-073, D-05): cut twice (12; 10051 "No" = 0
  // is the documented default, 10050 "Yes" = 1 is designed) and the cloth's appearance (14, designed ids).
  [12, 10051, "No", "否"],
  [12, 10050, "Yes", "是"],
  [14, 10141, "Plain", "素色"],
  [14, 10142, "Striped", "条纹"],
  [14, 10143, "Checked", "格子"],
  // Issue 24: the customer book's dress styles (CUST-045: category 89, designed ids).
  [89, 10891, "Classic", "经典"],
  [89, 10892, "Business", "商务"],
  [89, 10893, "Modern slim", "时尚修身"],
  [89, 10894, "Casual", "休闲"],
  [89, 10895, "Ceremonial", "礼服"],
  [89, 10896, "Relaxed comfort", "宽松舒适"],
];

/** id, ecode, en, zh, simple, professional, onlyCoat, make price cents (7, 8), fabric cm */
const categoryRows: Array<[number, string, string, string, boolean, boolean, boolean, number, number, number]> = [
  [3000, "MSUIT", "Suit", "西服套装", true, true, true, 22000, 26000, 350],
  [1000, "MSHIRT", "Shirt", "衬衫", true, true, false, 4500, 5500, 180],
  [2000, "MPANTS", "Trousers", "西裤", true, true, false, 6500, 7800, 150],
  [4000, "MVEST", "Waistcoat", "马甲", true, true, false, 5200, 6200, 90],
  [11000, "MCOAT", "Overcoat", "大衣", true, true, false, 26000, 31000, 300],
  [6000, "WSUIT", "Women's suit", "女士套装", true, true, true, 21000, 25000, 300],
  [5000, "ACC", "Accessories", "配饰", false, true, false, 1500, 1800, 20],
  [3800000, "SPEC", "Special order", "特殊定制", false, true, false, 30000, 36000, 350],
];

const liningsByCategory: Record<number, Array<[string, string, string, number]>> = {
  3000: [
    ["L01", "Full lining", "全里", 3500],
    ["L02", "Half lining", "半里", 2500],
    ["L03", "Unlined", "无里", 0],
  ],
  1000: [
    ["S01", "Standard interlining", "标准衬", 0],
    ["S02", "Soft interlining", "软衬", 300],
  ],
  2000: [
    ["T01", "Half lined", "半里", 800],
    ["T02", "Unlined", "无里", 0],
  ],
  4000: [
    ["L01", "Full lining", "全里", 1200],
    ["L03", "Unlined", "无里", 0],
  ],
  11000: [
    ["L01", "Full lining", "全里", 4500],
    ["L02", "Half lining", "半里", 3000],
  ],
  6000: [
    ["L01", "Full lining", "全里", 3200],
    ["L02", "Half lining", "半里", 2200],
    ["L03", "Unlined", "无里", 0],
  ],
  5000: [["A01", "Standard", "标准", 0]],
  3800000: [
    ["L01", "Full lining", "全里", 4000],
    ["L02", "Half lining", "半里", 2800],
  ],
};

export { FABRIC_COUNT, fabricRow };

/** Inserts rows in batches (one statement per batch keeps the seed fast on PGlite). */
async function insertAll<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>, size = 500) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/** The extra pieces offered with a suit (the add-product selector). */
const addProductRows = [
  { categoryId: 3000, addCategoryId: 2000, enName: "Extra trousers", zhName: "加配西裤", pos: 0 },
  { categoryId: 3000, addCategoryId: 4000, enName: "Matching waistcoat", zhName: "加配马甲", pos: 1 },
  { categoryId: 6000, addCategoryId: 2000, enName: "Extra trousers", zhName: "加配西裤", pos: 0 },
];

/**
 * Seeds the catalogue and the demo accounts once; running it again changes nothing. `testData` adds
 * what only tests need (hostile HTML in a few style descriptions, for the sanitiser's proof).
 */
export async function seed(
  db: Db,
  {
    testData = false,
    passwordCost = DEFAULT_SCRYPT_COST,
  }: {
    testData?: boolean;
    /** scrypt's cost for the demo accounts' hashes (the configuration's; tests use a lower one). */
    passwordCost?: ScryptCost;
  } = {},
): Promise<"seeded" | "already seeded"> {
  const existing = await db.select({ id: members.id }).from(members).where(eq(members.username, "demo"));
  if (existing.length > 0) {
    // A database seeded by an earlier version gets the dictionary entries, base styles and authorities added since (e.g. 10368 Saved).
    await withTransaction(db, async (tx) => {
      await insertDictionaries(tx);
      await insertDictBasic(tx);
      await insertStyleBasics(tx);
      await insertStyles(tx, testData);
      await insertGoods(tx, testData);
      const accounts = await tx.select({ id: members.id, username: members.username }).from(members);
      await insertActionAuthorities(tx, new Map(accounts.map((a) => [a.username, a.id])));
      await insertRecommendedProducts(tx);
      await seedAnnouncements(
        tx,
        accounts.map((a) => a.id),
      );
    });
    return "already seeded";
  }
  const hashes = new Map<string, string>();
  for (const account of demoAccounts) hashes.set(account.username, await hashPassword(account.password, passwordCost));

  await withTransaction(db, async (tx) => {
    await insertDictionaries(tx);
    await tx.insert(banners).values([1, 2, 3].map((n) => ({ imagePath: `/img/banner/banner-${n}.svg`, pos: n })));
    await tx.insert(categories).values(
      categoryRows.map(([id, ecode, enName, zhName, simpleOrder, professionalOrder, onlyCoat], pos) => ({
        id,
        ecode,
        enName,
        zhName,
        simpleOrder,
        professionalOrder,
        onlyCoat,
        pos,
        imagePath: `/img/category/${id}.svg`,
      })),
    );
    await tx
      .insert(categoryPrices)
      .values(
        categoryRows.flatMap(([id, , , , simple, professional, , make7, make8, cm]) => [
          ...(simple ? [{ categoryId: id, orderType: 7, makePriceCents: make7, fabricCentimeters: cm }] : []),
          ...(professional ? [{ categoryId: id, orderType: 8, makePriceCents: make8, fabricCentimeters: cm }] : []),
        ]),
      );
    await tx.insert(linings).values(
      categoryRows.flatMap(([id, , , , simple, professional]) =>
        [...(simple ? [7] : []), ...(professional ? [8] : [])].flatMap((orderType) =>
          liningsByCategory[id]!.map(([code, enName, zhName, priceCents], pos) => ({
            categoryId: id,
            orderType,
            code,
            enName,
            zhName,
            priceCents,
            pos,
          })),
        ),
      ),
    );
    const fabricRows = Array.from({ length: FABRIC_COUNT }, (_, i) => fabricRow(i));
    await insertAll(fabricRows, (batch) => tx.insert(fabrics).values(batch));
    await tx
      .insert(categoryFabricKinds)
      .values(
        Object.entries(CATEGORY_FABRIC_KINDS).flatMap(([categoryId, kinds]) =>
          kinds.map((kind) => ({ categoryId: Number(categoryId), kind })),
        ),
      );
    await seedOrderCatalogue(tx, fabricRows, testData);
    await insertGoods(tx, testData);

    const ids = new Map<string, number>();
    for (const account of demoAccounts) {
      const parentId = account.username.startsWith("demo-") ? ids.get("demo")! : null;
      const [row] = await tx
        .insert(members)
        .values({
          username: account.username,
          passwordHash: hashes.get(account.username)!,
          parentId,
          displayName:
            account.username === "acme"
              ? "Acme Tailors"
              : account.username === "demo"
                ? "Demo Tailoring Co."
                : `Demo sub-account ${account.username.slice(-1)}`,
          moneyType: account.username === "acme" ? "CNY" : "USD",
          priceFactorPct: account.username === "acme" ? 110 : 100,
        })
        .returning({ id: members.id });
      ids.set(account.username, row!.id);
      const codes = subAccountAuthorities[account.username] ?? menuAuthorities.map((a) => a.code);
      await tx
        .insert(memberAuthorities)
        .values(
          menuAuthorities
            .filter((a) => codes.includes(a.code))
            .map((a, pos) => ({ memberId: row!.id, authorityType: "MENU", code: a.code, name: a.en, pos })),
        );
    }
    await insertActionAuthorities(tx, ids);
    // Every account has its ledger account; the opening balances are top-ups through the ledger.
    for (const id of ids.values()) await memberAccount(tx, id);

    await seedCustomers(tx, ids);
    await tx.insert(addresses).values(demoAddressRows(ids));
    // The order history (every status, the last four months) and its payments through the ledger.
    const seededAt = new Date();
    await seedOrderHistory(tx, ids, seededAt);
    // Issue 23: demo's shipments, one in each status
    await seedDemoShipments(tx, ids.get("demo")!, seededAt);
    await insertRecommendedProducts(tx);
    // Issue 25: the message centre's announcements (the history's payments wrote their balance messages).
    await seedAnnouncements(tx, ids.values());
  });
  return "seeded";
}

/** Grants the ACTION authorities of the demo accounts; grants already present are left as they are. */
async function insertActionAuthorities(db: Db, ids: ReadonlyMap<string, number>) {
  const rows = Object.entries(actionAuthorities).flatMap(([username, codes]) => {
    const memberId = ids.get(username);
    return memberId === undefined
      ? []
      : codes.map((code, pos) => ({ memberId, authorityType: ACTION, code, name: "Modify orders", pos }));
  });
  if (rows.length > 0) await db.insert(memberAuthorities).values(rows).onConflictDoNothing();
}

/** The basic dictionaries (payment, address type, country, state, city); entries already present are left as they are. */
async function insertDictBasic(db: Db) {
  await db.insert(dictBasic).values(dictBasicRows()).onConflictDoNothing({ target: dictBasic.id });
  // Issue 23: the express companies of the addresses (category 92)
  await db.insert(expressCompanies).values(expressRows()).onConflictDoNothing({ target: expressCompanies.id });
}

/** The base styles of every category and the crafts they exclude; rows already present are left as they are. */
async function insertStyleBasics(db: Db) {
  const { bases, excluded } = styleBasicRows(craftRows().crafts);
  await db.insert(styleBasics).values(bases).onConflictDoNothing({ target: styleBasics.id });
  await db.insert(styleBasicExcludedCrafts).values(excluded).onConflictDoNothing();
}

/** The style catalogue (issue 10): categories, styles, their fabrics, pieces and crafts; rows already present are left as they are. */
async function insertStyles(db: Db, testData: boolean) {
  const rows = styleCatalogueRows({ testData });
  await db.insert(styleCategories).values(rows.categories).onConflictDoNothing({ target: styleCategories.id });
  await db.insert(styles).values(rows.styles).onConflictDoNothing({ target: styles.id });
  await db.insert(styleFabrics).values(rows.fabrics).onConflictDoNothing();
  await insertAll(rows.pieces, (batch) =>
    db.insert(stylePieces).values(batch).onConflictDoNothing({ target: stylePieces.id }),
  );
  await insertAll(rows.crafts, (batch) =>
    db.insert(styleCrafts).values(batch).onConflictDoNothing({ target: styleCrafts.id }),
  );
}

/** The online mall (issue 25): categories, goods and their stock; rows already present are left as they are. */
async function insertGoods(db: Db, testData: boolean) {
  const rows = goodsCatalogueRows(testData);
  await db.insert(goodsCategories).values(rows.categories).onConflictDoNothing({ target: goodsCategories.id });
  await db.insert(goods).values(rows.goods).onConflictDoNothing({ target: goods.id });
  await insertAll(rows.stock, (batch) => db.insert(goodsStock).values(batch).onConflictDoNothing());
}

/** Inserts the system dictionaries; entries already present are left as they are. */
async function insertDictionaries(db: Db) {
  await db
    .insert(dictSystem)
    .values(dictionaries.map(([category, id, enName, zhName], pos) => ({ id, category, enName, zhName, pos })))
    .onConflictDoNothing({ target: dictSystem.id });
}

/** Crafts, embroidery, contrast, measurements, standard sizes, postures and add-products. */
async function seedOrderCatalogue(tx: Db, fabricRows: ReadonlyArray<ReturnType<typeof fabricRow>>, testData: boolean) {
  const craft = craftRows();
  await insertAll(craft.crafts, (batch) => tx.insert(crafts).values(batch));
  await tx.insert(processBindings).values(craft.presets);

  const emb = embRows();
  await tx.insert(embOptions).values(emb.options);
  await tx.insert(categoryEmbOptions).values(emb.links);

  // IMAGE contrast fabrics are plain catalogue fabrics of the wanted colour that have a picture.
  const contrast = contrastRows((kind, colorName) => {
    const fabric = fabricRows.find(
      (f) =>
        f.kind === kind &&
        f.colorTypeName === colorName &&
        f.pattern === "plain" &&
        f.imagePath !== "" &&
        f.stockCentimeters > 0,
    );
    if (!fabric) throw new Error(`no plain ${colorName} ${kind} fabric for a contrast`);
    return { fabricCode: fabric.fabricCode, imagePath: fabric.imagePath, zh: fabric.colorTypeNameZh };
  });
  await tx.insert(contrastSites).values(contrast.sites);
  await tx.insert(contrastPositions).values(contrast.positions);
  await tx.insert(contrastFabrics).values(contrast.fabrics);

  const measure = measurePartRows();
  await insertAll(measure.parts, (batch) => tx.insert(measureParts).values(batch));
  await insertAll(measure.eases, (batch) => tx.insert(measureEases).values(batch));
  await insertAll(standardSizeRows(), (batch) => tx.insert(standardSizes).values(batch), 200);

  const posture = postureRows();
  await tx.insert(bodySpecs).values(posture.specs);
  await tx.insert(bodySpecDetails).values(posture.details);

  await tx.insert(addProducts).values(addProductRows);
  await insertStyleBasics(tx);
  await insertDictBasic(tx);
  await insertStyles(tx, testData);
}

/** The customer books of demo, demo-sub1 and acme, with stored sizes and posture choices. */
async function seedCustomers(tx: Db, ids: Map<string, number>) {
  const books = [
    { memberId: ids.get("demo")!, rows: demoCustomers() },
    { memberId: ids.get("demo-sub1")!, rows: subAccountCustomers() },
    { memberId: ids.get("acme")!, rows: acmeCustomers() },
  ];
  const sizes: Array<typeof customerSizes.$inferInsert> = [];
  const specials: Array<typeof customerSpecials.$inferInsert> = [];
  for (const book of books) {
    const inserted = await tx
      .insert(customers)
      .values(book.rows.map((row) => ({ ...row, memberId: book.memberId })))
      .returning({ id: customers.id, custName: customers.custName });
    const idByName = new Map(inserted.map((c) => [c.custName, c.id]));
    book.rows.forEach((row, k) => {
      const customerId = idByName.get(row.custName)!;
      sizes.push(...storedSizes(customerId, k));
      specials.push(...storedSpecials(customerId, k));
    });
  }
  await insertAll(sizes, (batch) => tx.insert(customerSizes).values(batch));
  await tx.insert(customerSpecials).values(specials);
}
