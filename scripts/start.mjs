// `npm start` (issue 21): builds what changed since the last build, then runs the compiled server. The browser
// app (`npm run build`: the contract's types, then Vite into dist/) is built again only when its sources
// changed, the server (scripts/build-server.mjs into dist-server/) likewise; each build leaves a stamp, the
// fingerprint of its inputs (every file's path, size and modification time), next to its output. A worker
// process of `WORKERS=n` runs the server straight away.
import { execFileSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureServerBuilt, inputsFingerprint, outdir, root, stampOf } from "./build-server.mjs";

/** What each build reads (folders are walked; node_modules, dist and results skipped). */
const APP_INPUTS = [
  "src",
  "domain",
  "machines",
  "openapi",
  "public",
  "index.html",
  "vite.config.ts",
  "lingui.config.ts",
  "tailwind.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

async function buildIfChanged() {
  const appStamp = join(root, "dist", ".build-stamp");
  const app = inputsFingerprint(APP_INPUTS);
  if (stampOf(appStamp) !== app || !existsSync(join(root, "dist", "index.html"))) {
    console.log("The app's sources changed since the last build: npm run build");
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    // The fingerprint of the sources as they were built (the build regenerates files among them).
    writeFileSync(appStamp, `${inputsFingerprint(APP_INPUTS)}\n`);
  }
  await ensureServerBuilt();
}

if (!cluster.isWorker && !process.argv.includes("--no-build")) await buildIfChanged();
await import(pathToFileURL(join(outdir, "main.js")).href);
