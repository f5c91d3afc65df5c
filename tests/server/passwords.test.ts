import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.ts";
import { members } from "../../server/db/schema.ts";
import {
  DEFAULT_SCRYPT_COST,
  hashPassword,
  needsRehash,
  passwordCostOf,
  verifyPassword,
} from "../../server/modules/session/passwords.ts";
import { envelopeOf, loginRequest, startServer, type TestServer } from "./fixture.ts";

/**
 * Issue 20 §4d(e): scrypt's cost N=2^14 is below today's recommendation. Hashes are made with N=2^17, r=8,
 * p=1, their parameters stored with them, and an older hash is made again at the next successful sign-in.
 * The other tests hash with a lower N (tests/setup/seededDatabase.ts); this one runs the production default.
 */
let server: TestServer;
beforeAll(async () => {
  // The production configuration's cost (the fixture lowers it for the other tests).
  server = await startServer({ PASSWORD_SCRYPT_LOG2_N: "17" });
});
afterAll(async () => {
  await server?.close();
});

/** A hash as the earlier version stored it: `scrypt$<salt>$<key>` with Node's default cost (N=2^14). */
function legacyHash(password: string) {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString("hex")}$${scryptSync(password, salt, 32).toString("hex")}`;
}

const hashOf = async (username: string) =>
  (await server.db.select({ hash: members.passwordHash }).from(members).where(eq(members.username, username)))[0]!.hash;

describe("issue 20 §4d(e) password hashes", () => {
  it("the default cost is N=2^17, r=8, p=1, stored with the hash", async () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(passwordCostOf(readConfig({}))).toEqual(DEFAULT_SCRYPT_COST);
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsE", hash)).toBe(false);
    expect(needsRehash(hash, DEFAULT_SCRYPT_COST)).toBe(false);
    // An earlier hash still verifies, and is due to be made again.
    const legacy = legacyHash("correct horse");
    expect(await verifyPassword("correct horse", legacy)).toBe(true);
    expect(needsRehash(legacy, DEFAULT_SCRYPT_COST)).toBe(true);
    expect(() => readConfig({ PASSWORD_SCRYPT_LOG2_N: "8" })).toThrow(/PASSWORD_SCRYPT_LOG2_N/);
  });

  it("SHELL-120 an older hash (N=2^14) is made again with N=2^17 at the next successful sign-in, not at a failed one", async () => {
    const legacy = legacyHash("demo1234");
    await server.db.update(members).set({ passwordHash: legacy }).where(eq(members.username, "demo-sub2"));
    // A wrong password changes nothing.
    const wrong = await loginRequest(server.app, "demo-sub2", "wrong-password");
    expect(envelopeOf(wrong).code).toBe(1001);
    expect(await hashOf("demo-sub2")).toBe(legacy);

    expect(envelopeOf(await loginRequest(server.app, "demo-sub2", "demo1234")).code).toBe(0);
    const rehashed = await hashOf("demo-sub2");
    expect(rehashed).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);
    expect(await verifyPassword("demo1234", rehashed)).toBe(true);
    // The new hash opens the account, and is kept as it is.
    expect(envelopeOf(await loginRequest(server.app, "demo-sub2", "demo1234")).code).toBe(0);
    expect(await hashOf("demo-sub2")).toBe(rehashed);
  });
});
