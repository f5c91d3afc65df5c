import { and, asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodySpecDetails,
  bodySpecs,
  crafts,
  customerSpecials,
  customers,
  dictBasic,
  measureEases,
  measureParts,
  members,
  memberAuthorities,
  orders,
  styleBasicExcludedCrafts,
  styleBasics,
} from "../../server/db/schema.ts";
import { fabricRow, seed } from "../../server/db/seed.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { ORDER_STATUSES, PRODUCTION_LIST_STATUSES } from "../../domain/orderStatus.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";

/**
 * The remaining dictionary and catalogue reads of order entry (000 §7), through HTTP on the real
 * server: garment pieces (getCloth), base styles (styleInfo, styleAuthInfo, styleMeasureInfo,
 * styleSpecBody, styleStandard), a customer's special body types (zzSpecBody), the embroidery and
 * category dictionaries, system and basic dictionaries; and the order-modify permission (QO-164).
 */
let server: TestServer;
type Account = "demo" | "demoSub1" | "demoSub2" | "acme";
const tokens: Record<Account, string> = { demo: "", demoSub1: "", demoSub2: "", acme: "" };
const memberIds: Record<Account, number> = { demo: 0, demoSub1: 0, demoSub2: 0, acme: 0 };
const USERNAMES: Record<Account, string> = { demo: "demo", demoSub1: "demo-sub1", demoSub2: "demo-sub2", acme: "acme" };

beforeAll(async () => {
  server = await startServer();
  for (const account of Object.keys(USERNAMES) as Account[]) {
    const username = USERNAMES[account];
    tokens[account] = (await login(server.app, username, username === "acme" ? "acme1234" : "demo1234")).token;
    const [row] = await server.db.select({ id: members.id }).from(members).where(eq(members.username, username));
    memberIds[account] = row!.id;
  }
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;
interface DictEntry {
  id: number;
  name: string;
  zhName: string;
  enName: string;
  pos: number;
  isStop: number;
  category: number;
}
interface StyleBasic {
  id: number;
  code: string;
  name: string;
  enName: string;
  description: string;
  isDefault: 0 | 1;
  category: number;
  excludedCraftIds: number[];
}
interface MeasurePart {
  id: number;
  code: string;
  name: string;
  inputValue: number | null;
  defaultValue: number;
  minValue: number;
  maxValue: number;
  refPartId: number | null;
}
interface StandardSize {
  id: number;
  name: string;
  property: string;
  shape: number;
  sizeAreaId: number;
  details: Array<{ partId: number; name: string; value: number }>;
}
interface ClothPiece {
  id: number;
  enName: string;
  name: string;
  chooseStyleId: number | null;
  sizeList: MeasurePart[];
  standardList: StandardSize[];
  styleList: StyleBasic[];
}
interface CraftNode {
  id: number;
  code: string;
  name: string;
  children: CraftNode[];
  clothCategory: number;
}
interface BodySpec {
  id: number;
  name: string;
  enName: string;
  chooseId: number;
  details: Array<{ id: number; name: string }>;
}
interface CustomerSpecial {
  desId: number;
  desName: string;
  specId: number;
  specName: string;
  description: string;
  imagePath: string;
}
interface EmbOption {
  id: number;
  type: string;
  code: string;
  name: string;
  value: string;
  price: string;
}
interface DictBasicEntry {
  id: number;
  name: string;
  zhName: string;
  enName: string;
  code: string;
  category: number;
  parentId: number | null;
  pos: number;
}

const SLIM = 10431;
const EU = 10441;
const US = 10442;

const get = (
  url: string,
  query: Record<string, string | number> = {},
  opts: { token?: string | null; language?: string } = {},
) => {
  const token = opts.token === undefined ? tokens.demo : opts.token;
  return server.app.inject({
    method: "GET",
    url: `/api/${url}`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { ...(token ? bearer(token) : {}), ...(opts.language ? { "accept-language": opts.language } : {}) },
  });
};

/** A successful envelope's data. */
async function data<T>(
  url: string,
  query: Record<string, string | number> = {},
  opts: { token?: string | null; language?: string } = {},
): Promise<T> {
  const res = await get(url, query, opts);
  expect(res.statusCode, res.body).toBe(200);
  const body = envelopeOf<T>(res);
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/** The project's not-found refusal: HTTP 200, code 1003, data null, a translated message. */
async function expectNotFound(
  url: string,
  query: Record<string, string | number>,
  message: RegExp,
  opts: { token?: string; language?: string } = {},
) {
  const res = await get(url, query, opts);
  const body = expectErrorEnvelope(res, 200);
  expect(body.code).toBe(1003);
  expect(body.message).toMatch(message);
  return body;
}

/** A malformed request: HTTP 400 naming the field. */
async function expectBadRequest(url: string, query: Record<string, string | number>, field: string) {
  const body = expectErrorEnvelope(await get(url, query), 400);
  expect(body.message).toContain(field);
}

/** Customer ids of an account; with `specials`, only those with stored posture choices in the category. */
async function customerOf(account: Account, specialsIn?: number): Promise<number> {
  if (specialsIn === undefined) {
    const [row] = await server.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.memberId, memberIds[account]))
      .orderBy(asc(customers.id));
    return row!.id;
  }
  const [row] = await server.db
    .select({ id: customers.id })
    .from(customers)
    .innerJoin(customerSpecials, eq(customerSpecials.customerId, customers.id))
    .innerJoin(bodySpecs, eq(bodySpecs.id, customerSpecials.specId))
    .where(and(eq(customers.memberId, memberIds[account]), eq(bodySpecs.categoryId, specialsIn)))
    .orderBy(asc(customers.id));
  return row!.id;
}

async function basesOf(category: number) {
  return server.db.select().from(styleBasics).where(eq(styleBasics.categoryId, category)).orderBy(asc(styleBasics.pos));
}

const allIds = (nodes: readonly CraftNode[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children)]);

