// The compiled server (issue 21): server/main.ts and everything it imports bundled by esbuild into one ES module,
// dist-server/main.js, run by plain `node` (no tsx at run time). Packages stay in node_modules. Every `import.meta.url` of our sources is
// rewritten to the URL of the source file it was written in, relative to dist-server/, so the files found next
// to a source (the migrations, the contract, the built app, the PDF fonts) are found from the bundle too. The
// contract is bundled at build time and carried in the bundle (server/plugins/contract.ts), not parsed at start.
// Run by scripts/start.mjs when the sources changed since the last build; `npm run build:server` forces one.
// Beside it, the migrated empty PGlite database a fresh start loads (`pgliteTemplate` below).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const outdir = join(root, "dist-server");

const EXTERNAL = [
  "@electric-sql/pglite",
  "pg",
  "pg-native",
  "sharp",
  "@seriousme/*",
  "@pdf-lib/*",
  "pdf-lib",
  "exceljs",
  "@noble/*",
  "@expo-google-fonts/*",
];

/** Rewrites `import.meta.url` in our own sources to the source file's URL, relative to the bundle. */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes("node_modules")) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return { contents: source, loader: "ts" };
      const fromBundle = relative(outdir, args.path).split("\\").join("/");
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

/**
 * Issue 21: the OpenAPI glue validates the contract against the OpenAPI meta-schema every time it starts (Ajv
 * compiling the meta-schema, then checking the document: about half a second of CPU). The compiled server
 * carries a contract this build validated (`validatedContract`), so in the bundle the glue's validator is one
 * that takes the document as valid and only resolves its references, as the real one does after validating.
 * Under tsx (the tests) the glue validates as it always did.
 */
const prevalidatedContract = {
  name: "prevalidated-contract",
  setup(builder) {
    builder.onResolve({ filter: /^@seriousme\/openapi-schema-validator$/ }, (args) =>
      /[\\/]fastify-openapi-glue[\\/]/.test(args.importer)
        ? { path: "validator", namespace: "prevalidated" }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: "prevalidated" }, () => ({
      resolveDir: root,
      loader: "js",
      contents: `import { replaceRefs } from "@seriousme/openapi-schema-validator/resolve.js";
export class Validator {
  async validate(specification) {
    this.specification = specification;
    this.version = /^(\\d+\\.\\d+)/.exec(String(specification.openapi ?? specification.swagger ?? ""))?.[1];
    return { valid: true };
  }
  resolveRefs() {
    return replaceRefs(this.specification);
  }
}`,
    }));
  },
};

const common = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  // Bundled with our sources (fewer files to load at start): the packages but those that load files of their
  // own (PGlite's WebAssembly, sharp's native code, the schemas of the OpenAPI glue, the PDF fonts), which
  // are loaded from node_modules as they are.
  external: EXTERNAL,
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  plugins: [sourceUrls, prevalidatedContract],
  // Issue 21: what V8 parses at every start, smaller (names kept, so stacks still read); a module imported with
  // `import()` (the PostgreSQL driver) is a chunk of its own, loaded when used. Chunks stay in dist-server/
  // itself: `sourceUrls` makes paths relative to it.
  minifyWhitespace: true,
  minifySyntax: true,
  splitting: true,
  chunkNames: "[name]-[hash]",
};

/** What the server's build reads (folders are walked; node_modules, dist and results skipped). */
const SERVER_INPUTS = [
  "server",
  "domain",
  "openapi",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/build-server.mjs",
];
const SKIP = new Set(["node_modules", "dist", "dist-server", "results", ".git"]);

