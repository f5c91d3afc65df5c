import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { openDatabase, type Db } from "../../server/db/client.ts";
import { seed } from "../../server/db/seed.ts";

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * The real server on a fresh, seeded, in-memory PGlite. `overrides` are environment-style strings
 * given to `readConfig` (e.g. `{ ACCESS_TOKEN_TTL_SECONDS: "1" }`); no static app is served.
 * Always call `close()` (in `afterAll`): it closes the app and then the database.
 */
export async function startServer(overrides: Record<string, string> = {}): Promise<TestServer> {
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await seed(database.db);
    const config = readConfig({ STATIC_DIR: "/nonexistent", LOG_LEVEL: "silent", ...overrides });
    const app = await buildApp({ db: database.db, config, logger: false });
    await app.ready();
    return {
      app,
      db: database.db,
      async close() {
        try {
          await app.close();
        } finally {
          await database.close();
        }
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The envelope every API response carries. */
export interface Envelope<T = unknown> {
  code: number | string;
  message: string;
  data: T;
  total?: number;
  pages?: number;
}

export const envelopeOf = <T = unknown>(res: LightMyRequestResponse): Envelope<T> => res.json() as Envelope<T>;

export interface LoginData {
  token: string;
  refreshToken: string;
  expiresIn: number;
  username: string;
  isMain: boolean;
}

/** POST /api/memberLogin with query parameters, as the browser app sends them. */
export function loginRequest(
  app: FastifyInstance,
  username: string,
  password: string,
  opts: { remoteAddress?: string; language?: string } = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/memberLogin",
    query: { username, password },
    remoteAddress: opts.remoteAddress,
    headers: opts.language ? { "accept-language": opts.language } : {},
  });
}

/** Signs in and returns the token pair; fails the test if the sign-in is refused. */
export async function login(app: FastifyInstance, username: string, password: string, remoteAddress?: string): Promise<LoginData> {
  const res = await loginRequest(app, username, password, { remoteAddress });
  const body = envelopeOf<LoginData>(res);
  if (res.statusCode !== 200 || body.code !== 0) {
    throw new Error(`login ${username} failed: HTTP ${res.statusCode} ${res.body}`);
  }
  return body.data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A stack frame such as "    at foo (/x/y.ts:1:2)" or "at /x/y.js:3:4". */
export const STACK_LINE = /(^|\n|\\n)\s*at\s+\S.*:\d+:\d+/;

/** Asserts the body is exactly the error envelope {code, message, data: null}, without a stack trace. */
export function expectErrorEnvelope(res: LightMyRequestResponse, status: number): Envelope<null> {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
  const body = envelopeOf<null>(res);
  expect(Object.keys(body).sort()).toEqual(["code", "data", "message"]);
  expect(body.code).not.toBe(0);
  expect(body.code).not.toBe("0");
  expect(body.data).toBeNull();
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(STACK_LINE);
  expect(res.body).not.toMatch(/node_modules|\.ts:\d+/);
  return body;
}