describe("garment pieces (getCloth)", () => {
  it("QO-175 QO-061 GET pc/dict/getCloth answers the suit and its add-product pieces, each with id, enName, name, chooseStyleId, sizeList, standardList, styleList", async () => {
    const pieces = await data<ClothPiece[]>("pc/dict/getCloth", { category: 3000 });
    expect(pieces.map((p) => p.id)).toEqual([3000, 2000, 4000]);
    for (const piece of pieces) {
      expect(Object.keys(piece).sort()).toEqual([
        "chooseStyleId",
        "enName",
        "id",
        "name",
        "sizeList",
        "standardList",
        "styleList",
      ]);
      // sizeList is what measureInfo answers for the piece (body measurements by default).
      expect(piece.sizeList).toEqual(
        await data<MeasurePart[]>("pc/dict/measureInfo", { category: piece.id, measureType: 10052 }),
      );
      expect(piece.sizeList.length).toBeGreaterThan(0);
      // standardList: every standard size of the piece's category, of every size area.
      expect(new Set(piece.standardList.map((s) => s.sizeAreaId))).toEqual(new Set([10441, 10442, 10443]));
      // styleList: the piece's base styles; chooseStyleId is the default one.
      const bases = await basesOf(piece.id);
      expect(piece.styleList.map((s) => s.id)).toEqual(bases.map((b) => b.id));
      expect(piece.styleList.every((s) => s.category === piece.id)).toBe(true);
      expect(piece.chooseStyleId).toBe(bases.find((b) => b.isDefault === 1)!.id);
      expect(piece.styleList.filter((s) => s.isDefault === 1).map((s) => s.id)).toEqual([piece.chooseStyleId]);
    }
    expect(pieces[0]).toMatchObject({ enName: "Suit", name: "Suit" });
    expect(pieces[1]).toMatchObject({ enName: "Trousers", name: "Trousers" });
  });

  it("QO-175 QO-061 a category without add-products is one piece; sizeType, sizeAreaId and customerId narrow and fill the lists; names follow Accept-Language", async () => {
    const customerId = await customerOf("demo");
    const [shirt] = await data<ClothPiece[]>(
      "pc/dict/getCloth",
      { category: 1000, sizeType: 10053, sizeAreaId: US, customerId },
      { language: "zh" },
    );
    expect(shirt!.id).toBe(1000);
    expect(shirt!.name).toBe("衬衫");
    expect(shirt!.enName).toBe("Shirt");
    expect(shirt!.sizeList).toEqual(
      await data<MeasurePart[]>(
        "pc/dict/measureInfo",
        { category: 1000, measureType: 10053, customerId },
        { language: "zh" },
      ),
    );
    expect(shirt!.standardList).toEqual(
      await data<StandardSize[]>("pc/dict/standard", { category: 1000, sizeAreaId: US }, { language: "zh" }),
    );
    expect(shirt!.styleList[0]!.name).toBe("经典版");
    expect((await data<ClothPiece[]>("pc/dict/getCloth", { category: 1000 })).length).toBe(1);
  });

  it("QO-175 getCloth refuses an unknown category, size area or another account's customer (1003), and malformed input (400 naming the field)", async () => {
    await expectNotFound("pc/dict/getCloth", { category: 999 }, /Category 999 does not exist/);
    await expectNotFound("pc/dict/getCloth", { category: 3000, sizeAreaId: 12345 }, /Size area 12345/);
    await expectNotFound(
      "pc/dict/getCloth",
      { category: 3000, customerId: await customerOf("acme") },
      /Customer \d+ does not exist/,
    );
    await expectNotFound("pc/dict/getCloth", { category: 999 }, /品类 999 不存在/, { language: "zh" });
    await expectBadRequest("pc/dict/getCloth", {}, "category");
    await expectBadRequest("pc/dict/getCloth", { category: "suit" }, "category");
    await expectBadRequest("pc/dict/getCloth", { category: 3000, sizeType: 10054 }, "sizeType");
  });
});

