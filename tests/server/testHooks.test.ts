import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.ts";
import { inArray } from "drizzle-orm";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { addDays, SHIPMENT_STATUS } from "../../domain/shipments.ts";
import { orders, shipments } from "../../server/db/schema.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";

const expire = (server: TestServer, token: string) =>
  server.app.inject({ method: "POST", url: "/api/__test/expireAccessToken", payload: { token } });

/** Every shipment's status, track step and waybill, by id: what the carrier's clock moves. */
const shipmentStatuses = (server: TestServer) =>
  server.db
    .select({
      id: shipments.id,
      statusId: shipments.statusId,
      trackStep: shipments.trackStep,
      waybillNo: shipments.waybillNo,
    })
    .from(shipments)
    .orderBy(shipments.id);

describe("the test hooks are absent by default", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("POST /api/__test/expireAccessToken is an unknown route and the token keeps working", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    expectErrorEnvelope(await expire(server, token), 404);
    const res = await server.app.inject({ url: "/api/pc/order/failedAmount", headers: bearer(token) });
    expect(envelopeOf(res).code).toBe(0);
  });

  it("POST /api/__test/advanceShipments is an unknown route and moves nothing", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    const statuses = () => shipmentStatuses(server);
    const before = await statuses();
    expectErrorEnvelope(
      await server.app.inject({
        method: "POST",
        url: "/api/__test/advanceShipments",
        payload: { at: "2099-01-01T12:00:00Z", steps: 5 },
        headers: bearer(token),
      }),
      404,
    );
    expect(await statuses()).toEqual(before);
  });

  it("GET /api/__test/balance is an unknown route", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    expectErrorEnvelope(await server.app.inject({ url: "/api/__test/balance", headers: bearer(token) }), 404);
  });

  it("POST /api/__test/member and /api/__test/topUp are unknown routes", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    expectErrorEnvelope(
      await server.app.inject({ method: "POST", url: "/api/__test/member", payload: { username: "cart-x" } }),
      404,
    );
    expectErrorEnvelope(
      await server.app.inject({
        method: "POST",
        url: "/api/__test/topUp",
        payload: { amountCents: 100 },
        headers: bearer(token),
      }),
      404,
    );
  });

  it("TEST_HOOKS is refused in production and off unless asked for", () => {
    expect(readConfig({}).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: "0" }).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: "1" }).testHooks).toBe(true);
    expect(() => readConfig({ TEST_HOOKS: "1", NODE_ENV: "production" })).toThrow(/production/);
    expect(() => readConfig({ TEST_HOOKS: "yes" })).toThrow(/TEST_HOOKS/);
  });
});