/** The inputs' fingerprint: path, size and modification time of every file, in a stable order. */
export function inputsFingerprint(inputs) {
  const hash = createHash("sha256");
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!SKIP.has(name)) visit(join(path, name));
    } else hash.update(`${path.slice(root.length)}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  for (const input of inputs) visit(join(root, input));
  return hash.digest("hex").slice(0, 32);
}

/** The fingerprint a build left next to its output ("" when none). */
export const stampOf = (path) => (existsSync(path) ? readFileSync(path, "utf8").trim() : "");

/**
 * Builds dist-server/ when the server's sources changed since its last build (its stamp, the inputs'
 * fingerprint); used by `npm start` and by the benchmarks, which run the compiled server.
 */
export async function ensureServerBuilt() {
  const stamp = join(outdir, ".build-stamp");
  const fingerprint = inputsFingerprint(SERVER_INPUTS);
  // the stamp: the sources' fingerprint, then the PGlite template this build made (when it made one)
  const [built, template] = stampOf(stamp).split("\n");
  const templateThere = !template || existsSync(join(outdir, template));
  if (built === fingerprint && existsSync(join(outdir, "main.js")) && templateThere) return;
  console.log("The server's sources changed since the last build: building dist-server/");
  const made = await buildServer(fingerprint);
  writeFileSync(`${stamp}.${process.pid}.partial`, `${fingerprint}\n${made.template ?? ""}\n`);
  renameSync(`${stamp}.${process.pid}.partial`, stamp);
}

/**
 * `buildId` (the sources' fingerprint) becomes `process.env.MTM_BUILD_ID` in the bundle (main.ts: the seed's mark).
 * Answers the file name of the PGlite template the build left (null when it could not make one).
 */
export async function buildServer(buildId = `manual-${Date.now()}`) {
  const { outputFiles } = await build({
    ...common,
    entryPoints: { main: "server/main.ts" },
    sourcemap: "linked",
    define: {
      "process.env.MTM_BUILD_ID": JSON.stringify(buildId),
      "process.env.MTM_CONTRACT_JSON": JSON.stringify(JSON.stringify(await validatedContract())),
    },
    write: false,
  });
  // Each file written beside its place and renamed into it: a process started meanwhile (or a second build
  // running at the same time, as npm test's phases may) reads the old file or the new one, never half of one.
  mkdirSync(outdir, { recursive: true });
  // The chunks first (their names carry their content's hash): main.js is renamed in last, once every chunk it
  // names is there. Older chunks are left for a process that started from the previous main.js.
  const mainLast = (file) => (file.path.endsWith(`${join("dist-server", "main.js")}`) ? 1 : 0);
  for (const file of [...outputFiles].sort((a, b) => mainLast(a) - mainLast(b))) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return { template: await pgliteTemplate() };
}

/**
 * Issue 21: the migrated empty PGlite database a fresh start loads instead of migrating from scratch
 * (server/db/pgliteTemplate.ts), made by server/db/templateBuild.ts, bundled as the server is and run here:
 * dist-server/pgdata-<fingerprint of the migrations and PGlite>.tar.gz. Kept when the migrations are unchanged.
 */
async function pgliteTemplate() {
  const started = performance.now();
  try {
    const { file, made } = await withBundled("server/db/templateBuild.ts", ({ ensurePgliteTemplate }) =>
      ensurePgliteTemplate(outdir),
    );
    const took = made ? `made in ${Math.round(performance.now() - started)} ms` : "current";
    console.log(`PGlite template ${relative(root, file)}: ${took}`);
    return basename(file);
  } catch (error) {
    // The server migrates a fresh database from scratch without one: slower, not broken.
    console.warn(
      `No PGlite template (${error instanceof Error ? error.message : String(error)}): fresh starts migrate`,
    );
    return null;
  }
}

/**
 * Runs `use` with the exports of the TypeScript module `entry`, bundled as the server is into a file of its own
 * for the while (the build's steps that need server code: the contract, the PGlite template).
 */
async function withBundled(entry, use) {
  const helper = join(outdir, `bundled-${process.pid}-${basename(entry, ".ts")}.mjs`);
  await build({ ...common, entryPoints: [entry], outfile: helper, outdir: undefined, splitting: false });
  try {
    return await use(await import(pathToFileURL(helper).href));
  } finally {
    rmSync(helper, { force: true });
  }
}

/**
 * The contract bundled (below), validated as the glue validates it at start under tsx (the OpenAPI meta-schema
 * and the references, without the `x-designed` annotations, as server/plugins/contract.ts gives it): a contract
 * that is not valid fails the build instead of every start. The bundle carries it without the annotations
 * (documentation only), so the server parses it for the glue instead of cloning and walking it.
 */
async function validatedContract() {
  const contract = await bundledContract();
  const { Validator } = await import("@seriousme/openapi-schema-validator");
  const withoutAnnotations = (node) => {
    if (Array.isArray(node)) node.forEach(withoutAnnotations);
    else if (node && typeof node === "object") {
      delete node["x-designed"];
      Object.values(node).forEach(withoutAnnotations);
    }
    return node;
  };
  const plain = withoutAnnotations(structuredClone(contract));
  const result = await new Validator().validate(structuredClone(plain));
  if (!result.valid) throw new Error(`the contract is not valid OpenAPI: ${JSON.stringify(result.errors, null, 2)}`);
  return plain;
}

/** The contract (openapi/, split per area) bundled into one document, as the server reads it under tsx. */
async function bundledContract() {
  return withBundled("server/plugins/contractFile.ts", ({ bundleContract }) => bundleContract());
}

// `node scripts/build-server.mjs` builds; with `--if-changed` only when the sources changed (npm test builds it
// once, before the browser tests and the server processes of the PostgreSQL phase use it).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  if (process.argv.includes("--if-changed")) await ensureServerBuilt();
  else await buildServer();
  console.log(`dist-server/main.js ready in ${Math.round(performance.now() - started)} ms`);
}
