/**
 * Pure helpers over a Vite build manifest (dist/.vite/manifest.json) used by
 * bench/bundle-size.ts. No file-system access here so it can be unit-tested
 * with a fake manifest (tests/unit/benchManifest.test.ts).
 */

/** Subset of Vite's `ManifestChunk`. */
export interface ManifestChunk {
  src?: string;
  file: string;
  name?: string;
  css?: string[];
  assets?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface CountedFile {
  /** Manifest key (e.g. "index.html", "_vendor-abc.js", "src/routes/index.tsx?tsr-split=component"). */
  key: string;
  /** Output file relative to the build outDir (e.g. "assets/index-abc.js"). */
  file: string;
  /** Why this file is in the first-load set. */
  reason: string;
}

/** Split `src/routes/(app)/_layout/index.tsx?tsr-split=component` into path and query parts. */
function splitQuery(key: string): { path: string; query: string } {
  const i = key.indexOf("?");
  return i === -1 ? { path: key, query: "" } : { path: key.slice(0, i), query: key.slice(i + 1) };
}

/** A route-path segment that does not add to the URL: pathless layout (`_app`) or route group (`(marketing)`). */
function isPathlessSegment(segment: string): boolean {
  return segment.startsWith("_") || (segment.startsWith("(") && segment.endsWith(")"));
}

/**
 * Route segments of a TanStack file route below `routesDir`, or undefined if the
 * path is not a route file. Directory and flat (dot) notation are both split:
 * `src/routes/_app/index.tsx` and `src/routes/_app.index.tsx` → ["_app", "index"].
 */
export function routeSegments(path: string, routesDir = "src/routes/"): string[] | undefined {
  const normalized = path.replace(/\\/g, "/").replace(/^\.?\//, "");
  const at = normalized.indexOf(routesDir);
  if (at === -1) return undefined;
  const rest = normalized.slice(at + routesDir.length);
  const withoutExt = rest.replace(/\.(?:[cm]?[jt]sx?)$/, "");
  if (withoutExt === rest) return undefined; // not a JS/TS module
  // Dots inside a route group "(a.b)" are unusual; a plain split is good enough here.
  return withoutExt.split(/[/.]/).filter((s) => s.length > 0);
}

/** Which code-split groups of the home route load immediately on `/`. */
function isEagerSplit(query: string): boolean {
  const params = new URLSearchParams(query);
  const split = params.get("tsr-split");
  if (split === null) return false;
  // Groups are joined with "---" (e.g. "component---loader"); errorComponent / pendingComponent /
  // notFoundComponent only load on demand.
  return split.split("---").some((group) => group === "component" || group === "loader");
}

/**
 * If `key` is an eagerly loaded code-split chunk of a route, return its route
 * segments and whether it is an index route; undefined otherwise.
 */
function splitRoute(key: string): { segments: string[]; isIndex: boolean } | undefined {
  const { path, query } = splitQuery(key);
  if (!isEagerSplit(query)) return undefined;
  const segments = routeSegments(path);
  if (!segments || segments.length === 0) return undefined;
  const last = segments[segments.length - 1];
  if (last === "index") return { segments: segments.slice(0, -1), isIndex: true };
  // `_app/route.tsx` is the same route as `_app.tsx`.
  if (last === "route") return { segments: segments.slice(0, -1), isIndex: false };
  return { segments, isIndex: false };
}

/**
 * Classify a manifest key as part of the home route: the `/` index route itself
 * ("index"), i.e. `index` below only pathless layouts / route groups. Layouts are
 * classified by {@link homeRouteKeys}, which needs the home route's location.
 */
export function homeRouteRole(key: string): "index" | undefined {
  const route = splitRoute(key);
  return route?.isIndex && route.segments.every(isPathlessSegment) ? "index" : undefined;
}

/** The HTML entry chunk(s): prefer `index.html`, else every `isEntry` chunk. */
export function entryKeys(manifest: Manifest): string[] {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry === true);
  const html = entries.filter(([key, c]) => key === "index.html" || c.src === "index.html");
  return (html.length > 0 ? html : entries).map(([key]) => key);
}

/** Keys reachable from `start` through static `imports` only (depth-first, start first). */
export function staticClosure(manifest: Manifest, start: string[]): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    order.push(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  start.forEach(visit);
  return order;
}

/**
 * Manifest keys of the home route's eagerly loaded split chunks (component /
 * loader), plus split chunks of the root route and of the pathless layouts that
 * wrap it. Falls back to lazily loaded chunks named "index…" if no route key matches.
 */
export function homeRouteKeys(manifest: Manifest): { key: string; reason: string }[] {
  const routeOf = (key: string, chunk: ManifestChunk) =>
    splitRoute(key) ?? (chunk.src ? splitRoute(chunk.src) : undefined);
  const jsChunks = Object.entries(manifest).filter(([, c]) => c.file.endsWith(".js"));
  const homes = jsChunks.flatMap(([key, chunk]) => {
    const r = routeOf(key, chunk);
    return r?.isIndex && r.segments.every(isPathlessSegment) ? [{ key, segments: r.segments }] : [];
  });
  if (homes.length > 0) {
    const result = homes.map(({ key }) => ({ key, reason: "home route chunk" }));
    for (const [key, chunk] of jsChunks) {
      const r = routeOf(key, chunk);
      if (!r || r.isIndex) continue;
      const isRoot = r.segments.length === 1 && r.segments[0] === "__root";
      const wrapsHome = homes.some(
        (h) => r.segments.length <= h.segments.length && r.segments.every((s, i) => h.segments[i] === s),
      );
      if (isRoot || wrapsHome) result.push({ key, reason: isRoot ? "root route chunk" : "layout route wrapping home" });
    }
    return result;
  }
  // Fallback: a lazily loaded chunk whose name says "index" (e.g. "index" or "index-component").
  const entries = new Set(entryKeys(manifest));
  return jsChunks
    .filter(([key, c]) => !entries.has(key) && c.isDynamicEntry === true && /^index(?:$|[-_.])/i.test(c.name ?? ""))
    .map(([key]) => ({ key, reason: "home route chunk (matched by name)" }));
}

/**
 * The JavaScript the home route `/` loads first: the HTML entry chunk plus its
 * static imports (recursively), plus the home route's code-split chunk(s) and
 * their static imports. Dynamic imports are not followed.
 */
export function firstLoadFiles(manifest: Manifest): CountedFile[] {
  const out: CountedFile[] = [];
  const seen = new Set<string>();
  const add = (keys: string[], rootReason: string, importReason: string) => {
    keys.forEach((key, i) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || !chunk.file.endsWith(".js")) return;
      seen.add(key);
      out.push({ key, file: chunk.file, reason: i === 0 ? rootReason : importReason });
    });
  };
  for (const entry of entryKeys(manifest)) add(staticClosure(manifest, [entry]), "entry", "static import of entry");
  for (const { key, reason } of homeRouteKeys(manifest)) {
    add(staticClosure(manifest, [key]), reason, `static import of ${key}`);
  }
  return out;
}

/** Every other JS chunk in the manifest (lazy chunks), excluding the first-load set. */
export function lazyChunks(manifest: Manifest, firstLoad: CountedFile[]): { key: string; file: string }[] {
  const counted = new Set(firstLoad.map((f) => f.file));
  const seenFiles = new Set<string>();
  const out: { key: string; file: string }[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith(".js") || counted.has(chunk.file) || seenFiles.has(chunk.file)) continue;
    seenFiles.add(chunk.file);
    out.push({ key, file: chunk.file });
  }
  return out;
}

/** CSS files referenced by the given manifest keys (deduplicated, in order). */
export function cssFiles(manifest: Manifest, keys: string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    for (const css of manifest[key]?.css ?? []) if (!out.includes(css)) out.push(css);
  }
  return out;
}