describe("base styles", () => {
  it("QO-178 GET pc/dict/styleInfo lists the base styles of the category the quick order sends, the default first", async () => {
    const suit = await data<StyleBasic[]>("pc/dict/styleInfo", { category: 3000 });
    expect(suit.map((s) => s.enName)).toEqual(["Classic two-button", "Slim one-button", "Country"]);
    expect(suit.map((s) => s.isDefault)).toEqual([1, 0, 0]);
    for (const style of suit) {
      expect(Object.keys(style).sort()).toEqual([
        "category",
        "code",
        "description",
        "enName",
        "excludedCraftIds",
        "id",
        "isDefault",
        "name",
      ]);
      expect(style.category).toBe(3000);
      expect(style.name).toBe(style.enName);
    }
    const zh = await data<StyleBasic[]>("pc/dict/styleInfo", { category: 3000 }, { language: "zh-CN" });
    expect(zh.map((s) => s.name)).toEqual(["经典两粒扣", "修身一粒扣", "乡村休闲"]);
    // QO-093: a base lists the crafts it does not offer; the default base offers every craft
    expect(suit[0]!.excludedCraftIds).toEqual([]);
    expect(suit[2]!.excludedCraftIds.length).toBeGreaterThan(0);
    // Every category has two or three base styles, exactly one of them the default.
    for (const category of [3000, 1000, 2000, 4000, 11000, 6000, 5000, 3800000]) {
      const list = await data<StyleBasic[]>("pc/dict/styleInfo", { category });
      expect(list.length, String(category)).toBeGreaterThanOrEqual(2);
      expect(list.length, String(category)).toBeLessThanOrEqual(3);
      expect(list.filter((s) => s.isDefault === 1).length).toBe(1);
    }
  });

  it("QO-178 styleInfo refuses an unknown category (1003) and a missing or malformed one (400)", async () => {
    await expectNotFound("pc/dict/styleInfo", { category: 7777 }, /Category 7777 does not exist/);
    await expectBadRequest("pc/dict/styleInfo", {}, "category");
    await expectBadRequest("pc/dict/styleInfo", { category: 0 }, "category");
  });

  it("QO-188 GET pc/dict/styleAuthInfo (category, styleBasicId): the default base permits the whole zzCraft tree", async () => {
    const [classic] = await basesOf(3000);
    const tree = await data<CraftNode[]>("pc/dict/styleAuthInfo", { category: 3000, styleBasicId: classic!.id });
    expect(tree).toEqual(await data<CraftNode[]>("pc/dict/zzCraft", { category: 3000 }));
  });

  it("QO-188 styleAuthInfo leaves out the crafts a base excludes, with their sub-options, and nothing else", async () => {
    const slim = (await basesOf(3000)).find((b) => b.code === "SB_SLIM1")!;
    const excluded = await server.db
      .select({ id: crafts.id, code: crafts.code })
      .from(styleBasicExcludedCrafts)
      .innerJoin(crafts, eq(crafts.id, styleBasicExcludedCrafts.craftId))
      .where(eq(styleBasicExcludedCrafts.styleBasicId, slim.id));
    expect(excluded.map((c) => c.code).sort()).toEqual(["FIT_LOOSE", "FRONT_DB6", "FRONT_SB3", "POCKET_PATCH"]);
    const full = allIds(await data<CraftNode[]>("pc/dict/zzCraft", { category: 3000 }));
    const permitted = allIds(
      await data<CraftNode[]>("pc/dict/styleAuthInfo", { category: 3000, styleBasicId: slim.id }),
    );
    expect(permitted.filter((id) => excluded.some((c) => c.id === id))).toEqual([]);
    expect(full.filter((id) => !permitted.includes(id)).sort()).toEqual(excluded.map((c) => c.id).sort());
    // An excluded option with sub-options takes them along (the country base drops the shawl collar; peak lapel widths stay).
    const country = (await basesOf(3000)).find((b) => b.code === "SB_COUNTRY")!;
    const zh = await data<CraftNode[]>(
      "pc/dict/styleAuthInfo",
      { category: 3000, styleBasicId: country.id },
      { language: "zh" },
    );
    const lapel = zh.find((g) => g.code === "LAPEL")!;
    expect(lapel.name).toBe("驳头");
    expect(lapel.children.map((c) => c.code)).toEqual(["LAPEL_NOTCH", "LAPEL_PEAK"]);
  });

  it("QO-188 styleAuthInfo refuses a base of another category, an unknown base or category (1003), and missing fields (400)", async () => {
    const [shirtBase] = await basesOf(1000);
    const [suitBase] = await basesOf(3000);
    await expectNotFound(
      "pc/dict/styleAuthInfo",
      { category: 3000, styleBasicId: shirtBase!.id },
      new RegExp(`Base style ${shirtBase!.id} does not belong to category 3000`),
    );
    await expectNotFound(
      "pc/dict/styleAuthInfo",
      { category: 3000, styleBasicId: 424242 },
      /Base style 424242 does not exist/,
    );
    await expectNotFound("pc/dict/styleAuthInfo", { category: 3000, styleBasicId: 424242 }, /基础款式 424242 不存在/, {
      language: "zh",
    });
    await expectNotFound("pc/dict/styleAuthInfo", { category: 999, styleBasicId: suitBase!.id }, /Category 999/);
    await expectBadRequest("pc/dict/styleAuthInfo", { category: 3000 }, "styleBasicId");
    await expectBadRequest("pc/dict/styleAuthInfo", { styleBasicId: suitBase!.id }, "category");
  });

  it("QO-187 GET pc/dict/styleMeasureInfo (styleBasicId, measureType, shapeCategory, customerId) answers measureInfo of the base's category", async () => {
    const [trouserBase] = await basesOf(2000);
    const customerId = await customerOf("demo");
    for (const measureType of [10052, 10053]) {
      expect(
        await data<MeasurePart[]>("pc/dict/styleMeasureInfo", {
          styleBasicId: trouserBase!.id,
          measureType,
          customerId,
        }),
      ).toEqual(await data<MeasurePart[]>("pc/dict/measureInfo", { category: 2000, measureType, customerId }));
    }
    const zh = await data<MeasurePart[]>(
      "pc/dict/styleMeasureInfo",
      { styleBasicId: trouserBase!.id, measureType: 10052 },
      { language: "zh" },
    );
    expect(zh.map((p) => p.name)).toEqual(
      (
        await data<MeasurePart[]>("pc/dict/measureInfo", { category: 2000, measureType: 10052 }, { language: "zh" })
      ).map((p) => p.name),
    );
  });

  it("QO-187 styleMeasureInfo with shapeCategory (a fit) sets the finished-garment defaults to the body default plus that fit's ease", async () => {
    const [suitBase] = await basesOf(3000);
    const finished = await data<MeasurePart[]>("pc/dict/styleMeasureInfo", {
      styleBasicId: suitBase!.id,
      measureType: 10053,
      shapeCategory: SLIM,
    });
    const body = await server.db
      .select({ id: measureParts.id, def: measureParts.defaultValue, ease: measureEases.ease })
      .from(measureParts)
      .innerJoin(measureEases, and(eq(measureEases.partId, measureParts.id), eq(measureEases.fitId, SLIM)))
      .where(and(eq(measureParts.categoryId, 3000), eq(measureParts.measureType, 10052)));
    expect(finished.length).toBe(body.length);
    for (const part of finished) {
      const b = body.find((row) => row.id === part.refPartId)!;
      const expected = Math.min(part.maxValue, Math.max(part.minValue, Math.round((b.def + b.ease) * 2) / 2));
      expect(part.defaultValue, part.code).toBe(expected);
    }
    // Body measurements have no ease: the fit changes nothing there.
    expect(
      await data<MeasurePart[]>("pc/dict/styleMeasureInfo", {
        styleBasicId: suitBase!.id,
        measureType: 10052,
        shapeCategory: SLIM,
      }),
    ).toEqual(await data<MeasurePart[]>("pc/dict/measureInfo", { category: 3000, measureType: 10052 }));
  });

  it("QO-187 styleMeasureInfo refuses an unknown base or shape, another account's customer (1003), and malformed input (400)", async () => {
    const [suitBase] = await basesOf(3000);
    await expectNotFound("pc/dict/styleMeasureInfo", { styleBasicId: 424242, measureType: 10052 }, /Base style 424242/);
    await expectNotFound(
      "pc/dict/styleMeasureInfo",
      { styleBasicId: suitBase!.id, measureType: 10053, shapeCategory: 10441 },
      /Shape 10441 does not exist/,
    );
    await expectNotFound(
      "pc/dict/styleMeasureInfo",
      { styleBasicId: suitBase!.id, measureType: 10052, customerId: await customerOf("acme") },
      /Customer/,
    );
    await expectBadRequest("pc/dict/styleMeasureInfo", { styleBasicId: suitBase!.id }, "measureType");
    await expectBadRequest(
      "pc/dict/styleMeasureInfo",
      { styleBasicId: suitBase!.id, measureType: 10054 },
      "measureType",
    );
    await expectBadRequest("pc/dict/styleMeasureInfo", { measureType: 10052 }, "styleBasicId");
  });

  it("QO-189 GET pc/dict/styleSpecBody (sizeType, styleBasicId, customerId) answers specBody of the base's category with the customer's choices", async () => {
    const [suitBase] = await basesOf(3000);
    const customerId = await customerOf("demo", 3000);
    const specs = await data<BodySpec[]>("pc/dict/styleSpecBody", {
      sizeType: 10052,
      styleBasicId: suitBase!.id,
      customerId,
    });
    expect(specs).toEqual(await data<BodySpec[]>("pc/dict/specBody", { category: 3000, sizeType: 10052, customerId }));
    const stored = await server.db
      .select({ specId: customerSpecials.specId, detailId: customerSpecials.detailId })
      .from(customerSpecials)
      .innerJoin(bodySpecs, eq(bodySpecs.id, customerSpecials.specId))
      .where(and(eq(customerSpecials.customerId, customerId), eq(bodySpecs.categoryId, 3000)));
    expect(stored.length).toBeGreaterThan(0);
    for (const choice of stored) expect(specs.find((s) => s.id === choice.specId)?.chooseId).toBe(choice.detailId);
    const zh = await data<BodySpec[]>(
      "pc/dict/styleSpecBody",
      { sizeType: 10053, styleBasicId: suitBase!.id },
      { language: "zh" },
    );
    expect(zh[0]!.name).toBe("肩型");
  });

  it("QO-189 styleSpecBody refuses another account's customer or an unknown base (1003), and malformed input (400)", async () => {
    const [suitBase] = await basesOf(3000);
    await expectNotFound(
      "pc/dict/styleSpecBody",
      { sizeType: 10052, styleBasicId: suitBase!.id, customerId: await customerOf("acme") },
      /Customer/,
    );
    await expectNotFound("pc/dict/styleSpecBody", { sizeType: 10052, styleBasicId: 1 }, /Base style 1 does not exist/);
    await expectBadRequest("pc/dict/styleSpecBody", { styleBasicId: suitBase!.id }, "sizeType");
    await expectBadRequest("pc/dict/styleSpecBody", { sizeType: 10099, styleBasicId: suitBase!.id }, "sizeType");
  });

  it("QO-190 GET pc/dict/styleStandard (styleBasicId) answers the standard sizes of the base's category, narrowed by size area and shape", async () => {
    const [, slimSuit] = await basesOf(3000);
    const all = await data<StandardSize[]>("pc/dict/styleStandard", { styleBasicId: slimSuit!.id });
    expect(new Set(all.map((s) => s.sizeAreaId))).toEqual(new Set([10441, 10442, 10443]));
    expect(await data<StandardSize[]>("pc/dict/styleStandard", { styleBasicId: slimSuit!.id, sizeAreaId: EU })).toEqual(
      await data<StandardSize[]>("pc/dict/standard", { category: 3000, sizeAreaId: EU }),
    );
    expect(
      await data<StandardSize[]>(
        "pc/dict/styleStandard",
        { styleBasicId: slimSuit!.id, sizeAreaId: EU, shape: SLIM },
        { language: "zh" },
      ),
    ).toEqual(
      await data<StandardSize[]>(
        "pc/dict/standard",
        { category: 3000, sizeAreaId: EU, shape: SLIM },
        { language: "zh" },
      ),
    );
    expect(all.filter((s) => s.sizeAreaId === EU)).toEqual(
      await data<StandardSize[]>("pc/dict/standard", { category: 3000, sizeAreaId: EU }),
    );
  });

  it("QO-190 styleStandard refuses an unknown base, size area or shape (1003) and malformed input (400)", async () => {
    const [suitBase] = await basesOf(3000);
    await expectNotFound("pc/dict/styleStandard", { styleBasicId: 424242 }, /Base style 424242/);
    await expectNotFound("pc/dict/styleStandard", { styleBasicId: suitBase!.id, sizeAreaId: SLIM }, /Size area 10431/);
    await expectNotFound("pc/dict/styleStandard", { styleBasicId: suitBase!.id, shape: EU }, /Shape 10441/);
    await expectBadRequest("pc/dict/styleStandard", {}, "styleBasicId");
    await expectBadRequest("pc/dict/styleStandard", { styleBasicId: "slim" }, "styleBasicId");
  });
});

