import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bundleContract } from "../../server/plugins/contractFile.ts";

/**
 * Principle 1 of DESIGN.md: the documented API is the contract. Every `call` row of the requirements
 * catalogue (`../shared/spec/rules.md`) of an area built so far that names a METHOD and a path must be
 * an operation of the contract (`openapi/portal.yaml` with its $refs), with that method and that path
 * (typos included). A path parameter's name may differ (`{a}` in a row, `{pid}` in the contract).
 *
 * When an area is built, add it to BUILT_AREAS. Rows that name no path at all (field lists, "path not
 * specified") are not checked; a row that names a path without a method must be in PATH_WITHOUT_METHOD.
 */
const BUILT_AREAS = ["SHELL", "QO", "PO", "SO", "CART", "PROD", "LABEL", "ADDR"] as const;

/** Rows of areas not built yet whose call the server already answers (so its documented path is kept). */
const ALSO_CHECKED = {
  "SUB-037": "the order lists' member filter (PROD-026) reads the sub-accounts through this call",
} as const;

/** Rows that name a path but no method (or name it apart from its action), with the call they mean. */
const PATH_WITHOUT_METHOD: Record<string, { call: string; reason: string }> = {
  "PROD-060": {
    call: "GET pc/order/ordercustomer/getOrderCustomerById",
    reason: "names the controller path and the action apart, listed as GET/POST; the row's reading is GET",
  },
  "PROD-061": {
    call: "POST pc/order/ordercustomer/updateOrderCustomerById",
    reason: "names the controller path and the action apart, listed as GET/POST; the row's reading is POST",
  },
};

const RULES = new URL("../../../shared/spec/rules.md", import.meta.url);

interface CallRow {
  id: string;
  text: string;
}

/** The rows of the catalogue, `| AREA-NNN | kind | text | source |`, with their kind. */
function catalogueRows(): Array<CallRow & { kind: string }> {
  if (!existsSync(RULES)) throw new Error(`the requirements catalogue is missing: ${RULES.pathname}`);
  const rows: Array<CallRow & { kind: string }> = [];
  for (const line of readFileSync(RULES, "utf8").split("\n")) {
    const match = /^\| ([A-Z]+-\d+) \| (\w+) \| (.*) \| [^|]* \|$/.exec(line.trim());
    if (match) rows.push({ id: match[1]!, kind: match[2]!, text: match[3]! });
  }
  return rows;
}

const METHOD_AND_PATH = /\b(GET|POST|PUT|DELETE|PATCH) ([A-Za-z][\w{}/.-]*)/g;
/** A path the documents name (they all start with one of these, or are one word at the root). */
const PATH = /\b(?:pc|admin|newsread)\/[\w{}/-]+/g;

/** "GET pc/style/{id}/calculatePrice." -> "GET pc/style/{}/calculatePrice": no trailing stop, parameters unnamed. */
const normalise = (method: string, path: string) =>
  `${method} ${path
    .replace(/[.,;:]+$/, "")
    .replace(/^\//, "")
    .replace(/\{[^}]*\}/g, "{}")}`;

/** The METHOD + path pairs a row names; `unmatched` are paths it names without a method. */
function callsOf(text: string): { calls: string[]; unmatched: string[] } {
  const calls: string[] = [];
  let rest = text;
  for (const [whole, method, path] of text.matchAll(METHOD_AND_PATH)) {
    calls.push(normalise(method!, path!));
    rest = rest.replace(whole, "");
  }
  return { calls, unmatched: [...rest.matchAll(PATH)].map(([path]) => path) };
}

/** Every METHOD + path of the contract, normalised as the rows are. */
function contractCalls(): Set<string> {
  const doc = bundleContract() as { paths: Record<string, Record<string, unknown>> };
  const methods = ["get", "post", "put", "delete", "patch"];
  const calls = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of Object.keys(item))
      if (methods.includes(method)) calls.add(normalise(method.toUpperCase(), path));
  return calls;
}

const catalogue = catalogueRows();
/** The `call` rows (API call: method, path, payload, response fields). */
const rows: CallRow[] = catalogue.filter((row) => row.kind === "call");
const built = rows.filter((row) => BUILT_AREAS.some((area) => row.id.startsWith(`${area}-`)) || row.id in ALSO_CHECKED);
const documented = built.flatMap((row) => {
  const exception = PATH_WITHOUT_METHOD[row.id];
  const { calls, unmatched } = callsOf(row.text);
  return [
    ...calls.map((call) => ({ id: row.id, call })),
    ...(exception ? [{ id: row.id, call: normalise(...(exception.call.split(" ") as [string, string])) }] : []),
    ...(exception ? [] : unmatched.map((path) => ({ id: row.id, call: `(no method) ${path}` }))),
  ];
});
const contract = contractCalls();

describe("the documented calls are the contract (principle 1)", () => {
  it("reads the catalogue: every built area has rows, the extraction finds the calls it should", () => {
    for (const area of BUILT_AREAS)
      expect(
        catalogue.some((row) => row.id.startsWith(`${area}-`)),
        area,
      ).toBe(true);
    // The extraction itself, on rows whose calls are known (so an empty or broken parse cannot pass).
    expect(callsOf("Badge counts come from GET pc/order/failedAmount, which returns counts.").calls).toEqual([
      "GET pc/order/failedAmount",
    ]);
    expect(callsOf("GET pc/curablestyle/{a}/{b}.").calls).toEqual(["GET pc/curablestyle/{}/{}"]);
    expect(callsOf("pc/order/ordercustomer getOrderCustomerById with id").unmatched).toEqual([
      "pc/order/ordercustomer",
    ]);
    expect(contract.has("GET pc/curablestyle/{}/{}")).toBe(true);
    expect(documented.length).toBeGreaterThan(60);
  });

  it("every exception is a row that still names its path without a method", () => {
    for (const id of Object.keys(PATH_WITHOUT_METHOD)) {
      const row = built.find((r) => r.id === id);
      expect(row, id).toBeDefined();
      expect(callsOf(row!.text).unmatched.length, id).toBeGreaterThan(0);
    }
    for (const id of Object.keys(ALSO_CHECKED))
      expect(
        rows.some((r) => r.id === id),
        id,
      ).toBe(true);
  });

  it.each(documented.map(({ id, call }) => [`${id} ${call}`, call]))(
    "%s is an operation of the contract",
    (_, call) => {
      expect(call).not.toMatch(/^\(no method\)/); // a path without a method: add the row to PATH_WITHOUT_METHOD
      expect(contract.has(call), `${call} is missing from openapi/portal.yaml`).toBe(true);
    },
  );
});
