import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { expect, inject } from "vitest";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { openDatabase, PGLITE_EXTENSIONS, type Database, type Db } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema.ts";
import { seed } from "../../server/db/seed.ts";
import { onAdminConnection, postgresDatabaseUrl } from "../setup/postgresAdmin.ts";
import { TEST_PASSWORD_COST } from "../setup/seededDatabase.ts";
import { QueryLog } from "./queryLog.ts";

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  /** Every statement the server ran (tests/server/queryLog.ts). */
  queries: QueryLog;
  /** The PostgreSQL database of this server (under TEST_POSTGRES_URL), for other processes to open. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The calendar day of a moment, in UTC and locally: the seeded order history is relative to it. */
const dayOf = (at: number) => `${new Date(at).toISOString().slice(0, 10)} ${new Date(at).toDateString()}`;

/**
 * The database the global setup migrated and seeded once (tests/setup/seededDatabase.ts), when there is one
 * and it was seeded today (its order history is relative to the day it was seeded); otherwise the server
 * migrates and seeds a database of its own, as it always may.
 */
function seededCopy(): { dataDir: string; template: string } | null {
  const seededAt = inject("seededAt");
  if (!seededAt || dayOf(seededAt) !== dayOf(Date.now())) return null;
  return { dataDir: inject("seededDataDir"), template: inject("seededTemplate") };
}

let seededDump: Promise<Blob> | undefined;

/** A PGlite in memory loaded from the seeded dump (read once per test worker). */
async function openSeededPglite(file: string, logger: QueryLog): Promise<Database> {
  seededDump ??= readFile(file).then((bytes) => new Blob([bytes]));
  const client = new PGlite({ loadDataDir: await seededDump, extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return { db: drizzle({ client, schema, logger }), kind: "pglite", close: () => client.close() };
}

/**
 * The real server on a fresh, seeded, in-memory PGlite. `overrides` are environment-style strings
 * given to `readConfig` (e.g. `{ ACCESS_TOKEN_TTL_SECONDS: "1" }`); no static app is served.
 * Always call `close()` (in `afterAll`): it closes the app and then the database.
 * The database is a copy of the one seeded by the global setup (see `seededCopy`): each server has its own;
 * `seedNow` seeds it when the server starts instead (a test of what the seed does at its time).
 */
export async function startServer(
  overrides: Record<string, string> = {},
  opts: { seedNow?: boolean } = {},
): Promise<TestServer> {
  const copy = opts.seedNow ? null : seededCopy();
  const adminUrl = process.env.TEST_POSTGRES_URL;
  const postgres = adminUrl ? await freshPostgresDatabase(adminUrl, copy?.template || undefined) : null;
  // A pooled connection lost while idle is a failure of the test run, reported when the server closes.
  const lost: Error[] = [];
  const queries = new QueryLog();
  const opened = postgres
    ? await openDatabase({
        databaseUrl: postgres.url,
        dataDir: "",
        onIdleError: (error) => lost.push(error),
        logger: queries,
      })
    : copy?.dataDir
      ? await openSeededPglite(copy.dataDir, queries)
      : await openDatabase({ dataDir: "memory://", logger: queries });
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
    // A copy of the seeded database is seeded already.
    if (!(postgres ? copy?.template : copy?.dataDir))
      await seed(database.db, { testData: true, passwordCost: TEST_PASSWORD_COST });
    const config = readConfig({
      STATIC_DIR: "/nonexistent",
      LOG_LEVEL: "silent",
      PASSWORD_SCRYPT_LOG2_N: String(TEST_PASSWORD_COST.log2N),
      ...overrides,
    });
    const app = await buildApp({ db: database.db, config, logger: false });
    await app.ready();
    return {
      app,
      db: database.db,
      queries,
      ...(postgres ? { databaseUrl: postgres.url } : {}),
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
export async function freshPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mtm_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await onAdminConnection(adminUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  return {
    url: postgresDatabaseUrl(adminUrl, name),
    drop: () => onAdminConnection(adminUrl, `drop database if exists ${name}`),
  };
}