describe("special body types (zzSpecBody)", () => {
  it("QO-186 QO-198 GET pc/dict/zzSpecBody (sizeType, category, customerId) answers the customer's stored special body types of the category", async () => {
    const customerId = await customerOf("demo", 3000);
    const specials = await data<CustomerSpecial[]>("pc/dict/zzSpecBody", {
      sizeType: 10052,
      category: 3000,
      customerId,
    });
    const stored = await server.db
      .select({ specId: customerSpecials.specId, detailId: customerSpecials.detailId, en: bodySpecDetails.enName })
      .from(customerSpecials)
      .innerJoin(bodySpecs, eq(bodySpecs.id, customerSpecials.specId))
      .innerJoin(bodySpecDetails, eq(bodySpecDetails.id, customerSpecials.detailId))
      .where(and(eq(customerSpecials.customerId, customerId), eq(bodySpecs.categoryId, 3000)));
    expect(stored.length).toBeGreaterThan(0);
    expect(specials.map((s) => [s.desId, s.specId]).sort()).toEqual(stored.map((s) => [s.specId, s.detailId]).sort());
    for (const special of specials) {
      expect(Object.keys(special).sort()).toEqual([
        "desId",
        "desName",
        "description",
        "imagePath",
        "specId",
        "specName",
      ]);
      expect(special.imagePath).toBe(`/api/pc/dict/postureImage/${special.specId}`);
    }
    expect(specials.map((s) => s.specName).sort()).toEqual(stored.map((s) => s.en).sort());
    const zh = await data<CustomerSpecial[]>(
      "pc/dict/zzSpecBody",
      { sizeType: 10052, category: 3000, customerId },
      { language: "zh" },
    );
    expect(zh.map((s) => s.specName)).toContain("溜肩");
    // The same customer has no special body types for overcoats.
    expect(
      await data<CustomerSpecial[]>("pc/dict/zzSpecBody", { sizeType: 10053, category: 11000, customerId }),
    ).toEqual([]);
  });

  it("QO-198 zzSpecBody refuses another account's customer and an unknown category (1003), and needs sizeType, category and customerId (400)", async () => {
    const customerId = await customerOf("demo", 3000);
    await expectNotFound("pc/dict/zzSpecBody", { sizeType: 10052, category: 3000, customerId }, /Customer/, {
      token: tokens.acme,
    });
    await expectNotFound("pc/dict/zzSpecBody", { sizeType: 10052, category: 3000, customerId }, /Customer/, {
      token: tokens.demoSub1,
    });
    await expectNotFound("pc/dict/zzSpecBody", { sizeType: 10052, category: 999, customerId }, /Category 999/);
    await expectBadRequest("pc/dict/zzSpecBody", { category: 3000, customerId }, "sizeType");
    await expectBadRequest("pc/dict/zzSpecBody", { sizeType: 10052, customerId }, "category");
    await expectBadRequest("pc/dict/zzSpecBody", { sizeType: 10052, category: 3000 }, "customerId");
    await expectBadRequest("pc/dict/zzSpecBody", { sizeType: 10052, category: 3000, customerId: -1 }, "customerId");
  });
});

