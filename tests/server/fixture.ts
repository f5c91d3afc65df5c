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
  const postgres = process.env.TEST_POSTGRES_URL ? await freshPostgresDatabase(process.env.TEST_POSTGRES_URL) : null;
  // A pooled connection lost while idle is a failure of the test run, reported when the server closes.
  const lost: Error[] = [];
  const opened = await openDatabase(
    postgres
      ? { databaseUrl: postgres.url, dataDir: "", onIdleError: (error) => lost.push(error) }
      : { dataDir: "memory://" },
  );
  const database = postgres
    ? {
        ...opened,
        close: async () => {
          await opened.close();
          await postgres.drop();
          if (lost.length > 0) throw new Error(`PostgreSQL connection lost while idle: ${lost[0]!.message}`);
        },
      }
    : opened;
  try {
    await seed(database.db, { testData: true });
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
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress?: string,
): Promise<LoginData> {
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

/**
 * `TEST_POSTGRES_URL` (a role allowed to create databases) runs the server tests on a PostgreSQL
 * server instead of PGlite: each server gets a database of its own, dropped on close.
 *
 * `drop()` is called once every connection to the database is closed (`openPool`'s `close()` waits for
 * that) and drops it without FORCE: a connection still open would be a leak, and PostgreSQL refuses the
 * drop (after waiting 5 s for it to end) instead of terminating it under a client that has no listener.
 */
export async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mtm_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await onAdminConnection(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onAdminConnection(adminUrl, `drop database if exists ${name}`),
  };
}

/** Runs one statement on a connection of its own to the admin database, and closes it. */
async function onAdminConnection(adminUrl: string, statement: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  // A connection error also rejects the statement or the end() awaited below; heard here, it cannot end the process.
  const lost: Error[] = [];
  client.on("error", (error) => lost.push(error));
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
  const [error] = lost;
  if (error) throw error;
}
