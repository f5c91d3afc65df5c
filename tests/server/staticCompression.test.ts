import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { SECURITY_HEADERS } from "../../server/plugins/http.ts";
import { bearer, login, startServer, type TestServer } from "./fixture.ts";

/**
 * Issue 21: the built app's files are sent as the build compressed them (brotli 11, gzip 9 copies next to
 * each file: vite.precompress.ts), never compressed per request; every answer carries the security
 * headers, written once.
 */
let server: TestServer;
let app: FastifyInstance;
let staticDir = "";
const script = `console.log(${JSON.stringify("x".repeat(4000))});\n`;
// The copies the build would write: what the server sends is the file, byte for byte.
const brCopy = brotliCompressSync(Buffer.from(script));
const gzCopy = gzipSync(Buffer.from(script), { level: 9 });

beforeAll(async () => {
  server = await startServer();
  staticDir = mkdtempSync(join(tmpdir(), "mtm-static-"));
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(join(staticDir, "assets", "app-abc123.js"), script);
  writeFileSync(join(staticDir, "assets", "app-abc123.js.br"), brCopy);
  writeFileSync(join(staticDir, "assets", "app-abc123.js.gz"), gzCopy);
  app = await buildApp({
    db: server.db,
    config: readConfig({ STATIC_DIR: staticDir, LOG_LEVEL: "silent" }),
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await server?.close();
  if (staticDir) rmSync(staticDir, { recursive: true, force: true });
});

describe("static files precompressed at build (issue 21)", () => {
  it("brotli asked: the .br file as it is, immutable", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Buffer.compare(res.rawPayload, brCopy)).toBe(0);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("gzip asked: the .gz file as it is; nothing asked: the plain file", async () => {
    const gz = await app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Buffer.compare(gz.rawPayload, gzCopy)).toBe(0);
    const plain = await app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe("the build's files, each by its own route (issue 21)", () => {
  it("a file is sent as named; a missing or misspelt one is the not-found envelope naming the file; any other path is the app", async () => {
    const found = await app.inject({ method: "HEAD", url: "/assets/app-abc123.js" });
    expect(found.statusCode).toBe(200);
    // the routes are the build's files as they are spelt: a path that differs only in case names no file
    for (const url of ["/assets/missing-abc123.js", "/Assets/app-abc123.js", "/assets/APP-abc123.js"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ code: number; message: string }>(), url).toMatchObject({
        code: 404,
        message: `No such file: ${url}`,
      });
    }
    // an unknown call of the API says so, in the caller's language
    const call = await app.inject({ method: "GET", url: "/api/no/such.json", headers: { "accept-language": "zh" } });
    expect(call.json<{ message: string }>().message).toBe("接口不存在：GET /api/no/such.json");
    const route = await app.inject({ method: "GET", url: "/assets" });
    expect(route.body).toContain("<title>app</title>");
    const index = await app.inject({ method: "GET", url: "/" });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain("<title>app</title>");
  });
});

describe("dynamic JSON compressed only above the threshold; security headers on every answer (issue 21)", () => {
  it("a small JSON answer is sent uncompressed even when brotli is accepted", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/pc/banner", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("a larger JSON answer is compressed in the encoding asked for, with its length, and reads back the same", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    const url = "/api/pc/order/getOrderCartList?type=3&pageSize=40";
    const plain = await server.app.inject({ url, headers: bearer(token) });
    expect(plain.json()).toMatchObject({ code: 0 });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024); // past the plugin's own default for streaming
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await server.app.inject({ url, headers: { ...bearer(token), "accept-encoding": encoding } });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toContain("accept-encoding");
      // compressed in one call (syncThreshold): the length is known, not a chunked answer
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decode(res.rawPayload).toString("utf8"))).toEqual(plain.json());
    }
  });

  it("the same security headers on an API answer, a refusal, a file and the app's page", async () => {
    for (const res of [
      await server.app.inject({ method: "GET", url: "/api/pc/banner" }),
      await server.app.inject({ method: "GET", url: "/api/pc/order/getOrderCartList" }),
      await app.inject({ method: "GET", url: "/assets/app-abc123.js" }),
      await app.inject({ method: "GET", url: "/some/route" }),
    ])
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name], name).toBe(value);
  });
});
