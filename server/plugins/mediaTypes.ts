/** Issue 21: apart from contractFile.ts, so that the compiled server does not load its YAML parser. */

/** Every media type the contract names under a `content` of request bodies and answers (a schema property named content has no "/"). */
export function mediaTypesOf(node: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(node)) for (const item of node) mediaTypesOf(item, found);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === "content" && value && typeof value === "object" && !Array.isArray(value))
        for (const type of Object.keys(value)) if (type.includes("/")) found.add(type);
      mediaTypesOf(value, found);
    }
  }
  return [...found];
}