describe("embroidery and category dictionaries", () => {
  it("QO-191 GET pc/dict/dmEmb answers every embroidery option of the category by type, as zzEmb does type by type", async () => {
    const suit = await data<{
      category: number;
      sites: EmbOption[];
      colors: EmbOption[];
      fonts: EmbOption[];
      sizes: EmbOption[];
    }>("pc/dict/dmEmb", { category: 3000 });
    expect(suit.category).toBe(3000);
    for (const [key, type] of [
      ["sites", "emb_site"],
      ["colors", "emb_color"],
      ["fonts", "emb_font"],
      ["sizes", "emb_size"],
    ] as const) {
      expect(suit[key].length, key).toBeGreaterThan(0);
      expect(suit[key]).toEqual(await data<EmbOption[]>("pc/dict/zzEmb", { category: 3000, type }));
    }
    expect(suit.fonts.map((f) => f.id)).toContain(1500);
    const shirt = await data<{ sizes: EmbOption[]; colors: EmbOption[] }>(
      "pc/dict/dmEmb",
      { category: 1000 },
      { language: "zh" },
    );
    expect(shirt.sizes).toEqual([]);
    expect(shirt.colors).toEqual(
      await data<EmbOption[]>("pc/dict/zzEmb", { category: 1000, type: "emb_color" }, { language: "zh" }),
    );
  });

  it("QO-191 dmEmb refuses an unknown category (1003) and a missing one (400)", async () => {
    await expectNotFound("pc/dict/dmEmb", { category: 4242 }, /Category 4242/);
    await expectBadRequest("pc/dict/dmEmb", {}, "category");
  });

  it("QO-192 GET pc/dict/dmCategory answers every garment category with ecode, image and its order ways", async () => {
    const list = await data<
      Array<{
        id: number;
        name: string;
        enName: string;
        zhName: string;
        ecode: string;
        imagePath: string;
        orderWays: number[];
        onlyCoat: boolean;
      }>
    >("pc/dict/dmCategory");
    expect(list.map((c) => c.id)).toEqual([3000, 1000, 2000, 4000, 11000, 6000, 5000, 3800000]);
    expect(list.find((c) => c.id === 3000)).toMatchObject({
      ecode: "MSUIT",
      name: "Suit",
      imagePath: "/img/category/3000.svg",
      orderWays: [7, 8],
      onlyCoat: true,
    });
    // Accessories and the special order are professional only (the simple-order list leaves them out).
    expect(list.find((c) => c.id === 5000)!.orderWays).toEqual([8]);
    const simple = await data<Array<{ id: number }>>("pc/dict/category", { orderWay: 7 });
    expect(list.filter((c) => c.orderWays.includes(7)).map((c) => c.id)).toEqual(simple.map((c) => c.id));
    const zh = await data<Array<{ id: number; name: string }>>("pc/dict/dmCategory", {}, { language: "zh" });
    expect(zh.find((c) => c.id === 1000)!.name).toBe("衬衫");
  });
});

