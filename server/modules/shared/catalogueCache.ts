import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { preparedPerShape } from "../../db/prepared.ts";
import { catalogueVersions } from "../../db/schema.ts";

/**
 * Issue 21: catalogue answers (the craft tree, the fabric search, the dictionaries) kept as their
 * serialised and compressed bytes with an ETag, answered `304` to a matching If-None-Match. Each is
 * kept with the version of its catalogue (`catalogue_versions`, bumped by a trigger on any change of the
 * catalogue's tables), read with every request in one statement by primary key, so a change made through
 * any process (or by hand) is answered by every process at once. An answer that depends on the caller
 * (language, price factor, currency) is kept per what it depends on: the `key` the route gives.
 */
export type CatalogueName = "crafts" | "fabrics" | "dictionaries" | "goods";

interface Entry {
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** At most this many answers per database (a process serves one): the oldest is dropped first. */
const MAX_ENTRIES = 1000;
/** Smaller answers go uncompressed (the bytes saved are fewer than the headers' and the time's cost). */
export const COMPRESS_THRESHOLD = 1024;
/** Fast levels: compressed once per version, but on the request that misses. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

const caches = new WeakMap<Db, Map<string, Entry>>();

const versionLookup = preparedPerShape("catalogue_version", (db, _shape: Record<string, never>, name) =>
  db
    .select({ version: catalogueVersions.version })
    .from(catalogueVersions)
    .where(eq(catalogueVersions.name, sql.placeholder("name")))
    .prepare(name),
);

/** The catalogue's current version (0 when it has no row yet: answers are then kept under version 0). */
export async function catalogueVersion(db: Db, name: CatalogueName): Promise<number> {
  const [row] = await versionLookup(db, {}).execute({ name });
  return Number(row?.version ?? 0);
}

/** The encoding a request accepts, br before gzip; identity when it names neither (or refuses them with q=0). */
function acceptedEncoding(header: string | undefined): "br" | "gzip" | "identity" {
  const accepts = (name: string) =>
    (header ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .some((part) => part.split(";")[0] === name && !/;\s*q=0(\.0*)?$/.test(part));
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });

/**
 * Answers a catalogue read from the kept bytes when the catalogue's version is unchanged, else builds the
 * envelope (`build`), keeps it and answers it. A refusal thrown by `build` is not kept.
 */
export async function sendCatalogue(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  catalogue: CatalogueName,
  key: string,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const version = await catalogueVersion(db, catalogue);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, Entry>()));
  const fullKey = `${catalogue}\u0000${version}\u0000${req.locale}\u0000${key}`;
  let entry = cache.get(fullKey);
  if (!entry) {
    const identity = Buffer.from(JSON.stringify(await build()), "utf8");
    const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 16);
    entry = { etag: `"${catalogue}-${version}-${hash}"`, identity };
    cache.set(fullKey, entry);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  reply
    .header("ETag", entry.etag)
    .header("Cache-Control", "private, no-cache")
    .header("Vary", "Accept-Encoding, Accept-Language, Authorization");
  if (matches(req.headers["if-none-match"], entry.etag)) return reply.status(304).send();
  reply.type("application/json; charset=utf-8");
  const encoding =
    entry.identity.length < COMPRESS_THRESHOLD ? "identity" : acceptedEncoding(req.headers["accept-encoding"]);
  if (encoding === "br") {
    entry.br ??= brotliCompressSync(entry.identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length,
      },
    });
    return reply.header("Content-Encoding", "br").send(entry.br);
  }
  if (encoding === "gzip") {
    entry.gzip ??= gzipSync(entry.identity, { level: GZIP_LEVEL });
    return reply.header("Content-Encoding", "gzip").send(entry.gzip);
  }
  return reply.send(entry.identity);
}
