#!/usr/bin/env bash
# Fails when a generated file differs from what generation produces (`npm run check:generated`):
#   openapi/portal.d.ts   from openapi/portal.yaml by the `gen` script (openapi-typescript)
#   src/routeTree.gen.ts  from src/routes/ by the TanStack router plugin of vite.config.ts
#   src/features/flows/layouts/*.json  the kept flow layouts, by `npm run flows:layouts`
# Both are generated afresh into a temporary directory (the route tree by the plugin itself, with the
# options vite.config.ts gives it, so the check cannot drift from the build) and compared with the
# working tree and, in a git checkout, with the staged version: CI checks out the commit, so a
# generated file that was not regenerated and committed with its source fails here.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp="$(mktemp -d "${TMPDIR:-/tmp}/check-generated.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# 1. The contract's types: the `gen` script of package.json, with its output redirected.
gen="$(node -p 'require("./package.json").scripts.gen')"
case "$gen" in
  *openapi/portal.d.ts*) ;;
  *)
    echo "check-generated: the gen script no longer writes openapi/portal.d.ts; update scripts/check-generated.sh" >&2
    exit 2
    ;;
esac
mkdir -p "$tmp/openapi"
PATH="$PWD/node_modules/.bin:$PATH" sh -c "${gen//openapi\/portal.d.ts/$tmp/openapi/portal.d.ts}" >"$tmp/gen.log" 2>&1 || {
  cat "$tmp/gen.log" >&2
  echo "check-generated: generating openapi/portal.d.ts failed" >&2
  exit 2
}

# 2. The route tree: vite.config.ts's own router plugin, run on a copy of src/routes in the temp root.
mkdir -p "$tmp/root/src"
cp -R src/routes "$tmp/root/src/routes"
TSR_TMP_DIR="$tmp/tsr" ROOT="$tmp/root" node --input-type=module >"$tmp/router.log" 2>&1 <<'EOF' || {
import { loadConfigFromFile } from "vite";

const loaded = await loadConfigFromFile({ command: "build", mode: "production" }, "vite.config.ts", process.cwd(), "silent");
const flatten = async (items) => {
  const out = [];
  for (const item of [items].flat()) {
    const value = await item;
    if (Array.isArray(value)) out.push(...(await flatten(value)));
    else if (value) out.push(value);
  }
  return out;
};
const plugins = await flatten(loaded?.config.plugins ?? []);
const generator = plugins.find((p) => p.name === "tanstack:router-generator");
if (!generator || typeof generator.configResolved !== "function") {
  throw new Error("vite.config.ts has no TanStack router generator plugin (tanstack:router-generator)");
}
// The plugin reads only `root` from the resolved config: it generates from <root>/<routesDirectory>.
await generator.configResolved({ root: process.env.ROOT });
EOF
  cat "$tmp/router.log" >&2
  echo "check-generated: generating src/routeTree.gen.ts failed" >&2
  exit 2
}
if [ ! -f "$tmp/root/src/routeTree.gen.ts" ]; then
  cat "$tmp/router.log" >&2
  echo "check-generated: the router plugin wrote no route tree (is generatedRouteTree still src/routeTree.gen.ts?)" >&2
  exit 2
fi

# 3. The kept layouts of the flow pictures (tests/tools/flowLayouts.ts), into the temp directory.
node --import tsx tests/tools/flowLayouts.ts --out "$tmp/layouts" >"$tmp/layouts.log" 2>&1 || {
  cat "$tmp/layouts.log" >&2
  echo "check-generated: laying out the flow pictures failed" >&2
  exit 2
}

# 4. Compare.
in_git=false
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then in_git=true; fi
failed=0
compare() { # <path in the tree> <generated copy> <how to regenerate>
  local path="$1" fresh="$2" how="$3"
  if ! cmp -s "$fresh" "$path"; then
    echo "FAIL $path differs from what generation produces. Regenerate it ($how) and commit it." >&2
    diff -u "$path" "$fresh" --label "$path (in the tree)" --label "$path (generated)" | head -40 >&2 || true
    failed=1
  elif $in_git && ! git show ":$path" 2>/dev/null | cmp -s "$fresh" -; then
    echo "FAIL $path is regenerated in the working tree but the staged/committed version is stale: git add $path" >&2
    failed=1
  else
    echo "ok   $path"
  fi
}
compare openapi/portal.d.ts "$tmp/openapi/portal.d.ts" "npm run gen"
compare src/routeTree.gen.ts "$tmp/root/src/routeTree.gen.ts" "npm run build, or npm run dev"
for fresh in "$tmp"/layouts/*.json; do
  compare "src/features/flows/layouts/$(basename "$fresh")" "$fresh" "npm run flows:layouts"
done
for kept in src/features/flows/layouts/*.json; do
  if [ ! -f "$tmp/layouts/$(basename "$kept")" ]; then
    echo "FAIL $kept is no longer generated (its machine left the catalog): npm run flows:layouts, git rm it" >&2
    failed=1
  fi
done
# The generator also fills in a route file's own path (createFileRoute("/...")) when it is wrong.
if ! diff -r -q src/routes "$tmp/root/src/routes" >/dev/null; then
  echo "FAIL the router generator would rewrite route files (their createFileRoute path):" >&2
  diff -r -u src/routes "$tmp/root/src/routes" | head -40 >&2 || true
  failed=1
fi
exit "$failed"
