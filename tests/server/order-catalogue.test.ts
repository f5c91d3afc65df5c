import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, measureEases, measureParts } from "../../server/db/schema.ts";
import { FABRIC_COUNT, fabricRow } from "../../server/db/seed.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { memberId } from "./members.ts";

/** The order-entry catalogue (issue 3): crafts, embroidery, contrast, fabrics, measurements, customers. */
let server: TestServer;
const tokens: Record<"demo" | "demoSub1" | "acme", string> = { demo: "", demoSub1: "", acme: "" };
beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
});
afterAll(async () => {
  await server?.close();
});

const CATEGORIES = [3000, 1000, 2000, 4000, 11000, 6000, 5000, 3800000] as const;
const SOURCE_TYPES = ["TEXT", "LABEL", "IMAGE", "FONT", "STYLE", "FILE"];
const CHOOSE_TYPES = ["RADIO", "CHECKBOX", "COPY"];
const PRICE = /^\d+\.\d{2}$/;

interface CraftNode {
  id: number;
  code: string;
  name: string;
  value: string;
  price: string;
  moneyType: string;
  isDefault: 0 | 1;
  select: 0 | 1;
  sourceType: string;
  chooseType: string;
  children: CraftNode[];
  parentId: number | null;
  parentName: string;
  childIds: number[];
  craftPath: string;
  imagePath: string;
  extension: string;
  remark: string;
  category: number;
  clothCategory: number;
  level: number;
}
interface MeasurePart {
  id: number;
  code: string;
  name: string;
  inputValue: number | null;
  defaultValue: number;
  minValue: number;
  maxValue: number;
  addNum: number;
  isMust: 0 | 1;
  disabled: boolean;
  finishId: number | null;
  finishValue: number | null;
  refPartId: number | null;
  unit: string;
}
interface Customer {
  id: number;
  custName: string;
  shortName: string;
  genderId: number;
  height: number;
  heightUnit: number;
  weight: number;
  weightUnit: number;
  phone: string;
  email: string;
  address: string;
  birthdate: string;
  remark: string;
  cySizeList: Array<{ clothId: number; partList: Array<{ partId: number; partSize: number }> }>;
  customerSpecialList: Array<{ desId: number; specId: number }>;
}
interface Fabric {
  id: number;
  fabricCode: string;
  imagePath: string;
  imgPath: string;
  price: string;
  moneyType: string;
  colorTypeName: string;
  flowerPatternName: string;
  flowerRemark: string;
  soledad: string;
  fabricProName: string;
  weight: string;
  remark: string;
  check: boolean;
  stock: number;
  inStock: boolean;
}

const get = (
  url: string,
  opts: { token?: string; query?: Record<string, string>; language?: string; headers?: Record<string, string> } = {},
) =>
  server.app.inject({
    method: "GET",
    url,
    query: opts.query,
    headers: {
      ...(opts.token ? bearer(opts.token) : {}),
      ...(opts.language ? { "accept-language": opts.language } : {}),
      ...opts.headers,
    },
  });
const post = (url: string, payload: unknown, token = tokens.demo, language?: string) =>
  server.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...bearer(token), ...(language ? { "accept-language": language } : {}) },
  });
/** GET with the demo token by default; asserts HTTP 200 and code 0, returns data (and total). */
async function read<T>(
  url: string,
  query: Record<string, string> = {},
  opts: { token?: string; language?: string } = {},
) {
  const res = await get(url, { token: opts.token ?? tokens.demo, query, language: opts.language });
  expect(res.statusCode, res.body).toBe(200);
  const body = envelopeOf<T>(res);
  expect(body.code, body.message).toBe(0);
  return body;
}
/** A refusal: HTTP 200, non-zero code, data null, the given message. */
async function refused(res: Awaited<ReturnType<typeof get>>, message: string | RegExp) {
  expect(res.statusCode).toBe(200);
  const body = envelopeOf<null>(res);
  expect(body.code).toBe(1003);
  expect(body.data).toBeNull();
  expect(body.message).toMatch(message);
}

const trees = new Map<number, CraftNode[]>();
async function tree(category: number): Promise<CraftNode[]> {
  if (!trees.has(category))
    trees.set(category, (await read<CraftNode[]>("/api/pc/dict/zzCraft", { category: String(category) })).data);
  return trees.get(category)!;
}
const walk = (nodes: readonly CraftNode[]): CraftNode[] => nodes.flatMap((n) => [n, ...walk(n.children)]);
const depth = (node: CraftNode): number => 1 + Math.max(0, ...node.children.map(depth));
const parts = async (category: number, measureType: number, customerId?: number) =>
  (
    await read<MeasurePart[]>("/api/pc/dict/measureInfo", {
      category: String(category),
      measureType: String(measureType),
      ...(customerId ? { customerId: String(customerId) } : {}),
    })
  ).data;
const findCustomer = async (keywords: string, token = tokens.demo) =>
  (await read<Customer[]>("/api/pc/customer/getCust", { keywords }, { token })).data;

describe("categories", () => {
  it("QO-045 QO-176 category entries carry id, name, ecode, imagePath, craftList, emb and colorContrast", async () => {
    const { data } = await read<
      Array<{
        id: number;
        name: string;
        ecode: string;
        imagePath: string;
        craftList: Array<{ id: number; code: string; name: string; category: number }>;
        emb: boolean;
        colorContrast: boolean;
      }>
    >("/api/pc/dict/category", { orderWay: "8" });
    expect(data.map((c) => c.id)).toEqual([...CATEGORIES]);
    for (const category of data) {
      expect(category.name.length).toBeGreaterThan(0);
      expect(category.ecode.length).toBeGreaterThan(0);
      expect(category.imagePath).toBe(`/img/category/${category.id}.svg`);
      expect(category.emb).toBe(true);
      expect(category.colorContrast).toBe(true);
      // craftList is the tree's top level, in the same order.
      expect(category.craftList.map((g) => g.id)).toEqual((await tree(category.id)).map((g) => g.id));
    }
    const suit = data.find((c) => c.id === 3000)!;
    expect(suit.craftList[0]).toMatchObject({ code: "FIT", name: "Fit", category: 1 });
    const zh = await read<Array<{ id: number; craftList: Array<{ name: string }> }>>(
      "/api/pc/dict/category",
      {},
      { language: "zh" },
    );
    expect(zh.data[0]!.craftList[0]!.name).toBe("版型");
  });
});

