import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { startServer, type TestServer } from "./fixture.ts";

/**
 * Issue 20 §4d(c): a request body that stalls was held open indefinitely, without signing in. Over a real
 * socket, against a server whose timeouts are short (from its configuration): the test waits for the server to
 * close the connection, never for a clock of its own.
 */
let server: TestServer;
const apps: FastifyInstance[] = [];
/** A server with short timeouts, and one that lets an address hold 3 connections (default timeouts). */
let port = 0;
let limitedPort = 0;
async function listen(env: Record<string, string>) {
  const config = readConfig({ STATIC_DIR: "/nonexistent", LOG_LEVEL: "silent", ...env });
  const app = await buildApp({ db: server.db, config, logger: false });
  apps.push(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  return (app.server.address() as AddressInfo).port;
}
beforeAll(async () => {
  server = await startServer();
  port = await listen({ REQUEST_TIMEOUT_MS: "400", HEADERS_TIMEOUT_MS: "300" });
  limitedPort = await listen({ MAX_CONNECTIONS_PER_ADDRESS: "3" });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await server?.close();
});

/** A connection, once open, with everything the server sends and a promise of its close. */
async function open(to = port) {
  const socket = connect({ port: to, host: "127.0.0.1" });
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString()));
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, received: () => received };
}

const stalledHeaders = "POST /api/refreshToken HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n";

describe("issue 20 §4d(c) a stalled request is answered and closed", () => {
  it("defaults: a whole request within 60 s, its headers within 15 s, 64 connections per address", () => {
    const config = readConfig({});
    expect([config.requestTimeoutMs, config.headersTimeoutMs, config.maxConnectionsPerAddress]).toEqual([
      60_000, 15_000, 64,
    ]);
  });

  it("Content-Length: 100000 and then nothing: 408 and the connection is closed", async () => {
    const { socket, closed, received } = await open();
    socket.write(`${stalledHeaders}Content-Length: 100000\r\n\r\n{"refreshToken":"`);
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("one byte of the body at a time, never finishing: the connection is closed", async () => {
    const { socket, closed } = await open();
    socket.write(`${stalledHeaders}Content-Length: 100000\r\n\r\n`);
    let sent = 0;
    // Each byte keeps the socket busy, so only the whole request's deadline can end it.
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write("a", () => sent++);
    }, 50);
    try {
      await closed;
    } finally {
      clearInterval(drip);
    }
    expect(sent).toBeLessThan(100_000);
  });

  it("headers that never end, and a connection that sends nothing, are closed", async () => {
    const slow = await open();
    slow.socket.write(stalledHeaders);
    const silent = await open();
    await Promise.all([slow.closed, silent.closed]);
  });

  it("an address holds at most MAX_CONNECTIONS_PER_ADDRESS open connections; the ones it holds still work", async () => {
    const held = [await open(limitedPort), await open(limitedPort), await open(limitedPort)];
    const extra = await open(limitedPort);
    await extra.closed;
    expect(extra.received()).toBe("");
    // The three held ones are served.
    const answers = held.map(
      ({ socket, received }: { socket: Socket; received: () => string }) =>
        new Promise<string>((resolve) => {
          socket.on("data", () => {
            if (received().includes("\r\n\r\n")) resolve(received());
          });
          socket.write("GET /api/pc/banner HTTP/1.1\r\nHost: x\r\n\r\n");
        }),
    );
    for (const answer of await Promise.all(answers)) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    for (const { socket, closed } of held) {
      socket.destroy();
      await closed;
    }
    // Once they are closed, the address may connect again.
    const again = await open(limitedPort);
    const answer = new Promise<string>((resolve) => {
      again.socket.on("data", () => {
        if (again.received().includes("\r\n\r\n")) resolve(again.received());
      });
    });
    again.socket.write("GET /api/pc/banner HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
    again.socket.destroy();
  });
});