describe("system and basic dictionaries", () => {
  const dictionary = (category: number, language?: string) =>
    data<DictEntry[]>("pc/dictsystem/listDictSystem", { category }, { token: null, language });

  it("QO-193 GET pc/dictsystem/listDictSystem answers the entries of one category in display order, names in the request's language", async () => {
    const en = await dictionary(29);
    expect(en.map((d) => d.pos)).toEqual([...en.map((d) => d.pos)].sort((a, b) => a - b));
    expect(en.every((d) => d.category === 29 && d.name === d.enName)).toBe(true);
    const zh = await dictionary(29, "zh");
    expect(zh.every((d) => d.name === d.zhName)).toBe(true);
    expect(await dictionary(9999)).toEqual([]);
    expectErrorEnvelope(await get("pc/dictsystem/listDictSystem", {}, { token: null }), 400);
  });

  it("QO-075 QO-079 dictionary 13 holds the measurement types, the measurement methods 10052, 10053 and 10054", async () => {
    const entries = await dictionary(13);
    expect(entries.map((d) => d.id)).toEqual([10052, 10053, 10054]);
    expect(entries.map((d) => d.enName)).toEqual(["Body measurements", "Finished garment", "Standard sizes"]);
    expect((await dictionary(13, "zh")).map((d) => d.name)).toEqual(["净体尺寸", "成衣尺寸", "标准号型"]);
  });

  it("QO-076 dictionary 7 holds the order types 7 simple, 8 professional, 9 and 10", async () => {
    const entries = await dictionary(7);
    expect(entries.map((d) => d.id)).toEqual([7, 8, 9, 10]);
    expect(entries.slice(0, 2).map((d) => d.enName)).toEqual(["Simple Order", "Professional Order"]);
  });

  it("QO-078 dictionary 10 is gender: 10040 male, 10041 female", async () => {
    expect((await dictionary(10)).map((d) => [d.id, d.enName])).toEqual([
      [10040, "Male"],
      [10041, "Female"],
    ]);
    expect((await dictionary(10, "zh")).map((d) => d.name)).toEqual(["男", "女"]);
  });

  it("QO-080 dictionary 29 is the weight unit: 10261 kg, 10262 lb", async () => {
    expect((await dictionary(29)).map((d) => [d.id, d.enName])).toEqual([
      [10261, "kg"],
      [10262, "lb"],
    ]);
  });

  it("QO-081 dictionary 30 is the height unit: 10266 cm, 10265 inch", async () => {
    expect((await dictionary(30)).map((d) => [d.id, d.enName])).toEqual([
      [10266, "cm"],
      [10265, "inch"],
    ]);
    expect((await dictionary(30, "zh")).map((d) => d.name)).toEqual(["厘米", "英寸"]);
  });

  it("QO-082 dictionary 41 is the long/short style", async () => {
    const entries = await dictionary(41);
    expect(entries.map((d) => d.enName)).toEqual(["Long", "Short"]);
    expect((await dictionary(41, "zh")).map((d) => d.name)).toEqual(["长款", "短款"]);
  });

  it("QO-194 GET pc/dictsystem/getDictSystem answers one entry by id, as listDictSystem shows it", async () => {
    const entry = await data<DictEntry>("pc/dictsystem/getDictSystem", { id: 10265 });
    expect(entry).toEqual((await dictionary(30)).find((d) => d.id === 10265));
    expect(Object.keys(entry).sort()).toEqual(["category", "enName", "id", "isStop", "name", "pos", "zhName"]);
    const zh = await data<DictEntry>("pc/dictsystem/getDictSystem", { id: 10371 }, { language: "zh" });
    expect(zh).toMatchObject({ id: 10371, category: 9, name: "待审核", enName: "Pending review" });
  });

  it("QO-194 getDictSystem refuses an unknown id (1003) and a missing or malformed one (400)", async () => {
    await expectNotFound("pc/dictsystem/getDictSystem", { id: 123456 }, /Dictionary entry 123456 does not exist/);
    await expectNotFound("pc/dictsystem/getDictSystem", { id: 123456 }, /字典项 123456 不存在/, { language: "zh" });
    await expectBadRequest("pc/dictsystem/getDictSystem", {}, "id");
    await expectBadRequest("pc/dictsystem/getDictSystem", { id: "kg" }, "id");
  });

  it("QO-195 GET pc/dictbasic answers the basic dictionary entries of a category, or the children of one parent", async () => {
    const countries = await data<DictBasicEntry[]>("pc/dictbasic", { category: 4 });
    expect(countries.map((c) => c.code)).toEqual(["CN", "GB", "US", "DE", "IT", "JP", "AU", "FR", "NL", "SG", "CH"]);
    for (const country of countries) {
      expect(Object.keys(country).sort()).toEqual([
        "category",
        "code",
        "enName",
        "id",
        "name",
        "parentId",
        "pos",
        "zhName",
      ]);
      expect(country).toMatchObject({ category: 4, parentId: null });
    }
    const gb = countries.find((c) => c.code === "GB")!;
    const states = await data<DictBasicEntry[]>("pc/dictbasic", { category: 5, parentId: gb.id }, { language: "zh" });
    expect(states.map((s) => s.name)).toEqual(["英格兰", "苏格兰", "威尔士", "北爱尔兰"]);
    expect(states.every((s) => s.parentId === gb.id && s.category === 5)).toBe(true);
    const cities = await data<DictBasicEntry[]>("pc/dictbasic", { category: 6, parentId: states[0]!.id });
    expect(cities.map((c) => c.name)).toEqual(["London", "Manchester", "Birmingham"]);
    const allStates = await data<DictBasicEntry[]>("pc/dictbasic", { category: 5 });
    expect(allStates.length).toBe(33);
    expect((await data<DictBasicEntry[]>("pc/dictbasic", { category: 2 })).map((p) => p.enName)).toContain(
      "Receiver pays",
    );
    // A parent without children in the category: an empty list.
    expect(await data<DictBasicEntry[]>("pc/dictbasic", { category: 6, parentId: gb.id })).toEqual([]);
  });

  it("QO-195 dictbasic refuses an unknown category or parent (1003) and malformed input (400)", async () => {
    await expectNotFound("pc/dictbasic", { category: 77 }, /Dictionary category 77 does not exist/);
    await expectNotFound("pc/dictbasic", { category: 5, parentId: 99 }, /Dictionary entry 99 does not exist/);
    await expectBadRequest("pc/dictbasic", {}, "category");
    await expectBadRequest("pc/dictbasic", { category: 4, parentId: "GB" }, "parentId");
  });
});