describe("craft trees", () => {
  it("QO-048 QO-183 every category has at least 8 groups nested 2-3 levels, each node with every documented field", async () => {
    const seen = new Set<number>();
    for (const category of CATEGORIES) {
      const roots = await tree(category);
      expect(roots.length).toBeGreaterThanOrEqual(8);
      expect(Math.max(...roots.map(depth)), `${category}`).toBe(3);
      expect(
        roots.every((g) => g.children.length >= 2),
        `${category}`,
      ).toBe(true);
      const nodes = walk(roots);
      const codes = new Set(nodes.map((n) => n.code));
      expect(codes.size).toBe(nodes.length);
      const byId = new Map(nodes.map((n) => [n.id, n]));
      for (const node of nodes) {
        expect(Object.keys(node).sort()).toEqual(
          [
            "category",
            "chooseType",
            "childIds",
            "children",
            "clothCategory",
            "code",
            "craftPath",
            "extension",
            "id",
            "imagePath",
            "isDefault",
            "level",
            "moneyType",
            "name",
            "parentId",
            "parentName",
            "price",
            "remark",
            "select",
            "sourceType",
            "value",
          ].sort(),
        );
        expect(seen.has(node.id)).toBe(false);
        seen.add(node.id);
        // Ids are the garment category id + n, n < 500.
        expect(node.id - category).toBeGreaterThan(0);
        expect(node.id - category).toBeLessThan(500);
        expect(node.clothCategory).toBe(category);
        expect(node.price).toMatch(PRICE);
        expect([0, 1]).toContain(node.isDefault);
        expect(node.select).toBe(0);
        expect(node.childIds).toEqual(node.children.map((c) => c.id));
        const parent = node.parentId === null ? undefined : byId.get(node.parentId);
        expect(node.level).toBe(parent ? parent.level + 1 : 1);
        expect(node.parentName).toBe(parent?.name ?? "");
        expect(node.craftPath).toBe(parent ? `${parent.craftPath} / ${node.name}` : node.name);
        if (parent) expect(node.category).toBe(parent.category);
        expect(node.imagePath === "").toBe(!["IMAGE", "STYLE", "FONT"].includes(node.sourceType));
      }
    }
  });

  it("QO-049 QO-050 QO-051 every sourceType, chooseType and craft category (1-4) is used", async () => {
    const nodes = (await Promise.all(CATEGORIES.map(tree))).flatMap(walk);
    expect(new Set(nodes.map((n) => n.sourceType))).toEqual(new Set(SOURCE_TYPES));
    expect(new Set(nodes.map((n) => n.chooseType))).toEqual(new Set(CHOOSE_TYPES));
    expect(new Set(nodes.map((n) => n.category))).toEqual(new Set([1, 2, 3, 4]));
    // Every category mixes at least two choose rules among its groups.
    for (const category of CATEGORIES) {
      expect(new Set((await tree(category)).map((g) => g.chooseType)).size).toBeGreaterThanOrEqual(2);
    }
    // A COPY group (the sync icon) carries the same code in several categories.
    const copyGroups = (await Promise.all(CATEGORIES.map(tree))).flat().filter((g) => g.chooseType === "COPY");
    expect(copyGroups.filter((g) => g.code === "ACC_BUTTONS").length).toBeGreaterThanOrEqual(5);
  });

  it("QO-114 a RADIO group with two default options exists (the first is kept by the client)", async () => {
    const vents = (await tree(3000)).find((g) => g.code === "VENTS")!;
    expect(vents.chooseType).toBe("RADIO");
    expect(vents.children.filter((c) => c.isDefault === 1).map((c) => c.code)).toEqual(["VENT_CENTRE", "VENT_SIDE"]);
  });

  it("QO-116 default options carry children with their own defaults", async () => {
    const lapel = (await tree(3000)).find((g) => g.code === "LAPEL")!;
    const notch = lapel.children.find((c) => c.isDefault === 1)!;
    expect(notch.code).toBe("LAPEL_NOTCH");
    expect(notch.chooseType).toBe("RADIO");
    expect(notch.children.map((c) => c.name)).toEqual(["Lapel width 7 cm", "Lapel width 8 cm", "Lapel width 9 cm"]);
    expect(notch.children.filter((c) => c.isDefault === 1).map((c) => c.name)).toEqual(["Lapel width 8 cm"]);
  });

  it("QO-031 QO-145 TEXT options and a FILE option exist; a TEXT option may carry FONT children", async () => {
    const suit = walk(await tree(3000));
    const label = suit.find((n) => n.code === "LABEL_NAME")!;
    expect(label.sourceType).toBe("TEXT");
    expect(label.children.map((c) => c.sourceType)).toEqual(["FONT", "FONT"]);
    expect(suit.find((n) => n.code === "LINING_PRINT")).toMatchObject({ sourceType: "FILE", price: "35.00" });
    expect(walk(await tree(3800000)).filter((n) => n.sourceType === "TEXT").length).toBeGreaterThanOrEqual(2);
  });

  it("QO-121 extensions take the form 10052&ids|10053&ids and name real parts of the category", async () => {
    let checked = 0;
    for (const category of CATEGORIES) {
      const body = new Map((await parts(category, 10052)).map((p) => [p.id, p]));
      const finished = new Map((await parts(category, 10053)).map((p) => [p.id, p]));
      for (const node of walk(await tree(category)).filter((n) => n.extension !== "")) {
        expect(node.extension).toMatch(/^10052&\d+(,\d+)*\|10053&\d+(,\d+)*$/);
        const [bodyMode, finishedMode] = node.extension.split("|").map((mode) => {
          const [code, ids] = mode.split("&");
          return { code, ids: ids!.split(",").map(Number) };
        });
        expect(bodyMode!.code).toBe("10052");
        expect(finishedMode!.code).toBe("10053");
        expect(bodyMode!.ids.every((id) => body.has(id))).toBe(true);
        expect(finishedMode!.ids.every((id) => finished.has(id))).toBe(true);
        // The two modes disable the same parts: each finished id is the body id's linked part.
        expect(bodyMode!.ids.map((id) => body.get(id)!.refPartId)).toEqual(finishedMode!.ids);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
    const shortSleeve = walk(await tree(1000)).find((n) => n.code === "SLEEVE_SHORT")!;
    const wrist = (await parts(1000, 10052)).find((p) => p.code === "wrist")!;
    expect(shortSleeve.extension).toBe(`10052&${wrist.id}|10053&${wrist.refPartId}`);
  });

  it("QO-119 QO-151 category 5000 has the series group 5023 with series children, and crafts that need a series", async () => {
    const accessories = await tree(5000);
    const series = accessories.find((g) => g.id === 5023)!;
    expect(series).toMatchObject({ code: "SERIES", chooseType: "RADIO", parentId: null, category: 3 });
    expect(series.children.length).toBeGreaterThanOrEqual(3);
    expect(series.children.every((c) => c.parentId === 5023)).toBe(true);
    expect(accessories.filter((g) => g.id !== 5023).length).toBeGreaterThanOrEqual(7);
  });

  it("QO-037 craft 3800106 is the logo craft of category 3800000 with its tooltip", async () => {
    const logo = walk(await tree(3800000)).find((n) => n.id === 3800106)!;
    expect(logo).toMatchObject({
      code: "LOGO_EMB",
      remark: "Please send the logo to your account manager",
      price: "30.00",
    });
    const zh = await read<CraftNode[]>("/api/pc/dict/zzCraft", { category: "3800000" }, { language: "zh" });
    expect(walk(zh.data).find((n) => n.id === 3800106)!.remark).toBe("请将标志发送给您的客户经理");
  });

  it("QO-030 craft prices follow the account: acme pays 110 % in its own currency", async () => {
    const demoPeak = walk(await tree(3000)).find((n) => n.code === "LAPEL_PEAK")!;
    const acme = await read<CraftNode[]>("/api/pc/dict/zzCraft", { category: "3000" }, { token: tokens.acme });
    expect([demoPeak.price, demoPeak.moneyType]).toEqual(["15.00", "USD"]);
    const acmePeak = walk(acme.data).find((n) => n.code === "LAPEL_PEAK")!;
    expect([acmePeak.price, acmePeak.moneyType]).toEqual(["16.50", "CNY"]);
    // every price of the tree and of the contrast options says its currency
    expect(new Set(walk(acme.data).map((n) => n.moneyType))).toEqual(new Set(["CNY"]));
    const contrast = await read<
      Array<{ positions: Array<{ moneyType: string }>; fabrics: Array<{ moneyType: string }> }>
    >("/api/pc/dict/zzContrast", { category: "1000" }, { token: tokens.acme });
    expect(new Set(contrast.data.flatMap((s) => [...s.positions, ...s.fabrics]).map((p) => p.moneyType))).toEqual(
      new Set(["CNY"]),
    );
  });

  it("QO-183 an unknown category is refused with a clear message; a bad one with 400; no token 401", async () => {
    await refused(
      await get("/api/pc/dict/zzCraft", { token: tokens.demo, query: { category: "9999" } }),
      "Category 9999 does not exist",
    );
    const zh = envelopeOf(
      await get("/api/pc/dict/zzCraft", { token: tokens.demo, query: { category: "9999" }, language: "zh" }),
    );
    expect(zh.message).toBe("品类 9999 不存在");
    expect(
      expectErrorEnvelope(await get("/api/pc/dict/zzCraft", { token: tokens.demo, query: { category: "suit" } }), 400)
        .message,
    ).toMatch(/^category is invalid/);
    expect(expectErrorEnvelope(await get("/api/pc/dict/zzCraft", { token: tokens.demo }), 400).message).toBe(
      "category cannot be empty",
    );
    expect(expectErrorEnvelope(await get("/api/pc/dict/zzCraft", { query: { category: "3000" } }), 401).code).toBe(
      "ATI",
    );
  });
});

describe("craft prices, search and presets", () => {
  it("QO-170 getCraftPrice answers id and price for each chosen craft, per category", async () => {
    const suit = walk(await tree(3000));
    const shirt = walk(await tree(1000));
    const peak = suit.find((n) => n.code === "LAPEL_PEAK")!;
    const ticket = suit.find((n) => n.code === "POCKET_TICKET")!;
    const french = shirt.find((n) => n.code === "CUFF_FRENCH")!;
    const res = await post("/api/pc/dict/getCraftPrice", [
      { category: 3000, chooseIds: `${peak.id},${ticket.id}` },
      { category: 1000, chooseIds: String(french.id) },
      { category: 2000, chooseIds: "" },
    ]);
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<Array<{ id: number; price: string; category: number }>>(res);
    expect(body.code).toBe(0);
    expect(body.data).toEqual([
      { id: peak.id, price: "15.00", category: 3000 },
      { id: ticket.id, price: "8.00", category: 3000 },
      { id: french.id, price: "6.00", category: 1000 },
    ]);
    const acme = envelopeOf<Array<{ price: string }>>(
      await post("/api/pc/dict/getCraftPrice", [{ category: 3000, chooseIds: String(peak.id) }], tokens.acme),
    );
    expect(acme.data[0]!.price).toBe("16.50");
  });

  it("QO-170 a craft that is not in the category, or does not exist, is refused naming it", async () => {
    const french = walk(await tree(1000)).find((n) => n.code === "CUFF_FRENCH")!;
    await refused(
      await post("/api/pc/dict/getCraftPrice", [{ category: 3000, chooseIds: String(french.id) }]),
      `Craft ${french.id} does not exist in category 3000`,
    );
    await refused(
      await post("/api/pc/dict/getCraftPrice", [{ category: 3000, chooseIds: "999999" }]),
      "Craft 999999 does not exist in category 3000",
    );
    await refused(
      await post("/api/pc/dict/getCraftPrice", [{ category: 42, chooseIds: "3001" }]),
      "Category 42 does not exist",
    );
  });

  it("QO-170 malformed price requests answer HTTP 400 naming the field", async () => {
    expect(
      expectErrorEnvelope(await post("/api/pc/dict/getCraftPrice", [{ category: 3000, chooseIds: "1,a" }]), 400)
        .message,
    ).toMatch(/^chooseIds is invalid/);
    expect(expectErrorEnvelope(await post("/api/pc/dict/getCraftPrice", [{ category: 3000 }]), 400).message).toBe(
      "chooseIds cannot be empty",
    );
    expectErrorEnvelope(await post("/api/pc/dict/getCraftPrice", { category: 3000, chooseIds: "3001" }), 400);
    expectErrorEnvelope(await post("/api/pc/dict/getCraftPrice", []), 400);
  });

  it("QO-171 QO-118 searchCraft answers the chosen crafts flat, in tree order, with parent names and paths", async () => {
    const suit = walk(await tree(3000));
    const width = suit.find((n) => n.code === "LAPEL_W8")!;
    const horn = suit.find((n) => n.code === "BTN_HORN")!;
    const res = await post("/api/pc/dict/searchCraft", { category: 3000, craftIds: `${horn.id},${width.id}` });
    const body = envelopeOf<CraftNode[]>(res);
    expect(body.code).toBe(0);
    expect(body.data.map((n) => n.id)).toEqual([width.id, horn.id]);
    expect(body.data[0]).toMatchObject({
      parentName: "Notch lapel",
      craftPath: "Lapel / Notch lapel / Lapel width 8 cm",
      children: [],
      level: 3,
    });
    expect(body.data[1]).toMatchObject({ parentName: "Buttons", chooseType: "COPY", category: 3 });
    expect(
      envelopeOf<CraftNode[]>(await post("/api/pc/dict/searchCraft", { category: 3000, craftIds: "" })).data,
    ).toEqual([]);
  });

  it("QO-161 searchCraft by keywords (2 characters or more) finds options by name or code", async () => {
    const body = envelopeOf<CraftNode[]>(await post("/api/pc/dict/searchCraft", { category: 3000, keywords: "lapel" }));
    expect(body.code).toBe(0);
    expect(body.data.length).toBeGreaterThan(3);
    expect(body.data.every((n) => n.parentId !== null && /lapel/i.test(`${n.name} ${n.code}`))).toBe(true);
    const zh = envelopeOf<CraftNode[]>(
      await post("/api/pc/dict/searchCraft", { category: 3000, keywords: "驳头" }, tokens.demo, "zh"),
    );
    expect(zh.data.length).toBeGreaterThan(0);
    expect(
      expectErrorEnvelope(await post("/api/pc/dict/searchCraft", { category: 3000, keywords: "l" }), 400).message,
    ).toMatch(/^keywords is invalid/);
    expect(expectErrorEnvelope(await post("/api/pc/dict/searchCraft", { category: 3000 }), 400).message).toBe(
      "craftIds cannot be empty",
    );
  });

  it("QO-171 searchCraft refuses an id outside the category with a clear message", async () => {
    await refused(
      await post("/api/pc/dict/searchCraft", { category: 3000, craftIds: "3800106" }),
      "Craft 3800106 does not exist in category 3000",
    );
  });

  it("QO-172 processBinding answers clothId and the preset crafts, which exist in the tree", async () => {
    for (const category of [3000, 2000, 3800000]) {
      const { data } = await read<{ clothId: number; list: number[] }>("/api/pc/dict/processBinding", {
        cloth: String(category),
      });
      expect(data.clothId).toBe(category);
      expect(data.list.length).toBeGreaterThan(0);
      const ids = new Set(walk(await tree(category)).map((n) => n.id));
      expect(data.list.every((id) => ids.has(id))).toBe(true);
    }
    expect((await read<{ list: number[] }>("/api/pc/dict/processBinding", { cloth: "1000" })).data.list).toEqual([]);
    await refused(
      await get("/api/pc/dict/processBinding", { token: tokens.demo, query: { cloth: "77" } }),
      "Category 77 does not exist",
    );
    expect(expectErrorEnvelope(await get("/api/pc/dict/processBinding", { token: tokens.demo }), 400).message).toBe(
      "cloth cannot be empty",
    );
  });

  it("craft pictures are drawn for IMAGE, STYLE and FONT crafts, open and cacheable; others are a 404 envelope", async () => {
    const suit = walk(await tree(3000));
    for (const node of [
      suit.find((n) => n.sourceType === "STYLE")!,
      suit.find((n) => n.sourceType === "FONT")!,
      suit.find((n) => n.sourceType === "IMAGE")!,
    ]) {
      const res = await get(node.imagePath);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(res.body).not.toMatch(/<script/i);
    }
    const group = suit.find((n) => n.parentId === null)!;
    expectErrorEnvelope(await get(`/api/pc/dict/craftImage/${group.id}`), 404);
    expectErrorEnvelope(await get("/api/pc/dict/craftImage/999999"), 404);
    expectErrorEnvelope(await get("/api/pc/dict/craftImage/abc"), 400);
  });
});

describe("embroidery and contrast", () => {
  type Emb = { id: number; type: string; code: string; name: string; value: string; price: string };
  const emb = async (category: number, type: string, keywords?: string) =>
    (await read<Emb[]>("/api/pc/dict/zzEmb", { category: String(category), type, ...(keywords ? { keywords } : {}) }))
      .data;

  it("QO-054 QO-184 D-12 zzEmb offers sites, colours and fonts everywhere, sizes only for 3000, 5000 and 11000", async () => {
    for (const category of CATEGORIES) {
      for (const type of ["emb_site", "emb_color", "emb_font"]) {
        const options = await emb(category, type);
        expect(options.length).toBeGreaterThan(0);
        expect(options.every((o) => o.type === type && PRICE.test(o.price) && o.name.length > 0)).toBe(true);
      }
      const sizes = await emb(category, "emb_size");
      expect(sizes.length > 0).toBe([3000, 5000, 11000].includes(category));
    }
  });

  it("QO-139 font 1500 is the uploaded artwork in every category; colours carry their hex", async () => {
    for (const category of CATEGORIES)
      expect((await emb(category, "emb_font"))[0]).toMatchObject({ id: 1500, code: "FILE" });
    const colors = await emb(3000, "emb_color");
    expect(colors.every((c) => /^#[0-9a-f]{6}$/.test(c.value))).toBe(true);
  });

  it("QO-184 zzEmb keywords filter by name or code, in either language; a bad type is a 400 naming it", async () => {
    expect((await emb(1000, "emb_site", "cuff")).map((o) => o.code)).toEqual(["LEFT_CUFF", "RIGHT_CUFF"]);
    expect((await emb(1000, "emb_color", "藏青")).map((o) => o.code)).toEqual(["NAVY"]);
    expect(await emb(1000, "emb_color", "100%")).toEqual([]);
    const bad = expectErrorEnvelope(
      await get("/api/pc/dict/zzEmb", { token: tokens.demo, query: { category: "3000", type: "emb_thread" } }),
      400,
    );
    expect(bad.message).toMatch(/^type is invalid/);
    expect(
      expectErrorEnvelope(await get("/api/pc/dict/zzEmb", { token: tokens.demo, query: { category: "3000" } }), 400)
        .message,
    ).toBe("type cannot be empty");
    await refused(
      await get("/api/pc/dict/zzEmb", { token: tokens.demo, query: { category: "12", type: "emb_site" } }),
      "Category 12 does not exist",
    );
  });

  it("QO-035 QO-036 QO-185 zzContrast: sites with positions and IMAGE and TEXT contrast fabrics with prices", async () => {
    type Site = {
      id: number;
      code: string;
      name: string;
      positions: Array<{ id: number; name: string; price: string }>;
      fabrics: Array<{ id: number; code: string; name: string; sourceType: string; imagePath: string; price: string }>;
    };
    for (const category of CATEGORIES) {
      const sites = (await read<Site[]>("/api/pc/dict/zzContrast", { category: String(category) })).data;
      expect(sites.length).toBeGreaterThan(0);
      for (const site of sites) {
        expect(site.positions.length).toBeGreaterThan(0);
        expect(new Set(site.fabrics.map((f) => f.sourceType))).toEqual(new Set(["IMAGE", "TEXT"]));
        expect(site.fabrics.every((f) => PRICE.test(f.price) && Number(f.price) > 0)).toBe(true);
      }
    }
    const shirt = (await read<Site[]>("/api/pc/dict/zzContrast", { category: "1000" })).data;
    expect(shirt.map((s) => s.code)).toEqual(["COLLAR", "CUFF", "PLACKET"]);
    // An IMAGE contrast fabric is a catalogue fabric: its code has stock and its picture is its swatch.
    const image = shirt[0]!.fabrics.find((f) => f.sourceType === "IMAGE")!;
    expect(image.imagePath).toBe(`/api/pc/fabric/swatch/${image.code}`);
    expect(
      (await read<{ inStock: boolean }>("/api/pc/fabric/getFabricStock", { fabricCode: image.code })).data.inStock,
    ).toBe(true);
    expect((await get(image.imagePath)).statusCode).toBe(200);
    const text = shirt[0]!.fabrics.find((f) => f.sourceType === "TEXT")!;
    expect(text.imagePath).toBe("");
  });
});

describe("fabrics", () => {
  const search = (query: Record<string, string>, token = tokens.demo, language?: string) =>
    read<Fabric[]>("/api/pc/fabric/dmFabric", query, { token, language });

  it("QO-046 QO-173 QO-204 dmFabric answers at most 13 fabrics with every documented field and the total", async () => {
    const { data, total } = await search({ clothCategory: "3000" });
    expect(data).toHaveLength(13);
    expect(total).toBe(1200);
    // Suiting fabrics by code; the price per metre is the seed's, formatted like the calculator.
    const suiting = Array.from({ length: FABRIC_COUNT }, (_, i) => fabricRow(i))
      .filter((f) => f.kind === "suiting")
      .sort((a, b) => (a.fabricCode < b.fabricCode ? -1 : 1))
      .slice(0, 13);
    expect(data.map((f) => f.fabricCode)).toEqual(suiting.map((f) => f.fabricCode));
    data.forEach((fabric, k) => {
      const cents = suiting[k]!.pricePerMeterCents;
      expect(fabric.price).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);
      expect(fabric.moneyType).toBe("USD");
    });
    for (const fabric of data) {
      expect(Object.keys(fabric).sort()).toEqual(
        [
          "check",
          "colorTypeName",
          "fabricProName",
          "fabricCode",
          "flowerPatternName",
          "flowerRemark",
          "id",
          "imagePath",
          "imgPath",
          "inStock",
          "moneyType",
          "price",
          "remark",
          "soledad",
          "stock",
          "weight",
        ].sort(),
      );
      expect(fabric.price).toMatch(PRICE);
      expect(fabric.imgPath).toBe(fabric.imagePath);
      expect(fabric.weight).toMatch(/^\d+ g\/m$/);
      expect(fabric.check).toBe(false);
      expect(fabric.inStock).toBe(fabric.stock > 0);
      for (const text of [
        fabric.colorTypeName,
        fabric.flowerPatternName,
        fabric.flowerRemark,
        fabric.soledad,
        fabric.fabricProName,
        fabric.remark,
      ]) {
        expect(text.length).toBeGreaterThan(0);
      }
    }
  });

  it("QO-173 keywords search code, colour, pattern, composition and weave; the category limits the fabric kinds", async () => {
    const suiting = fabricRow(5);
    expect(
      (await search({ keywords: suiting.fabricCode.toLowerCase(), clothCategory: "3000" })).data.map(
        (f) => f.fabricCode,
      ),
    ).toEqual([suiting.fabricCode]);
    expect((await search({ keywords: suiting.fabricCode, clothCategory: "1000" })).data).toEqual([]);
    const cotton = await search({ keywords: "cotton", clothCategory: "1000" });
    expect(cotton.total).toBe(400);
    expect((await search({ keywords: "cotton", clothCategory: "3000" })).total).toBe(0);
    const navyStripes = await search({ keywords: "navy stripe", clothCategory: "3000" });
    expect(navyStripes.total).toBeGreaterThan(0);
    expect(navyStripes.data.every((f) => f.colorTypeName === "Navy" && f.flowerPatternName === "Stripe")).toBe(true);
    const expected = Array.from({ length: FABRIC_COUNT }, (_, i) => fabricRow(i)).filter(
      (f) => f.kind === "suiting" && f.colorTypeName === "Navy" && f.pattern === "stripe",
    );
    expect(navyStripes.total).toBe(expected.length);
    // Chinese names are searched and shown in Chinese.
    const zh = await search({ keywords: "藏青", clothCategory: "3000" }, tokens.demo, "zh");
    expect(zh.total).toBeGreaterThan(0);
    expect(zh.data.every((f) => f.colorTypeName === "藏青")).toBe(true);
    // A LIKE wildcard typed by the user matches itself only.
    expect((await search({ keywords: "%" })).total).toBe(
      Array.from({ length: FABRIC_COUNT }, (_, i) => fabricRow(i)).filter((f) => f.fabricProName.includes("%")).length,
    );
    expect((await search({ keywords: "_" })).total).toBe(0);
  });

  it("QO-173 prices follow the account (acme 110 %, CNY); limit is bounded", async () => {
    const row = fabricRow(5);
    const acme = await search({ keywords: row.fabricCode }, tokens.acme);
    const cents = Math.round((row.pricePerMeterCents * 110) / 100);
    expect(acme.data[0]).toMatchObject({
      price: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
      moneyType: "CNY",
    });
    expect((await search({ limit: "50" })).data).toHaveLength(50);
    expect(
      expectErrorEnvelope(await get("/api/pc/fabric/dmFabric", { token: tokens.demo, query: { limit: "51" } }), 400)
        .message,
    ).toMatch(/^limit is invalid/);
    expect(
      expectErrorEnvelope(
        await get("/api/pc/fabric/dmFabric", { token: tokens.demo, query: { keywords: "x".repeat(51) } }),
        400,
      ).message,
    ).toMatch(/^keywords is invalid/);
    await refused(
      await get("/api/pc/fabric/dmFabric", { token: tokens.demo, query: { clothCategory: "31" } }),
      "Category 31 does not exist",
    );
  });

  it("QO-047 QO-174 getFabricStock answers the stock in metres and an inStock flag", async () => {
    const row = fabricRow(1);
    const body = await read<{ fabricCode: string; stock: number; inStock: boolean }>("/api/pc/fabric/getFabricStock", {
      fabricCode: ` ${row.fabricCode.toLowerCase()} `,
    });
    expect(body.data).toEqual({ fabricCode: row.fabricCode, stock: row.stockCentimeters / 100, inStock: true });
    expect(body.message).toBe("In stock");
  });

  it("QO-163 an out-of-stock fabric answers stock 0, inStock false and 'Currently out of stock'", async () => {
    const row = fabricRow(17);
    expect(row.stockCentimeters).toBe(0);
    const body = await read<{ stock: number; inStock: boolean }>("/api/pc/fabric/getFabricStock", {
      fabricCode: row.fabricCode,
    });
    expect(body.data).toEqual({ fabricCode: row.fabricCode, stock: 0, inStock: false });
    expect(body.message).toBe("Currently out of stock");
    const zh = await read("/api/pc/fabric/getFabricStock", { fabricCode: row.fabricCode }, { language: "zh" });
    expect(zh.message).toBe("暂时缺货");
    const listed = (await search({ keywords: row.fabricCode })).data[0]!;
    expect(listed).toMatchObject({ stock: 0, inStock: false });
  });

  it("QO-174 an unknown fabric code is refused naming it; an empty one is a 400", async () => {
    await refused(
      await get("/api/pc/fabric/getFabricStock", { token: tokens.demo, query: { fabricCode: "ZZ9999" } }),
      "Fabric ZZ9999 does not exist",
    );
    expect(
      expectErrorEnvelope(
        await get("/api/pc/fabric/getFabricStock", { token: tokens.demo, query: { fabricCode: "" } }),
        400,
      ).message,
    ).toBe("fabricCode cannot be empty");
    expect(
      expectErrorEnvelope(await get("/api/pc/fabric/getFabricStock", { query: { fabricCode: "VB1000" } }), 401).code,
    ).toBe("ATI");
  });

  it("the swatch is an open, cacheable SVG drawn from the fabric's colour and pattern", async () => {
    const index = Array.from({ length: 200 }, (_, i) => i).find(
      (i) => fabricRow(i).pattern === "stripe" && fabricRow(i).imagePath !== "",
    )!;
    const row = fabricRow(index);
    const res = await get(`/api/pc/fabric/swatch/${row.fabricCode.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.body).toContain(`fill="${row.colorHex}"`);
    expect(res.body).toContain('<pattern id="p"');
    expect(res.body).toContain(`<title>${row.fabricCode} ${row.colorTypeName} Stripe</title>`);
    const again = await get(`/api/pc/fabric/swatch/${row.fabricCode}`, {
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const plain = fabricRow(
      Array.from({ length: 200 }, (_, i) => i).find(
        (i) => fabricRow(i).pattern === "plain" && fabricRow(i).imagePath !== "",
      )!,
    );
    expect((await get(`/api/pc/fabric/swatch/${plain.fabricCode}`)).body).not.toContain('<pattern id="p"');
  });

  it("QO-026 a fabric without a picture has an empty imagePath and no swatch; unknown and bad codes are envelopes", async () => {
    const row = fabricRow(11);
    expect(row.imagePath).toBe("");
    expect((await search({ keywords: row.fabricCode })).data[0]).toMatchObject({ imagePath: "", imgPath: "" });
    expect(expectErrorEnvelope(await get(`/api/pc/fabric/swatch/${row.fabricCode}`), 404).message).toBe(
      `Fabric ${row.fabricCode} has no picture`,
    );
    expect(expectErrorEnvelope(await get("/api/pc/fabric/swatch/ZZ9999"), 404).message).toBe(
      "Fabric ZZ9999 does not exist",
    );
    expectErrorEnvelope(await get("/api/pc/fabric/swatch/a%20b"), 400);
  });
});

describe("measurements", () => {
  it("QO-057 QO-058 QO-179 measureInfo answers every documented field, step 0.5, bounds around the default", async () => {
    for (const category of CATEGORIES) {
      for (const measureType of [10052, 10053]) {
        const list = await parts(category, measureType);
        expect(list.length).toBeGreaterThanOrEqual(2);
        for (const part of list) {
          expect(Object.keys(part).sort()).toEqual(
            [
              "addNum",
              "code",
              "defaultValue",
              "disabled",
              "finishId",
              "finishValue",
              "id",
              "inputValue",
              "isMust",
              "maxValue",
              "minValue",
              "name",
              "refPartId",
              "unit",
            ].sort(),
          );
          expect(part.addNum).toBe(0.5);
          expect(part.minValue).toBeLessThanOrEqual(part.defaultValue);
          expect(part.defaultValue).toBeLessThanOrEqual(part.maxValue);
          expect(part).toMatchObject({ inputValue: null, disabled: false, finishValue: null, unit: "cm" });
          expect(part.finishId).toBe(measureType === 10052 ? part.refPartId : null);
        }
      }
    }
  });

  it("QO-057 finished and body parts link to each other by refPartId; finished = body + the ease of the fit", async () => {
    const body = await parts(3000, 10052);
    const finished = new Map((await parts(3000, 10053)).map((p) => [p.id, p]));
    expect(body.length).toBe(finished.size);
    for (const part of body) {
      const linked = finished.get(part.refPartId!)!;
      expect(linked.code).toBe(part.code);
      expect(linked.refPartId).toBe(part.id);
      expect(linked.isMust).toBe(part.isMust);
      const [regular] = await server.db
        .select()
        .from(measureEases)
        .where(and(eq(measureEases.partId, part.id), eq(measureEases.fitId, 10432)));
      expect(linked.defaultValue).toBe(part.defaultValue + regular!.ease);
    }
    const [eases] = await server.db.select({ n: count() }).from(measureEases);
    const [bodyParts] = await server.db
      .select({ n: count() })
      .from(measureParts)
      .where(eq(measureParts.measureType, 10052));
    expect(Number(eases!.n)).toBe(3 * Number(bodyParts!.n));
    expect(body.some((p) => p.isMust === 0)).toBe(true);
  });

  it("QO-179 QO-011 measureInfo with a customer gives the customer's stored values as inputValue", async () => {
    const [james] = await findCustomer("Whitmore");
    expect(james).toBeDefined();
    const stored = james!.cySizeList.find((s) => s.clothId === 3000)!;
    expect(stored.partList.length).toBeGreaterThan(0);
    const list = await parts(3000, 10052, james!.id);
    expect(list.map((p) => ({ partId: p.id, partSize: p.inputValue }))).toEqual(stored.partList);
    // Stored finished sizes of the shirt show under 10053, not under 10052.
    const shirt = james!.cySizeList.find((s) => s.clothId === 1000)!;
    expect((await parts(1000, 10053, james!.id)).map((p) => p.inputValue)).toEqual(
      shirt.partList.map((p) => p.partSize),
    );
    expect((await parts(1000, 10052, james!.id)).every((p) => p.inputValue === null)).toBe(true);
  });

  it("QO-165 another account's customer (or an unknown one) is answered as not found", async () => {
    const [acmeCustomer] = await findCustomer("Bianchi", tokens.acme);
    for (const url of ["/api/pc/dict/measureInfo", "/api/pc/dict/specBody"]) {
      const query = { category: "3000", measureType: "10052", sizeType: "10052", customerId: String(acmeCustomer!.id) };
      await refused(await get(url, { token: tokens.demo, query }), `Customer ${acmeCustomer!.id} does not exist`);
      await refused(
        await get(url, { token: tokens.demo, query: { ...query, customerId: "999999" } }),
        "Customer 999999 does not exist",
      );
    }
    // The owner reads it.
    const own = await read<MeasurePart[]>(
      "/api/pc/dict/measureInfo",
      { category: "3000", measureType: "10052", customerId: String(acmeCustomer!.id) },
      { token: tokens.acme },
    );
    expect(own.data.length).toBeGreaterThan(0);
  });

  it("QO-179 a measureType other than 10052 or 10053 and a bad customerId answer HTTP 400 naming the field", async () => {
    expect(
      expectErrorEnvelope(
        await get("/api/pc/dict/measureInfo", {
          token: tokens.demo,
          query: { category: "3000", measureType: "10054" },
        }),
        400,
      ).message,
    ).toMatch(/^measureType is invalid/);
    expect(
      expectErrorEnvelope(
        await get("/api/pc/dict/measureInfo", {
          token: tokens.demo,
          query: { category: "3000", measureType: "10052", customerId: "-1" },
        }),
        400,
      ).message,
    ).toMatch(/^customerId is invalid/);
    await refused(
      await get("/api/pc/dict/measureInfo", { token: tokens.demo, query: { category: "8", measureType: "10052" } }),
      "Category 8 does not exist",
    );
  });

  it("QO-060 QO-177 specBody answers specs with details and the default choice; a customer's stored choice wins", async () => {
    type Spec = {
      id: number;
      name: string;
      enName: string;
      chooseId: number;
      details: Array<{ id: number; name: string; description: string; imagePath: string; isDefault: number }>;
    };
    const { data } = await read<Spec[]>("/api/pc/dict/specBody", { category: "3000", sizeType: "10052" });
    expect(data.map((s) => s.enName)).toEqual(["Shoulders", "Back", "Belly", "Chest", "Arms", "Seat", "Legs"]);
    for (const spec of data) {
      expect(Object.keys(spec).sort()).toEqual(["chooseId", "details", "enName", "id", "name"].sort());
      expect(spec.details.length).toBeGreaterThanOrEqual(3);
      expect(spec.chooseId).toBe(spec.details.find((d) => d.isDefault === 1)!.id);
      for (const detail of spec.details) {
        expect(detail.description.length).toBeGreaterThan(0);
        expect(detail.imagePath).toBe(`/api/pc/dict/postureImage/${detail.id}`);
      }
    }
    const picture = await get(data[0]!.details[1]!.imagePath);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(picture.body).toContain("<title>Sloping shoulders</title>");
    expectErrorEnvelope(await get("/api/pc/dict/postureImage/1"), 404);

    const [james] = await findCustomer("Whitmore");
    const chosen = await read<Spec[]>("/api/pc/dict/specBody", {
      category: "3000",
      sizeType: "10052",
      customerId: String(james!.id),
    });
    const shoulders = chosen.data.find((s) => s.enName === "Shoulders")!;
    expect(shoulders.details.find((d) => d.id === shoulders.chooseId)!.name).toBe("Sloping shoulders");
    expect(james!.customerSpecialList).toContainEqual({ desId: shoulders.id, specId: shoulders.chooseId });
    const zh = await read<Spec[]>("/api/pc/dict/specBody", { category: "3000", sizeType: "10054" }, { language: "zh" });
    expect(zh.data[0]).toMatchObject({ name: "肩型", enName: "Shoulders" });
    expect(
      expectErrorEnvelope(
        await get("/api/pc/dict/specBody", { token: tokens.demo, query: { category: "3000", sizeType: "1" } }),
        400,
      ).message,
    ).toMatch(/^sizeType is invalid/);
  });

  it("QO-059 QO-180 QO-100 standard answers sizes with id, name, property, details and shape for an area and shape", async () => {
    type Size = {
      id: number;
      name: string;
      property: string;
      shape: number;
      sizeAreaId: number;
      details: Array<{ partId: number; name: string; value: number }>;
    };
    const { data } = await read<Size[]>("/api/pc/dict/standard", {
      category: "3000",
      sizeAreaId: "10441",
      shape: "10432",
    });
    expect(data.map((s) => s.name)).toEqual(["44", "46", "48", "50", "52", "54", "56"]);
    const finished = new Map((await parts(3000, 10053)).map((p) => [p.id, p]));
    for (const size of data) {
      expect(size).toMatchObject({ shape: 10432, sizeAreaId: 10441 });
      expect(size.property).toMatch(/^Chest \d+(\.5)? cm$/);
      expect(size.details.map((d) => d.partId)).toEqual([...finished.keys()]);
      for (const d of size.details) {
        const part = finished.get(d.partId)!;
        expect(d.name).toBe(part.name);
        expect(d.value).toBeGreaterThanOrEqual(part.minValue);
        expect(d.value).toBeLessThanOrEqual(part.maxValue);
      }
    }
    // Sizes grow; a looser shape is larger than a slimmer one.
    const chest = (s: Size) => s.details[1]!.value;
    expect(data.map(chest)).toEqual([...data.map(chest)].sort((a, b) => a - b));
    const loose = (
      await read<Size[]>("/api/pc/dict/standard", { category: "3000", sizeAreaId: "10441", shape: "10433" })
    ).data;
    expect(chest(loose[3]!)).toBeGreaterThan(chest(data[3]!));
    expect((await read<Size[]>("/api/pc/dict/standard", { category: "3000", sizeAreaId: "10442" })).data).toHaveLength(
      21,
    );
    await refused(
      await get("/api/pc/dict/standard", { token: tokens.demo, query: { category: "3000", sizeAreaId: "10052" } }),
      "Size area 10052 does not exist",
    );
    await refused(
      await get("/api/pc/dict/standard", {
        token: tokens.demo,
        query: { category: "3000", sizeAreaId: "10441", shape: "10441" },
      }),
      "Shape 10441 does not exist",
    );
  });

  it("QO-181 shapeCategory answers the shapes and size areas of a category, translated", async () => {
    const { data } = await read<{
      shapes: Array<{ id: number; name: string }>;
      sizeAreas: Array<{ id: number; name: string }>;
    }>("/api/pc/dict/shapeCategory", { category: "3000" });
    expect(data).toEqual({
      shapes: [
        { id: 10431, name: "Slim" },
        { id: 10432, name: "Regular" },
        { id: 10433, name: "Loose" },
      ],
      sizeAreas: [
        { id: 10441, name: "EU" },
        { id: 10442, name: "US" },
        { id: 10443, name: "CN" },
      ],
    });
    const zh = await read<{ shapes: Array<{ name: string }> }>(
      "/api/pc/dict/shapeCategory",
      { category: "1000" },
      { language: "zh" },
    );
    expect(zh.data.shapes.map((s) => s.name)).toEqual(["修身", "标准", "宽松"]);
    // The same ids are dictionaries 43 and 44.
    const dict = await read<Array<{ id: number }>>("/api/pc/dictsystem/listDictSystem", { category: "44" });
    expect(dict.data.map((d) => d.id)).toEqual([10441, 10442, 10443]);
  });

  it("QO-182 QO-040 isAdd: suits offer extra pieces, a shirt none", async () => {
    expect((await read("/api/pc/dict/isAdd", { category: "3000" })).data).toEqual({
      isAdd: true,
      list: [
        { id: 2000, name: "Extra trousers" },
        { id: 4000, name: "Matching waistcoat" },
      ],
    });
    expect((await read("/api/pc/dict/isAdd", { category: "1000" })).data).toEqual({ isAdd: false, list: [] });
    await refused(
      await get("/api/pc/dict/isAdd", { token: tokens.demo, query: { category: "3001" } }),
      "Category 3001 does not exist",
    );
  });
});

describe("customers", () => {
  it("QO-196 QO-011 getCust answers the account's customers matching the keywords, at most 20, with the total", async () => {
    const all = await read<Customer[]>("/api/pc/customer/getCust");
    expect(all.data).toHaveLength(20);
    expect(all.total).toBe(32);
    for (const customer of all.data) {
      expect(Object.keys(customer).sort()).toEqual(
        [
          "address",
          "birthdate",
          "custName",
          "customerSpecialList",
          "cySizeList",
          "email",
          "genderId",
          "height",
          "heightUnit",
          "id",
          "phone",
          "remark",
          "shortName",
          "weight",
          "weightUnit",
        ].sort(),
      );
      expect([10040, 10041]).toContain(customer.genderId);
      expect([10266, 10265]).toContain(customer.heightUnit);
      expect([10261, 10262]).toContain(customer.weightUnit);
      expect(customer.birthdate).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
    }
    const jim = await findCustomer("jim");
    expect(jim.map((c) => c.custName)).toEqual(["James Whitmore"]);
    expect((await findCustomer("0101")).map((c) => c.phone)).toEqual(["+1 202 555 0101"]);
    expect((await findCustomer("james whitmore")).length).toBe(1);
    expect(await findCustomer("nobody-like-this")).toEqual([]);
  });

  it("QO-196 the seeded book mixes units, genders, stored sizes and empty optional fields", async () => {
    const book = await server.db
      .select()
      .from(customers)
      .where(eq(customers.memberId, await memberId(server.db, "demo")));
    expect(book.length).toBeGreaterThanOrEqual(30);
    expect(new Set(book.map((c) => c.heightUnit))).toEqual(new Set([10266, 10265]));
    expect(new Set(book.map((c) => c.weightUnit))).toEqual(new Set([10261, 10262]));
    expect(new Set(book.map((c) => c.genderId))).toEqual(new Set([10040, 10041]));
    expect(book.some((c) => c.birthdate === null) && book.some((c) => c.email === "")).toBe(true);
  });

  it("QO-165 customers are isolated per account: acme and demo-sub1 see only their own", async () => {
    const acme = await read<Customer[]>("/api/pc/customer/getCust", {}, { token: tokens.acme });
    expect(acme.total).toBe(4);
    expect(await findCustomer("Whitmore", tokens.acme)).toEqual([]);
    const sub = await read<Customer[]>("/api/pc/customer/getCust", {}, { token: tokens.demoSub1 });
    expect(sub.data.map((c) => c.custName)).toEqual(["Ken Ito", "Nina Brandt", "Victor Hale"]);
    const demoIds = new Set(
      (await read<Customer[]>("/api/pc/customer/getCust", { keywords: "" })).data.map((c) => c.id),
    );
    expect(acme.data.some((c) => demoIds.has(c.id)) || sub.data.some((c) => demoIds.has(c.id))).toBe(false);
    // acme cannot read a demo customer's measurements either.
    const [james] = await findCustomer("Whitmore");
    await refused(
      await get("/api/pc/dict/measureInfo", {
        token: tokens.acme,
        query: { category: "3000", measureType: "10052", customerId: String(james!.id) },
      }),
      `Customer ${james!.id} does not exist`,
    );
  });

  it("QO-196 getCust requires a token and bounds its keywords", async () => {
    expect(expectErrorEnvelope(await get("/api/pc/customer/getCust"), 401).code).toBe("ATI");
    expect(
      expectErrorEnvelope(
        await get("/api/pc/customer/getCust", { token: tokens.demo, query: { keywords: "k".repeat(51) } }),
        400,
      ).message,
    ).toMatch(/^keywords is invalid/);
    // LIKE wildcards match themselves.
    expect(await findCustomer("%")).toEqual([]);
  });
});

describe("the catalogue reads never answer a 500", () => {
  const reads: Array<[string, Record<string, string>]> = [
    ["/api/pc/dict/zzCraft", { category: "3000" }],
    ["/api/pc/dict/zzEmb", { category: "3000", type: "emb_site" }],
    ["/api/pc/dict/zzContrast", { category: "3000" }],
    ["/api/pc/dict/processBinding", { cloth: "3000" }],
    ["/api/pc/dict/measureInfo", { category: "3000", measureType: "10052" }],
    ["/api/pc/dict/specBody", { category: "3000", sizeType: "10052" }],
    ["/api/pc/dict/standard", { category: "3000", sizeAreaId: "10441" }],
    ["/api/pc/dict/shapeCategory", { category: "3000" }],
    ["/api/pc/dict/isAdd", { category: "3000" }],
    ["/api/pc/customer/getCust", { keywords: "a" }],
    ["/api/pc/fabric/dmFabric", { clothCategory: "3000" }],
    ["/api/pc/fabric/getFabricStock", { fabricCode: "VB1001" }],
  ];

  it("API-002 every read requires the token", async () => {
    for (const [url, query] of reads) expect(expectErrorEnvelope(await get(url, { query }), 401).code).toBe("ATI");
  });

  it("API-005 garbage in every parameter answers a 400 envelope naming it, never a 500", async () => {
    for (const [url, query] of reads) {
      expect((await get(url, { token: tokens.demo, query })).statusCode).toBe(200);
      for (const name of Object.keys(query)) {
        for (const value of ["x'; drop table crafts; --", "99999999999999999999", "-5", "1.5"]) {
          const res = await get(url, { token: tokens.demo, query: { ...query, [name]: value } });
          expect(res.statusCode, `${url} ${name}=${value}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode === 400) expect(expectErrorEnvelope(res, 400).message).toContain(name);
          else expect(envelopeOf(res).code).not.toBe(500);
        }
      }
    }
  });

  it("API-005 POST bodies of the wrong shape answer 400 envelopes", async () => {
    for (const url of ["/api/pc/dict/getCraftPrice", "/api/pc/dict/searchCraft"]) {
      for (const payload of [
        null,
        "text",
        42,
        [{ category: "x", chooseIds: "1" }],
        { category: 3000, craftIds: "1", extra: 1 },
      ]) {
        const res = await server.app.inject({
          method: "POST",
          url,
          headers: { ...bearer(tokens.demo), "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
        expectErrorEnvelope(res, 400);
      }
      const svg = await server.app.inject({
        method: "POST",
        url,
        headers: { ...bearer(tokens.demo), "content-type": "image/svg+xml" },
        payload: "<svg/>",
      });
      expect(svg.statusCode).toBe(415);
      expectErrorEnvelope(svg, 415);
    }
  });
});
