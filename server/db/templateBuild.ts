import type { PGlite } from "@electric-sql/pglite";
import { openDatabase, pgliteFingerprint } from "./client.ts";
import { findTemplate, writeTemplate } from "./pgliteTemplate.ts";

/**
 * Issue 21: the migrated template of a fresh PGlite database (pgliteTemplate.ts), made by the server's build
 * (scripts/build-server.mjs bundles this module and runs it) into `dir`: a database in memory opened and migrated
 * as the server opens one (`openDatabase`: its extensions, its start parameters), then dumped. Kept when the
 * template for these migrations and this PGlite is there already and unpacks. Returns the file and whether it
 * was made.
 */
export async function ensurePgliteTemplate(dir: string): Promise<{ file: string; made: boolean }> {
  const fingerprint = pgliteFingerprint();
  const existing = findTemplate(dir, fingerprint);
  if (existing.tar) return { file: existing.file, made: false };
  const database = await openDatabase({ dataDir: "memory://", template: false });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return { file: await writeTemplate(client, dir, fingerprint), made: true };
  } finally {
    await database.close();
  }
}