describe("the order lists' search and filter dictionaries (002 §7)", () => {
  type FilterEntry = { dealItem: number; name: string };
  const SEARCH = "pc/dictsystem/orderSearchDict";
  const dealItems = (entries: FilterEntry[]) => entries.map((entry) => entry.dealItem);

  it("PROD-062 PROD-026 the order search dictionary answers categories 7, 12, 13 and 14 as {dealItem, name}, names in the request's language", async () => {
    const types = await data<FilterEntry[]>(SEARCH, { category: 7 });
    expect(types).toEqual([
      { dealItem: 7, name: "Simple Order" },
      { dealItem: 8, name: "Professional Order" },
      { dealItem: 9, name: "Goods Order" },
      { dealItem: 10, name: "Style Order" },
    ]);
    for (const entries of [
      types,
      ...(await Promise.all([12, 13, 14].map((category) => data<FilterEntry[]>(SEARCH, { category })))),
    ])
      for (const entry of entries) expect(Object.keys(entry).sort()).toEqual(["dealItem", "name"]);
    expect(new Set(dealItems(await data<FilterEntry[]>(SEARCH, { category: 12 })))).toEqual(new Set([10050, 10051]));
    expect(new Set(dealItems(await data<FilterEntry[]>(SEARCH, { category: 13 })))).toEqual(
      new Set([10052, 10053, 10054]),
    );
    // D-05: 14 is the appearance here
    expect(await data<FilterEntry[]>(SEARCH, { category: 14 }, { language: "zh" })).toEqual([
      { dealItem: 10141, name: "素色" },
      { dealItem: 10142, name: "条纹" },
      { dealItem: 10143, name: "格子" },
    ]);
  });

  it("PROD-062 category 9 with type 2 or extend 2 answers the production list's statuses, type 21 every status past the cart, neither every status", async () => {
    const production = dealItems(await data<FilterEntry[]>(SEARCH, { category: 9, type: 2 }));
    expect(new Set(production)).toEqual(new Set(PRODUCTION_LIST_STATUSES));
    expect(dealItems(await data<FilterEntry[]>(SEARCH, { category: 9, extend: 2 }))).toEqual(production);
    const pastCart = dealItems(await data<FilterEntry[]>(SEARCH, { category: 9, type: 21 }));
    expect(new Set(pastCart)).toEqual(new Set(ORDER_STATUSES.filter((status) => status !== ORDER_STATUS.saved)));
    expect(new Set(dealItems(await data<FilterEntry[]>(SEARCH, { category: 9 })))).toEqual(new Set(ORDER_STATUSES));
    const zh = await data<FilterEntry[]>(SEARCH, { category: 9, type: 2 }, { language: "zh" });
    expect(zh.find((entry) => entry.dealItem === ORDER_STATUS.failed)?.name).toBe("失败");
  });

  it("PROD-062 the order search dictionary refuses another category, type or extend (400 naming it), and needs the token", async () => {
    await expectBadRequest(SEARCH, { category: 8 }, "category");
    await expectBadRequest(SEARCH, {}, "category");
    await expectBadRequest(SEARCH, { category: 9, type: 3 }, "type");
    await expectBadRequest(SEARCH, { category: 9, extend: 21 }, "extend");
    expect(expectErrorEnvelope(await get(SEARCH, { category: 7 }, { token: null }), 401).code).toBe("ATI");
  });

  it("PROD-026 PROD-051 the sub-account filter's entries carry id and username: the account itself, then its sub-accounts", async () => {
    const members = await data<Array<{ id: number; username: string }>>("pc/member/findAllSubAccount", {
      isContainsSelf: 1,
    });
    expect(members[0]).toEqual({ id: memberIds.demo, username: "demo" });
    expect(members.map((m) => m.username)).toEqual(expect.arrayContaining(["demo", "demo-sub1", "demo-sub2"]));
    for (const member of members) {
      expect(member).toHaveProperty("id", expect.any(Number));
      expect(member).toHaveProperty("username", expect.any(String));
    }
    // another main account sees only its own family
    const acme = await data<Array<{ id: number; username: string }>>(
      "pc/member/findAllSubAccount",
      { isContainsSelf: 1 },
      { token: tokens.acme },
    );
    expect(acme.map((m) => m.username)).not.toContain("demo");
  });

  it("PROD-063 the filter's dict basic list: category 8, parentId 0 answers the top-level entries (the shipment states of isShip)", async () => {
    const states = await data<DictBasicEntry[]>("pc/dictbasic", { category: 8, parentId: 0 });
    expect(states.map((s) => [s.code, s.enName, s.parentId])).toEqual([
      ["0", "Not shipped", null],
      ["1", "Shipped", null],
    ]);
    // parentId 0 is the top level of any category: the countries without their states
    const countries = await data<DictBasicEntry[]>("pc/dictbasic", { category: 4, parentId: 0 });
    expect(countries.length).toBeGreaterThan(0);
    expect(countries.every((c) => c.parentId === null)).toBe(true);
    expect(await data<DictBasicEntry[]>("pc/dictbasic", { category: 5, parentId: 0 })).toEqual([]);
  });

  it("PROD-064 the filter's cloth dict list: dmCategory with parentId 0 answers every garment category; another parent is refused", async () => {
    const all = await data<Array<{ id: number }>>("pc/dict/dmCategory");
    const top = await data<Array<{ id: number }>>("pc/dict/dmCategory", { parentId: 0 });
    expect(top.map((c) => c.id)).toEqual(all.map((c) => c.id));
    expect(top.length).toBeGreaterThan(5);
    await expectBadRequest("pc/dict/dmCategory", { parentId: 3000 }, "parentId");
  });
});

