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

describe("the contract's request values have their real range (issue 9 §3)", () => {
  const doc = bundleContract() as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const deref = (node: unknown): Record<string, unknown> => {
    let current = node as Record<string, unknown>;
    while (typeof current?.$ref === "string") {
      current = (current.$ref as string)
        .slice(2)
        .split("/")
        .reduce<unknown>((n, key) => (n as Record<string, unknown>)[key], doc) as Record<string, unknown>;
    }
    return current;
  };
  /** Every numeric schema reachable from a request (parameters and bodies), with where it is. */
  const numbers: { where: string; schema: Record<string, unknown> }[] = [];
  const walk = (node: unknown, where: string, seen: Set<unknown>) => {
    const schema = deref(node);
    if (!schema || typeof schema !== "object" || seen.has(schema)) return;
    seen.add(schema);
    const types = ([] as unknown[]).concat(schema.type ?? []);
    if (types.includes("integer") || types.includes("number")) numbers.push({ where, schema });
    for (const [key, value] of Object.entries(schema)) {
      if (key === "properties") {
        for (const [name, child] of Object.entries(value as object)) walk(child, `${where}.${name}`, seen);
      } else if (value && typeof value === "object") walk(value, where, seen);
    }
  };
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      for (const p of (op.parameters as unknown[] | undefined) ?? []) {
        const param = deref(p);
        walk(param.schema, `${String(op.operationId)} ${String(param.name)}`, new Set());
      }
      if (op.requestBody) walk(op.requestBody, `${String(op.operationId)} body`, new Set());
    }
  }

  it("API-005 every integer and number a request carries has a minimum and a maximum (or an enum)", () => {
    expect(numbers.length).toBeGreaterThan(50);
    const unbounded = numbers
      .filter(({ schema }) => !Array.isArray(schema.enum) && schema.const === undefined)
      .filter(({ schema }) => (schema.minimum ?? schema.exclusiveMinimum) === undefined || schema.maximum === undefined)
      .map(({ where }) => where);
    expect(unbounded).toEqual([]);
  });

  it("API-005 no request integer goes past a 32-bit column (ids are positive 32-bit)", () => {
    const tooLarge = numbers
      .filter(({ schema }) => ([] as unknown[]).concat(schema.type).includes("integer"))
      .filter(({ schema }) => Number(schema.maximum) > 2147483647 || Number(schema.minimum) < -2147483648)
      .map(({ where }) => where);
    expect(tooLarge).toEqual([]);
    const ids = numbers.filter(({ where }) => /id$/i.test(where));
    for (const { where, schema } of ids) {
      if (Array.isArray(schema.enum)) continue;
      expect(Number(schema.minimum ?? schema.exclusiveMinimum), where).toBeGreaterThanOrEqual(1);
    }
  });
});
