import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** The contract's root file; it references one file per area under openapi/paths and openapi/components. */
export const contractPath = fileURLToPath(new URL("../../openapi/portal.yaml", import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function pointerGet(doc: Json, pointer: string, where: string): Json {
  let node = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (node === null || typeof node !== "object" || !(key in node)) throw new Error(`${where}: no ${pointer}`);
    node = (node as Record<string, Json>)[key] as Json;
  }
  return node;
}

/**
 * Bundles the split contract into one document, as openapi-typescript does for the types: a `$ref` into the
 * root file's components stays a local `#/components/...` reference; any other `$ref` to another file (a path
 * item, a component's definition) is replaced by what it points at. fastify-openapi-glue then reads one document.
 */
export function bundleContract(rootPath: string = contractPath): Record<string, unknown> {
  const root = resolve(rootPath);
  const files = new Map<string, Json>();
  const load = (file: string): Json => {
    let doc = files.get(file);
    if (doc === undefined) {
      doc = parse(readFileSync(file, "utf8")) as Json;
      files.set(file, doc);
    }
    return doc;
  };

  const walk = (node: Json, file: string, seen: readonly string[]): Json => {
    if (Array.isArray(node)) return node.map((item) => walk(item, file, seen));
    if (node === null || typeof node !== "object") return node;
    const ref = node.$ref;
    if (typeof ref === "string") {
      const [filePart = "", pointer = ""] = ref.split("#");
      const target = filePart ? resolve(dirname(file), filePart) : file;
      if (target === root && pointer.startsWith("/components/")) return { ...node, $ref: `#${pointer}` };
      const key = `${target}#${pointer}`;
      if (seen.includes(key)) throw new Error(`circular $ref ${ref} in ${file}`);
      const { $ref: _ignored, ...siblings } = node;
      const inlined = walk(pointerGet(load(target), pointer, ref), target, [...seen, key]);
      return Object.keys(siblings).length && inlined && typeof inlined === "object" && !Array.isArray(inlined)
        ? { ...inlined, ...(walk(siblings, file, seen) as Record<string, Json>) }
        : inlined;
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, file, seen)]));
  };

  return walk(load(root), root, []) as Record<string, unknown>;
}