describe("every new dictionary call", () => {
  const calls = async (): Promise<Array<[string, Record<string, string | number>]>> => {
    const [suitBase] = await basesOf(3000);
    const customerId = await customerOf("demo", 3000);
    return [
      ["pc/dict/getCloth", { category: 3000, sizeType: 10052, sizeAreaId: EU, customerId }],
      ["pc/dict/styleInfo", { category: 3000 }],
      ["pc/dict/zzSpecBody", { sizeType: 10052, category: 3000, customerId }],
      ["pc/dict/styleMeasureInfo", { styleBasicId: suitBase!.id, measureType: 10053, shapeCategory: SLIM, customerId }],
      ["pc/dict/styleAuthInfo", { category: 3000, styleBasicId: suitBase!.id }],
      ["pc/dict/styleSpecBody", { sizeType: 10052, styleBasicId: suitBase!.id, customerId }],
      ["pc/dict/styleStandard", { styleBasicId: suitBase!.id, sizeAreaId: EU, shape: SLIM }],
      ["pc/dict/dmEmb", { category: 3000 }],
      ["pc/dict/dmCategory", {}],
      ["pc/dictsystem/getDictSystem", { id: 10052 }],
      ["pc/dictbasic", { category: 5, parentId: 40007 }],
      ["pc/dictbasic", { category: 8, parentId: 0 }],
      ["pc/dict/dmCategory", { parentId: 0 }],
      ["pc/dictsystem/orderSearchDict", { category: 9, type: 2 }],
      ["pc/dictsystem/orderSearchDict", { category: 9, extend: 2 }],
    ];
  };

  it("QO-175 QO-178 QO-186 QO-187 QO-188 QO-189 QO-190 QO-191 QO-192 QO-194 QO-195 need the access token (HTTP 401 ATI without it)", async () => {
    for (const [url, query] of await calls()) {
      expect((await get(url, query)).statusCode, url).toBe(200);
      const body = expectErrorEnvelope(await get(url, query, { token: null }), 401);
      expect(body.code, url).toBe("ATI");
      expect(expectErrorEnvelope(await get(url, query, { token: "not-a-token" }), 401).code).toBe("ATI");
    }
  });

  it("API-005 garbage in every parameter answers a 400 envelope naming it or a refusal, never a 500", async () => {
    for (const [url, query] of await calls()) {
      for (const name of Object.keys(query)) {
        for (const value of ["x'; drop table style_basics; --", "99999999999999999999", "-5", "1.5", ""]) {
          const res = await get(url, { ...query, [name]: value });
          expect(res.statusCode, `${url} ${name}=${value}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode === 400) expect(expectErrorEnvelope(res, 400).message).toContain(name);
          else expect(envelopeOf(res).code, `${url} ${name}=${value}`).not.toBe(500);
        }
      }
    }
  });

  it("the seed run again on a seeded database adds nothing twice (base styles, exclusions, basic dictionaries, authorities)", async () => {
    const counts = async () => ({
      bases: Number((await server.db.select({ n: count() }).from(styleBasics))[0]!.n),
      excluded: Number((await server.db.select({ n: count() }).from(styleBasicExcludedCrafts))[0]!.n),
      basic: Number((await server.db.select({ n: count() }).from(dictBasic))[0]!.n),
      authorities: Number((await server.db.select({ n: count() }).from(memberAuthorities))[0]!.n),
    });
    const before = await counts();
    expect(before.bases).toBeGreaterThanOrEqual(16);
    expect(await seed(server.db)).toBe("already seeded");
    expect(await counts()).toEqual(before);
  });
});

describe("permission to modify orders", () => {
  const SHIRTING = fabricRow(6);

  async function shirtDraft(orderId = ""): Promise<Json> {
    const [collar] = await server.db
      .select({ id: crafts.id })
      .from(crafts)
      .where(and(eq(crafts.categoryId, 1000), eq(crafts.code, "COLLAR_SPREAD")));
    const parts = await server.db
      .select()
      .from(measureParts)
      .where(and(eq(measureParts.categoryId, 1000), eq(measureParts.measureType, 10052)))
      .orderBy(asc(measureParts.pos));
    return {
      orderId,
      clothCategory: 1000,
      fabric: SHIRTING.fabricCode,
      customerName: "Nina Brandt",
      shortName: "Nina",
      genderId: 10041,
      height: 168,
      weight: 58,
      detailList: [
        {
          clothCategory: 1000,
          craftList: [{ craftId: collar!.id }],
          embList: [],
          sizeList: parts.map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 })),
        },
      ],
    };
  }
  const post = (url: "saveOrder" | "saveSubmitOrder", payload: Json, token: string, language?: string) =>
    server.app.inject({
      method: "POST",
      url: `/api/pc/order/${url}`,
      payload,
      headers: { ...bearer(token), ...(language ? { "accept-language": language } : {}) },
    });

  it("QO-164 a sub-account without the modify authority may save new orders, but changing a saved one is refused with a translated message; nothing changes", async () => {
    const created = envelopeOf<{ orderId: string }>(await post("saveOrder", await shirtDraft(), tokens.demoSub2));
    expect(created.code, created.message).toBe(0);
    const orderId = created.data.orderId;
    const before = (
      await server.db
        .select()
        .from(orders)
        .where(eq(orders.id, Number(orderId)))
    )[0]!;
    const balanceCents = await memberBalanceCents(server.db, memberIds.demoSub2);

    const changed = { ...(await shirtDraft(orderId)), customerName: "Someone Else", amount: 3 };
    for (const url of ["saveOrder", "saveSubmitOrder"] as const) {
      const en = expectErrorEnvelope(await post(url, changed, tokens.demoSub2), 200);
      expect(en.code).toBe(1004);
      expect(en.message).toBe("Your account has no permission to modify orders; ask the main account for it");
      const zh = expectErrorEnvelope(await post(url, changed, tokens.demoSub2, "zh-CN"), 200);
      expect(zh.message).toBe("您的账号没有修改订单的权限，请联系主账号开通");
    }
    const after = (
      await server.db
        .select()
        .from(orders)
        .where(eq(orders.id, Number(orderId)))
    )[0]!;
    expect(after).toEqual(before);
    expect(await memberBalanceCents(server.db, memberIds.demoSub2)).toBe(balanceCents);
    // The refusal does not depend on the id: another account's order gets the same answer.
    const [acmeOrder] = await server.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.memberId, memberIds.acme));
    expect(envelopeOf(await post("saveOrder", await shirtDraft(String(acmeOrder!.id)), tokens.demoSub2)).code).toBe(
      1004,
    );
  });

  it("QO-164 accounts holding the authority (demo, demo-sub1) change their saved orders; the menu authorities stay as they were", async () => {
    for (const account of ["demo", "demoSub1"] as const) {
      const created = envelopeOf<{ orderId: string }>(await post("saveOrder", await shirtDraft(), tokens[account]));
      expect(created.code, created.message).toBe(0);
      const edited = envelopeOf<{ orderId: string }>(
        await post("saveOrder", { ...(await shirtDraft(created.data.orderId)), amount: 2 }, tokens[account]),
      );
      expect(edited.code, edited.message).toBe(0);
      expect(edited.data.orderId).toBe(created.data.orderId);
      expect(
        (
          await server.db
            .select({ amount: orders.amount })
            .from(orders)
            .where(eq(orders.id, Number(created.data.orderId)))
        )[0]!.amount,
      ).toBe(2);
    }
    const grants = await server.db
      .select({ memberId: memberAuthorities.memberId })
      .from(memberAuthorities)
      .where(and(eq(memberAuthorities.authorityType, "ACTION"), eq(memberAuthorities.code, "ORDER_EDIT")));
    expect(grants.map((g) => g.memberId).sort()).toEqual([memberIds.demo, memberIds.demoSub1, memberIds.acme].sort());
    const menu = await data<Array<{ code: string }>>(
      "admin/memberdetail/getMemberAuthority",
      {},
      { token: tokens.demoSub2 },
    );
    expect(menu.map((m) => m.code)).toEqual(["shipment", "billing", "dressWell", "styleProduct"]);
    expect(menu.map((m) => m.code)).not.toContain("ORDER_EDIT");
    expect(
      await server.db
        .select()
        .from(memberAuthorities)
        .where(inArray(memberAuthorities.code, ["ORDER_EDIT"])),
    ).toHaveLength(3);
  });
});