describe("with TEST_HOOKS=1", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TEST_HOOKS: "1" });
  });
  afterAll(() => server.close());

  it("GET /api/__test/balance answers the signed-in member's balance in cents, and needs a token", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    const res = await server.app.inject({ url: "/api/__test/balance", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const balance = envelopeOf<number>(res).data;
    expect(Number.isInteger(balance)).toBe(true);
    expect(balance).toBeGreaterThan(0);
    const sub = await login(server.app, "demo-sub1", "demo1234");
    // demo-sub1 starts without money
    expect(
      envelopeOf<number>(await server.app.inject({ url: "/api/__test/balance", headers: bearer(sub.token) })).data,
    ).toBe(0);
    expect(expectErrorEnvelope(await server.app.inject({ url: "/api/__test/balance" }), 401).code).toBe("ATI");
  });

  it("a fresh member signs in with no orders and no money; a top-up goes through the ledger", async () => {
    const made = await server.app.inject({
      method: "POST",
      url: "/api/__test/member",
      payload: { username: "cart-h3" },
    });
    expect(envelopeOf<{ username: string }>(made).data.username).toBe("cart-h3");
    const { token } = await login(server.app, "cart-h3", "demo1234");
    const balance = async () =>
      envelopeOf<number>(await server.app.inject({ url: "/api/__test/balance", headers: bearer(token) })).data;
    expect(await balance()).toBe(0);
    const cart = await server.app.inject({ url: "/api/pc/order/getOrderCartList?type=1", headers: bearer(token) });
    expect(envelopeOf<unknown[]>(cart).data).toEqual([]);
    const topUp = (amountCents: unknown, headers = bearer(token)) =>
      server.app.inject({ method: "POST", url: "/api/__test/topUp", payload: { amountCents }, headers });
    expect(envelopeOf<number>(await topUp(12_345)).data).toBe(12_345);
    expect(await balance()).toBe(12_345);
    expectErrorEnvelope(await topUp(0), 400);
    expectErrorEnvelope(await topUp(1.5), 400);
    expect(expectErrorEnvelope(await topUp(100, {} as never), 401).code).toBe("ATI");
    expectErrorEnvelope(
      await server.app.inject({ method: "POST", url: "/api/__test/member", payload: { username: "Bad Name!" } }),
      400,
    );
  });

  it("API-002 an access token expired on demand answers ATE; the refresh token still gives a working pair", async () => {
    const pair = await login(server.app, "demo", "demo1234");
    const other = await login(server.app, "demo", "demo1234");
    const failedAmount = (token: string) =>
      server.app.inject({ url: "/api/pc/order/failedAmount", headers: bearer(token) });
    expect(envelopeOf(await failedAmount(pair.token)).code).toBe(0);

    const res = await expire(server, pair.token);
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).code).toBe(0);
    expect(expectErrorEnvelope(await failedAmount(pair.token), 401).code).toBe("ATE");
    // Only that token: another session of the same member is untouched.
    expect(envelopeOf(await failedAmount(other.token)).code).toBe(0);

    const refreshed = await server.app.inject({
      method: "POST",
      url: "/api/refreshToken",
      payload: { refreshToken: pair.refreshToken },
    });
    const next = envelopeOf<{ token: string }>(refreshed);
    expect(next.code).toBe(0);
    expect(envelopeOf(await failedAmount(next.data.token)).code).toBe(0);
  });

  it("an unknown token is ATI, a malformed body 400", async () => {
    expect(expectErrorEnvelope(await expire(server, "not-a-token"), 401).code).toBe("ATI");
    expectErrorEnvelope(
      await server.app.inject({ method: "POST", url: "/api/__test/expireAccessToken", payload: {} }),
      400,
    );
  });
  it("SHIP-008 SHIP-024 advanceShipments moves the caller's parcel only: packed, left with its waybill, tracked", async () => {
    await server.app.inject({ method: "POST", url: "/api/__test/member", payload: { username: "ship-track" } });
    const { token } = await login(server.app, "ship-track", "demo1234");
    const as = (method: "GET" | "POST", url: string, payload?: object) =>
      server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const codes = envelopeOf<string[]>(await as("POST", "/api/__test/finishedOrders", { count: 2 })).data;
    const made = await server.db.select({ id: orders.id }).from(orders).where(inArray(orders.orderCode, codes));
    const dict = async (category: number) =>
      envelopeOf<Array<{ id: number }>>(await as("GET", `/api/pc/dictbasic/list?category=${category}&parentId=0`))
        .data[0]!.id;
    const dhl = envelopeOf<Array<{ id: number; code: string; expressUrl: string }>>(
      await as("GET", "/api/pc/expressdict/list"),
    ).data.find((e) => e.code === "DHL")!;
    const address = await as("POST", "/api/pc/address", {
      express: dhl.id,
      expressType: await dict(3),
      contact: "Hans Müller",
      phone: "+49 89 1234 5678",
      countryCode: "DE",
      provinceCode: "DE-BY",
      city: "Munich",
      address: "Maximilianstraße 12",
      zipcode: "80539",
      payType: await dict(2),
      taxType: await dict(2),
    });
    const addressId = envelopeOf<{ id: number }>(address).data.id;
    const shipdate = addDays(new Date().toISOString().slice(0, 10), 3);
    const created = envelopeOf<{ id: number }>(
      await as("POST", "/api/pc/shipping/create", {
        shipdate,
        addressId,
        orderIds: made.map((o) => `${o.id},`).join(""),
      }),
    ).data;
    type Detail = {
      status: number;
      waybillNo: string;
      trackList: Array<{ ftime: string; context: string }>;
      address: { expressUrl: string };
    };
    const detail = async () => envelopeOf<Detail>(await as("GET", `/api/pc/shipping/${created.id}`)).data;
    expect(await detail()).toMatchObject({ status: SHIPMENT_STATUS.waiting, waybillNo: "", trackList: [] });
    // every other account's parcels (demo's seeded ones waiting, packed, on their way) stay as they are
    const others = async () => (await shipmentStatuses(server)).filter((row) => row.id !== created.id);
    const before = await others();
    expect(before.some((row) => row.statusId !== SHIPMENT_STATUS.delivered)).toBe(true);
    const advance = (payload: object, headers = bearer(token)) =>
      server.app.inject({ method: "POST", url: "/api/__test/advanceShipments", payload, headers });
    const at = `${shipdate}T12:00:00Z`;
    // step 1 packs it (its orders are finished), step 2 is its ship date: it leaves; steps 3 and 4 track it
    const steps = envelopeOf<Array<{ packed: number; left: number; shipped: number; tracked: number }>>(
      await advance({ at, steps: 4 }),
    ).data;
    expect(steps).toEqual([
      { packed: 1, left: 0, shipped: 0, tracked: 0 },
      { packed: 0, left: 1, shipped: 2, tracked: 0 },
      { packed: 0, left: 0, shipped: 0, tracked: 1 },
      { packed: 0, left: 0, shipped: 0, tracked: 1 },
    ]);
    expect(await others()).toEqual(before);
    const followed = await detail();
    expect(followed.status).toBe(SHIPMENT_STATUS.shipped);
    expect(followed.waybillNo).toMatch(/^SF\d{12}$/);
    // the pick-up and two carrier events, newest first, each a time and a text naming the place or the parcel
    expect(followed.trackList).toHaveLength(3);
    const times = followed.trackList.map((e) => e.ftime);
    expect(times.every((ftime) => ftime.startsWith(`${shipdate} 12:`))).toBe(true);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(times).size).toBe(3);
    expect(followed.trackList.every((e) => e.context.length > 0)).toBe(true);
    expect(followed.trackList.at(-1)!.context).toContain(followed.waybillNo);
    expect(followed.address.expressUrl).toBe(dhl.expressUrl);
    expect(followed.address.expressUrl).toContain("{waybill}");
    const shipped = await server.db
      .select({ statusId: orders.statusId, waybillNo: orders.waybillNo })
      .from(orders)
      .where(inArray(orders.orderCode, codes));
    expect(shipped).toEqual(codes.map(() => ({ statusId: ORDER_STATUS.shipped, waybillNo: followed.waybillNo })));
    // to delivery, and no further
    await advance({ at: `${shipdate}T13:00:00Z`, steps: 5 });
    const delivered = await detail();
    expect(delivered.status).toBe(SHIPMENT_STATUS.delivered);
    expect(delivered.trackList).toHaveLength(5);
    expect(await others()).toEqual(before);
    // a token is needed; a malformed time or step count is a 400
    expect(expectErrorEnvelope(await advance({ at, steps: 1 }, {} as never), 401).code).toBe("ATI");
    expectErrorEnvelope(await advance({ at: "tomorrow", steps: 1 }), 400);
    expectErrorEnvelope(await advance({ at, steps: 0 }), 400);
    expectErrorEnvelope(await advance({ at, steps: 11 }), 400);
  });
});
