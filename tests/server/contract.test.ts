import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundle, loadConfig } from "@redocly/openapi-core";
import { parse } from "yaml";
import { bundleContract, contractPath } from "../../server/plugins/contractFile.ts";

function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refsOf(item, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") out.push(value);
      else refsOf(value, out);
    }
  }
  return out;
}

describe("the contract split per area", () => {
  it("bundles into the very document openapi-typescript generates the types from", async () => {
    const config = await loadConfig();
    const redocly = await bundle({ ref: contractPath, config, dereference: false });
    expect(redocly.problems).toEqual([]);
    expect(bundleContract()).toEqual(redocly.bundle.parsed);
  });

  it("leaves only local references, each of which resolves", () => {
    const doc = bundleContract();
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\//);
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it("keeps every area file referenced from the root (no orphan file)", () => {
    const root = readFileSync(contractPath, "utf8");
    const base = dirname(contractPath);
    for (const folder of ["paths", "components"]) {
      for (const file of readdirSync(join(base, folder))) {
        expect(root, `${folder}/${file}`).toContain(`./${folder}/${file}#`);
        expect(parse(readFileSync(join(base, folder, file), "utf8"))).toBeTypeOf("object");
      }
    }
  });
});
