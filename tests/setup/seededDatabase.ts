import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client.ts";
import { seed } from "../../server/db/seed.ts";
import { onAdminConnection, postgresDatabaseUrl } from "./postgresAdmin.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated, seeded PGlite data directory (a tar file), or "" when the tests run on PostgreSQL. */
    seededDataDir: string;
    /** The PostgreSQL database every test database is copied from (TEST_POSTGRES_URL), or "". */
    seededTemplate: string;
    /** When the seed ran (epoch ms): its order history is relative to that day. */
    seededAt: number;
  }
}

/**
 * scrypt's cost for the tests' password hashes: N=2^14 keeps the many sign-ins fast. Production's default
 * (2^17) and the rehash of older hashes are proven by tests/server/passwords.test.ts.
 */
export const TEST_PASSWORD_COST = { log2N: 14, r: 8, p: 1 };

/**
 * Migrates and seeds one database before the test files run, instead of once per file: every test server
 * (tests/server/fixture.ts) starts from a copy of it, a PGlite data directory loaded from its dump, or on
 * PostgreSQL a database created from it as a template. Each copy is still a database of its own.
 */
export default async function setup(project: TestProject) {
  const seededAt = Date.now();
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (adminUrl) {
    const template = `mtm_seeded_${process.pid}_${seededAt}`;
    await onAdminConnection(adminUrl, `create database ${template}`);
    const database = await openDatabase({ databaseUrl: postgresDatabaseUrl(adminUrl, template), dataDir: "" });
    try {
      await seed(database.db, { testData: true, passwordCost: TEST_PASSWORD_COST });
    } finally {
      await database.close();
    }
    project.provide("seededDataDir", "");
    project.provide("seededTemplate", template);
    project.provide("seededAt", seededAt);
    return async () => {
      await onAdminConnection(adminUrl, `drop database if exists ${template}`);
    };
  }
  const dir = await mkdtemp(join(tmpdir(), "mtm-seeded-"));
  const file = join(dir, "pgdata.tar");
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await seed(database.db, { testData: true, passwordCost: TEST_PASSWORD_COST });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("seededDataDir", file);
  project.provide("seededTemplate", "");
  project.provide("seededAt", seededAt);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
