import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureServerBuilt } from "../../scripts/build-server.mjs";
import { migrationsCurrent, openDatabase, pgliteFingerprint } from "../../server/db/client.ts";
import { findTemplate, TEMPLATE_DIR, templateName } from "../../server/db/pgliteTemplate.ts";
import { exited, PROCESS_TEST_TIMEOUT, spawnServer } from "./serverProcess.ts";

/**
 * Issue 21: a fresh start on PGlite loads the migrated empty database the build made
 * (dist-server/pgdata-<fingerprint>.tar.gz, server/db/pgliteTemplate.ts) instead of creating and migrating one;
 * without a template for these migrations, or with a damaged one, it migrates from scratch as before and says
 * why. PGlite only: the PostgreSQL run skips it.
 */
const root = mkdtempSync(join(tmpdir(), "mtm-template-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The build's template for the checked-in migrations, unpacked (a tar). */
let tar: Buffer;
let fingerprint: string;

/** A folder holding one file `name` with `bytes`. */
function folderWith(name: string, bytes: Uint8Array): string {
  const dir = mkdtempSync(join(root, "templates-"));
  writeFileSync(join(dir, name), bytes);
  return dir;
}

/** The tar with the content of its top-level PG_VERSION replaced (same length: its header stays valid). */
function withVersion(version: string): Buffer {
  const copy = Buffer.from(tar);
  for (let at = 0; at + 512 <= copy.length;) {
    const name = copy
      .subarray(at, at + 100)
      .toString("latin1")
      .replace(/\0.*$/s, "");
    const size = parseInt(
      copy
        .subarray(at + 124, at + 136)
        .toString("latin1")
        .replace(/\0.*$/s, "")
        .trim(),
      8,
    );
    if (name === "/PG_VERSION" || name === "PG_VERSION") {
      const old = copy.subarray(at + 512, at + 512 + size).toString("latin1");
      expect(version.length).toBe(old.trim().length);
      copy.write(old.replace(old.trim(), version), at + 512, "latin1");
      return copy;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error("no PG_VERSION in the template");
}

describe.skipIf(!!process.env.TEST_POSTGRES_URL)("issue 21 the migrated PGlite template", () => {
  beforeAll(async () => {
    await ensureServerBuilt();
    fingerprint = pgliteFingerprint();
    tar = gunzipSync(readFileSync(join(TEMPLATE_DIR, templateName(fingerprint))));
  }, PROCESS_TEST_TIMEOUT);

  it("the build's template is found for the checked-in migrations; missing, stale or damaged ones are reasons, not errors", () => {
    const found = findTemplate(TEMPLATE_DIR, fingerprint);
    expect(found.tar?.size).toBe(tar.length);

    const empty = mkdtempSync(join(root, "templates-"));
    expect(findTemplate(empty, fingerprint)).toEqual({ level: "info", reason: `no migrated template in ${empty}` });
    expect(findTemplate(join(root, "absent"), fingerprint)).toMatchObject({ level: "info" });

    // Made for other migrations (its name is another fingerprint): not used.
    const stale = folderWith(templateName("0123456789abcdef"), gzipSync(tar));
    expect(findTemplate(stale, fingerprint)).toMatchObject({
      level: "info",
      reason: expect.stringMatching(/other migrations/),
    });

    const damaged = (bytes: Uint8Array) => findTemplate(folderWith(templateName(fingerprint), bytes), fingerprint);
    const gzipped = gzipSync(tar);
    // A flipped byte: gzip's CRC-32 catches it.
    const flipped = Buffer.from(gzipped);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    expect(damaged(flipped)).toMatchObject({ level: "warn", reason: expect.stringMatching(/is damaged/) });
    expect(damaged(gzipped.subarray(0, gzipped.length - 1000))).toMatchObject({ level: "warn" });
    expect(damaged(Buffer.from("not gzip at all"))).toMatchObject({ level: "warn" });
    // Sound gzip of what is not the tarball of a data directory: refused before PGlite reads it.
    expect(damaged(gzipSync(Buffer.alloc(100_000, 7)))).toMatchObject({
      level: "warn",
      reason: expect.stringMatching(/not a tarball/),
    });
    expect(damaged(gzipSync(tar.subarray(0, 1_000_000)))).toMatchObject({
      level: "warn",
      reason: expect.stringMatching(/cut short/),
    });
  });

  it("a template that does not load (another PostgreSQL's data files) is logged at warn, what it wrote removed, and the new database migrated from scratch", async () => {
    const dataDir = join(root, "fallback", "data");
    mkdirSync(dataDir, { recursive: true });
    const lines: string[] = [];
    const database = await openDatabase({
      dataDir,
      template: folderWith(templateName(fingerprint), gzipSync(withVersion("99"))),
      log: (level, message) => lines.push(`${level} ${message}`),
    });
    try {
      expect(lines).toEqual([expect.stringMatching(/^warn the migrated template .* did not load .*from scratch$/)]);
      expect(await migrationsCurrent(database.db)).toBe(true);
      const rows = (await database.db.execute(sql`select count(*)::int as n from members`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(rows.rows[0]!.n).toBe(0);
      expect(readFileSync(join(dataDir, "PG_VERSION"), "utf8").trim()).not.toBe("99");
    } finally {
      await database.close();
    }
  });

  it(
    "a fresh data directory starts from the build's template and serves the seed (demo signs in, its orders list); restarted on its data, the template is not read",
    async () => {
      const dataDir = join(root, "served", "data");
      const signInAndList = async (url: string) => {
        const login = await fetch(`${url}/api/memberLogin?username=demo&password=demo1234`, { method: "POST" });
        const { code, data } = (await login.json()) as { code: number; data: { token: string } };
        expect(code).toBe(0);
        const list = await fetch(`${url}/api/pc/order/getOrderCartList?type=3`, {
          headers: { authorization: `Bearer ${data.token}` },
        });
        const body = (await list.json()) as { code: number; total: number };
        expect(body.code).toBe(0);
        expect(body.total).toBeGreaterThan(0);
      };

      const fresh = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
      await fresh.ready;
      expect(fresh.output()).toContain(
        `the new database was loaded from the migrated template ${join(TEMPLATE_DIR, templateName(fingerprint))}`,
      );
      expect(fresh.output()).not.toContain("from scratch");
      await signInAndList(fresh.url);
      fresh.child.kill("SIGTERM");
      expect((await exited(fresh.child)).code).toBe(0);
      expect(readdirSync(dataDir)).toContain("PG_VERSION");

      const again = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
      await again.ready;
      expect(again.output()).not.toMatch(/migrated template|from scratch/);
      expect(again.output()).toContain("already seeded");
      await signInAndList(again.url);
      again.child.kill("SIGTERM");
      expect((await exited(again.child)).code).toBe(0);
    },
    PROCESS_TEST_TIMEOUT,
  );
});
