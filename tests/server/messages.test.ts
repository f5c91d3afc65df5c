import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";

let server: TestServer;
let demo = "";
beforeAll(async () => {
  server = await startServer();
  demo = (await login(server.app, "demo", "demo1234")).token;
});
afterAll(async () => {
  await server?.close();
});

describe("smoke", () => {
  it("MSG-011 lists", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/pc/news?pageNum=1&pageSize=10", headers: bearer(demo) });
    expect(res.statusCode, res.body).toBe(200);
    console.log(res.body.slice(0, 1500));
  });
});
