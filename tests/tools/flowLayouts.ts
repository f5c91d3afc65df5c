/**
 * The kept layouts of the flow pictures: every machine of the catalog in both languages, laid out by
 * elkjs here (the same ELK graph the page builds, src/features/flows/layout.ts) and written to
 * src/features/flows/layouts/<machine>.<lang>.json under the graph's key. The page uses a kept layout
 * whose key matches its own graph and asks the worker only for one that changed (layoutClient.ts).
 *
 *   npm run flows:layouts              # writes the layouts (commit them)
 *   npm run flows:layouts -- --out DIR # writes them to DIR instead (scripts/check-generated.sh compares)
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ELK from "elkjs/lib/elk.bundled.js";
import { FLOWS } from "../../src/features/flows/catalog.ts";
import { extractMachineGraph } from "../../src/features/flows/machineGraph.ts";
import { buildPictureModel, layoutKey, storeLayout, toElkGraph } from "../../src/features/flows/layout.ts";
import type { Lang } from "../../src/features/flows/labels.ts";

const args = process.argv.slice(2);
const outAt = args.indexOf("--out");
const out = outAt >= 0 ? args[outAt + 1]! : fileURLToPath(new URL("../../src/features/flows/layouts", import.meta.url));
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) if (file.endsWith(".json")) rmSync(join(out, file));

const elk = new ELK();
const LANGS: Lang[] = ["en", "zh"];
for (const flow of FLOWS) {
  if (!flow.machine) continue;
  const graph = extractMachineGraph(flow.machine);
  for (const lang of LANGS) {
    const elkGraph = toElkGraph(buildPictureModel(graph, lang));
    const kept = storeLayout(layoutKey(elkGraph), await elk.layout(elkGraph));
    writeFileSync(join(out, `${graph.id}.${lang}.json`), `${JSON.stringify(kept)}\n`);
  }
}
console.log(`flows:layouts: ${String(FLOWS.filter((f) => f.machine).length * LANGS.length)} layouts written to ${out}`);
