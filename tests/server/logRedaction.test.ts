import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { redactUrl } from "../../server/logging.ts";
import { bearer, envelopeOf, startServer, type LoginData, type TestServer } from "./fixture.ts";

/**
 * Issue 20 §4d(b): the sign-in's query string, password included, was written to the log at the default level.
 * Since issue 21 requests are logged at `debug` (the default `info` logs none of them): a server at `debug`
 * writes its log to a captured stream; no secret may appear in it.
 */
let server: TestServer;
let app: FastifyInstance;
let quiet: FastifyInstance;
const lines: string[] = [];
const quietLines: string[] = [];
beforeAll(async () => {
  server = await startServer();
  // The default configuration (LOG_LEVEL info), and the same at debug, their logs captured.
  const config = readConfig({ STATIC_DIR: "/nonexistent", PASSWORD_SCRYPT_LOG2_N: "14" });
  expect(config.logLevel).toBe("info");
  const debug = readConfig({ STATIC_DIR: "/nonexistent", PASSWORD_SCRYPT_LOG2_N: "14", LOG_LEVEL: "debug" });
  app = await buildApp({ db: server.db, config: debug, logStream: { write: (line) => void lines.push(line) } });
  quiet = await buildApp({ db: server.db, config, logStream: { write: (line) => void quietLines.push(line) } });
});
afterAll(async () => {
  await app?.close();
  await quiet?.close();
  await server?.close();
});

const log = () => lines.join("");

describe("issue 20 §4d(b) secrets never reach the log", () => {
  it("SHELL-120 the sign-in's password (query string), the tokens and the refresh body are not logged; the rest of the URL is", async () => {
    const password = "Wr0ng-Pa55word-7";
    const wrong = await app.inject({
      method: "POST",
      url: `/api/memberLogin?username=demo&password=${password}`,
      remoteAddress: "10.252.0.1",
    });
    expect(envelopeOf(wrong).code).toBe(1001);
    const signIn = await app.inject({
      method: "POST",
      url: "/api/memberLogin?username=demo&password=demo1234",
      remoteAddress: "10.252.0.2",
    });
    const pair = envelopeOf<LoginData>(signIn).data;
    expect(envelopeOf(signIn).code).toBe(0);
    const refreshed = await app.inject({
      method: "POST",
      url: "/api/refreshToken",
      payload: { refreshToken: pair.refreshToken },
    });
    expect(envelopeOf(refreshed).code).toBe(0);
    // A protected call with the token in its header, and a malformed refresh whose body is a secret.
    await app.inject({ method: "GET", url: "/api/pc/order/failedAmount", headers: bearer(pair.token) });
    await app.inject({
      method: "POST",
      url: "/api/refreshToken?token=abc-secret-query",
      headers: { "content-type": "application/json" },
      payload: `{"refreshToken":"${pair.refreshToken}-x",`,
    });

    const text = log();
    // The requests were logged (at debug), with their paths and the username.
    expect(text).toContain("/api/memberLogin?username=demo&password=[REDACTED]");
    expect(text).toContain("/api/refreshToken?token=[REDACTED]");
    for (const secret of [password, "demo1234", pair.token, pair.refreshToken, "abc-secret-query"])
      expect(text, `the log holds ${secret}`).not.toContain(secret);
  });

  it("issue 21 the default level (info) logs no request; debug logs each request's outcome with its request id", async () => {
    const res = await quiet.inject({
      method: "GET",
      url: "/api/pc/banner",
      headers: { "x-request-id": "trace-abc.1" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-request-id"]).toBe("trace-abc.1");
    expect(quietLines.join("")).not.toContain("/api/pc/banner");
    const before = lines.length;
    await app.inject({ method: "GET", url: "/api/pc/banner", headers: { "x-request-id": "trace-abc.2" } });
    const logged = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = logged.filter((line) => line.msg === "request completed");
    expect(completed.length).toBeGreaterThan(0);
    for (const line of completed) expect(line).toMatchObject({ level: 20, reqId: "trace-abc.2" });
    expect(logged.some((line) => line.msg === "incoming request")).toBe(false);
    // A request id that is not a sane token is replaced by a new one.
    const odd = await quiet.inject({ method: "GET", url: "/api/pc/banner", headers: { "x-request-id": 'a b"c' } });
    expect(odd.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("redactUrl replaces the values of secret parameters, whatever their spelling, and keeps the others", () => {
    expect(redactUrl("/api/memberLogin?username=demo&password=x%20y")).toBe(
      "/api/memberLogin?username=demo&password=[REDACTED]",
    );
    expect(redactUrl("/a?PassWord=1&pass%77ord=2&refresh_token=3&q=4&apiKey=5&x")).toBe(
      "/a?PassWord=[REDACTED]&pass%77ord=[REDACTED]&refresh_token=[REDACTED]&q=4&apiKey=[REDACTED]&x",
    );
    expect(redactUrl("/api/pc/banner")).toBe("/api/pc/banner");
    expect(redactUrl("/a?%E0%A4%A=1&password=%E0")).toBe("/a?%E0%A4%A=1&password=[REDACTED]");
  });
});
