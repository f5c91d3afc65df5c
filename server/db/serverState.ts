import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { serverState } from "./schema.ts";

export async function readServerState(db: Db, key: string): Promise<string | undefined> {
  const rows = await db.select({ value: serverState.value }).from(serverState).where(eq(serverState.key, key));
  return rows[0]?.value;
}

export async function writeServerState(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(serverState)
    .values({ key, value })
    .onConflictDoUpdate({ target: serverState.key, set: { value, updatedAt: new Date() } });
}

/** A short fingerprint of several values (the build, the migrations, the seed's options). */
export const fingerprint = (...parts: Array<string | number | boolean>) =>
  createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 32);
