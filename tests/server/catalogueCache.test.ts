import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crafts, dictSystem, fabrics, members } from "../../server/db/schema.ts";
import { bearer, login, startServer, type TestServer } from "./fixture.ts";

/**
 * Issue 21: catalogue reads are answered from kept bytes with an ETag (304 to If-None-Match), and a
 * change of the catalogue's tables, made by any process or by hand, bumps its version in the database
 * (catalogue_versions, by trigger) so the next answer is built again, at once.
 */
let server: TestServer;
let token = "";

const CRAFT_TREE = "/api/pc/dict/zzCraft?category=3000";
const FABRICS = "/api/pc/fabric/dmFabric?clothCategory=3000&keywords=navy";
const ORDER_TYPES = "/api/pc/dictsystem/orderSearchDict?category=7";

const get = (url: string, headers: Record<string, string> = {}, asToken = token) =>
  server.app.inject({ method: "GET", url, headers: { ...bearer(asToken), ...headers } });

beforeAll(async () => {
  server = await startServer();
  token = (await login(server.app, "demo", "demo1234")).token;
});
afterAll(async () => {
  await server?.close();
});

describe("catalogue answers kept with an ETag (issue 21)", () => {
  for (const url of [CRAFT_TREE, FABRICS, ORDER_TYPES]) {
    it(`${url}: the same ETag twice, 304 to If-None-Match without a body, 200 to another tag`, async () => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[a-z]+-\d+-[\w-]+"$/);
      expect(first.json()).toMatchObject({ code: 0 });
      const second = await get(url);
      expect(second.headers.etag).toBe(etag);
      expect(second.body).toBe(first.body);
      const notModified = await get(url, { "if-none-match": etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe("");
      expect(notModified.headers.etag).toBe(etag);
      expect((await get(url, { "if-none-match": '"other"' })).statusCode).toBe(200);
    });
  }

  it("a kept answer is read without the catalogue's queries: one statement after the token", async () => {
    await get(CRAFT_TREE);
    const { statements } = await server.queries.during(() => get(CRAFT_TREE));
    expect(statements.filter((s) => !s.includes('"access_tokens"'))).toHaveLength(1);
    expect(statements.join("\n")).toContain("catalogue_versions");
  });

  it("still needs a token: 401 without one, even with a matching If-None-Match", async () => {
    const etag = String((await get(CRAFT_TREE)).headers.etag);
    const res = await server.app.inject({ method: "GET", url: CRAFT_TREE, headers: { "if-none-match": etag } });
    expect(res.statusCode).toBe(401);
  });

  it("compressed above the threshold in the encoding asked (brotli, else gzip), the same JSON decoded", async () => {
    const plain = await get(CRAFT_TREE, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get(CRAFT_TREE, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    const gzip = await get(CRAFT_TREE, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it("a small answer is never compressed", async () => {
    const res = await get("/api/pc/dictsystem/getDictSystem?id=10369", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("kept per language: the Chinese answer is not the English one", async () => {
    const en = await get(ORDER_TYPES, { "accept-language": "en" });
    const zh = await get(ORDER_TYPES, { "accept-language": "zh" });
    expect(zh.headers.etag).not.toBe(en.headers.etag);
    expect(zh.body).not.toBe(en.body);
  });

  it("kept per price factor: an account with other prices gets its own craft tree", async () => {
    const before = await get(CRAFT_TREE);
    const [demo] = await server.db
      .select({ factor: members.priceFactorPct })
      .from(members)
      .where(eq(members.username, "demo"));
    await server.db
      .update(members)
      .set({ priceFactorPct: demo!.factor + 10 })
      .where(eq(members.username, "demo"));
    try {
      const after = await get(CRAFT_TREE);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await server.db.update(members).set({ priceFactorPct: demo!.factor }).where(eq(members.username, "demo"));
    }
  });
});

describe("a change of a catalogue is seen at once (issue 21)", () => {
  it("a craft renamed in the database: the next craft tree carries the new name and a new ETag", async () => {
    const before = await get(CRAFT_TREE);
    const [craft] = await server.db.select().from(crafts).where(eq(crafts.categoryId, 3000)).limit(1);
    expect(before.body).toContain(JSON.stringify(craft!.enName));
    // As another process (or an operator's SQL) would: straight to the table, the trigger bumps the version.
    await server.db.update(crafts).set({ enName: "Renamed craft 21" }).where(eq(crafts.id, craft!.id));
    const after = await get(CRAFT_TREE);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain("Renamed craft 21");
    expect((await get(CRAFT_TREE, { "if-none-match": String(before.headers.etag) })).statusCode).toBe(200);
  });

  it("a fabric changed: the fabric search is built again; the craft tree keeps its ETag", async () => {
    const crafted = await get(CRAFT_TREE);
    const before = await get(FABRICS);
    await server.db.update(fabrics).set({ stockCentimeters: sql`${fabrics.stockCentimeters} + 100` });
    const after = await get(FABRICS);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get(CRAFT_TREE)).headers.etag).toBe(crafted.headers.etag);
  });

  it("a dictionary entry renamed: the order-type dictionary carries the new name", async () => {
    const before = await get(ORDER_TYPES);
    const [entry] = await server.db.select().from(dictSystem).where(eq(dictSystem.category, 7)).limit(1);
    await server.db.update(dictSystem).set({ enName: "Renamed type 21" }).where(eq(dictSystem.id, entry!.id));
    const after = await get(ORDER_TYPES);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain("Renamed type 21");
  });
});
