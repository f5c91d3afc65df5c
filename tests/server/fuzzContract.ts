import { bundleContract } from "../../server/plugins/contractFile.ts";

/**
 * The contract fuzzer's generator (issue 9 §3): every operation of openapi/portal.yaml, a valid request built
 * from its schemas, and malformed variants of it (wrong types, missing and extra fields, boundary and huge
 * numbers, 1 MB strings, NUL, lone surrogates, invalid JSON, wrong content types, deep nesting, path
 * traversal, with and without a token). Nothing here names an operation: a new operation is fuzzed as it is.
 * Generation is deterministic for a seed (mulberry32), so a failing case is replayed by its seed and index.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: unknown };

export interface FuzzCase {
  operationId: string;
  name: string;
  method: string;
  /** The URL with its path parameters and query string, already encoded. */
  url: string;
  headers: Record<string, string>;
  /** The raw body (JSON text, or whatever a case sends). */
  payload?: string;
  /** Whether the case carries the signed-in account's access token. */
  token: boolean;
  /** Whether the operation needs a token (the contract's `token` security scheme). */
  secured: boolean;
}

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, "multipart" for an upload, or undefined for no body. */
  body?: Schema | "multipart";
  secured: boolean;
}

/** mulberry32: a small seeded generator (the fuzzer never uses Math.random). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const contract = bundleContract() as { paths: Record<string, Record<string, Schema>>; security?: unknown[] };

function deref(node: unknown): Schema {
  let current = node as Schema;
  for (let i = 0; i < 20 && typeof current?.$ref === "string"; i++) {
    current = (current.$ref as string)
      .slice(2)
      .split("/")
      .reduce<unknown>((n, key) => (n as Record<string, unknown>)[key], contract) as Schema;
  }
  return current;
}

/** Every operation of the contract, its parameters and body resolved. */
export function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    const shared = (item.parameters as unknown[] | undefined) ?? [];
    for (const [method, raw] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const op = raw as Schema;
      const parameters = [...shared, ...((op.parameters as unknown[] | undefined) ?? [])].map((p) => {
        const param = deref(p) as unknown as Parameter;
        return { ...param, required: Boolean(param.required), schema: deref(param.schema) };
      });
      const content = (deref(op.requestBody) as { content?: Record<string, { schema?: unknown }> } | undefined)
        ?.content;
      const body = content?.["application/json"]?.schema
        ? deref(content["application/json"].schema)
        : content?.["multipart/form-data"]
          ? ("multipart" as const)
          : undefined;
      const security = (op.security ?? contract.security ?? []) as unknown[];
      out.push({
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        parameters,
        body,
        secured: security.length > 0 && security.every((s) => Object.keys(s as object).length > 0),
      });
    }
  }
  return out;
}

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];

/** Object schemas of an allOf merged into one (properties and required). */
function flatten(schema: Schema): Schema {
  const s = deref(schema);
  if (!Array.isArray(s.allOf)) return s;
  const parts = (s.allOf as unknown[]).map((p) => flatten(p as Schema));
  return {
    type: "object",
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
    required: parts.flatMap((p) => (p.required as string[] | undefined) ?? []),
  };
}

const STRING_CANDIDATES = ["1", "12", "1,2", "2020-01-01", "abc", "abcdefghijklmnopqrstuvwx", "a"];

/** A value the schema accepts (the first enum value, the minimum, a short string matching the pattern). */
export function validValue(raw: Schema, depth = 0): Json {
  const schema = flatten(raw);
  if ("const" in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  if ("default" in schema) return schema.default as Json;
  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (variants?.length) return validValue(variants[0]!, depth);
  const type = typesOf(schema).find((t) => t !== "null") ?? (schema.properties ? "object" : "string");
  switch (type) {
    case "integer":
    case "number": {
      const min =
        typeof schema.minimum === "number"
          ? schema.minimum
          : typeof schema.exclusiveMinimum === "number"
            ? Math.floor(schema.exclusiveMinimum) + 1
            : 1;
      return typeof schema.maximum === "number" ? Math.min(min, schema.maximum) : min;
    }
    case "boolean":
      return false;
    case "array": {
      if (depth > 6) return [];
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return Array.from({ length: count }, () => validValue((schema.items ?? {}) as Schema, depth + 1));
    }
    case "object": {
      if (depth > 6) return {};
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(v, depth + 1)]));
    }
    default: {
      const min = Number(schema.minLength ?? 0);
      const max = Number(schema.maxLength ?? 10_000);
      const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern, "u") : null;
      const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
      return STRING_CANDIDATES.find(fits) ?? "a".repeat(Math.max(min, 1));
    }
  }
}

/** A field of a request that the fuzzer changes: a parameter, or a field of the JSON body at a path. */
interface Slot {
  where: "path" | "query" | "header" | "body";
  name: string;
  /** The path inside the body (for body fields). */
  at: (string | number)[];
  schema: Schema;
  required: boolean;
}

function bodySlots(schema: Schema, value: Json, at: (string | number)[], out: Slot[], depth = 0): void {
  const s = flatten(schema);
  if (depth > 8) return;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    const required = (s.required as string[] | undefined) ?? [];
    for (const [key, child] of Object.entries(value)) {
      const childSchema = props[key] ?? {};
      out.push({
        where: "body",
        name: key,
        at: [...at, key],
        schema: flatten(childSchema),
        required: required.includes(key),
      });
      bodySlots(childSchema, child, [...at, key], out, depth + 1);
    }
  } else if (Array.isArray(value) && value.length > 0) {
    const items = (s.items ?? {}) as Schema;
    out.push({
      where: "body",
      name: `${at.at(-1) ?? "body"}[0]`,
      at: [...at, 0],
      schema: flatten(items),
      required: true,
    });
    bodySlots(items, value[0]!, [...at, 0], out, depth + 1);
  }
}

/** A JSON text in which `marker` strings are replaced by raw tokens (1e400, a lone surrogate escape). */
const RAW = "\u0001raw:";
const raw = (token: string) => `${RAW}${token}\u0001`;
function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:(.*?)\\u0001"/g, (_, token: string) => JSON.parse(`"${token}"`));
}

const MEGABYTE = "x".repeat(1024 * 1024);
const DEEP_ARRAY = `${"[".repeat(5000)}${"]".repeat(5000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(3000)}1${"}".repeat(3000)}`;

/** Malformed values for a field of this schema; `inBody` values may be raw JSON tokens. */
function badValues(schema: Schema, inBody: boolean): { label: string; value: unknown }[] {
  const types = typesOf(schema);
  const numeric = types.includes("integer") || types.includes("number");
  const min = typeof schema.minimum === "number" ? schema.minimum : undefined;
  const max = typeof schema.maximum === "number" ? schema.maximum : undefined;
  const values: { label: string; value: unknown }[] = [
    { label: "NUL", value: "a\u0000b" },
    { label: "lone surrogate", value: inBody ? raw('"x\\ud800"') : "x\ud800" },
    { label: "path traversal", value: "../../../../etc/passwd" },
    { label: "SQL text", value: "1' OR '1'='1'; drop table orders; --" },
    { label: "empty", value: "" },
    { label: "5000 characters", value: "9".repeat(5000) },
  ];
  if (numeric) {
    values.push(
      { label: "2^31", value: 2147483648 },
      { label: "-2^31-1", value: -2147483649 },
      { label: "2^53+1", value: inBody ? raw("9007199254740993") : "9007199254740993" },
      { label: "1e400", value: inBody ? raw("1e400") : "1e400" },
      { label: "-1e400", value: inBody ? raw("-1e400") : "-1e400" },
      { label: "Infinity", value: "Infinity" },
      { label: "NaN", value: "NaN" },
      { label: "fraction", value: 1.5 },
      { label: "zero", value: 0 },
      { label: "negative", value: -1 },
      { label: "hex", value: "0x10" },
    );
    if (min !== undefined) values.push({ label: "minimum-1", value: min - 1 });
    if (max !== undefined) values.push({ label: "maximum+1", value: max + 1 });
  }
  if (inBody) {
    values.push(
      { label: "null", value: null },
      { label: "boolean", value: true },
      { label: "object", value: { a: 1 } },
      { label: "array", value: [1, "x"] },
      { label: "number for text", value: 12345 },
    );
  } else values.push({ label: "repeated", value: ["1", "2"] });
  if (typeof schema.maxLength === "number")
    values.push({ label: "maxLength+1", value: "y".repeat(schema.maxLength + 1) });
  return values;
}

function setAt(root: Json, at: (string | number)[], value: unknown, remove = false): Json {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = at.at(-1)!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** Percent-encoding that keeps a lone surrogate (as the bytes ED A0 80 ..., which are not UTF-8). */
function encode(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => {
      if (!/^[\uD800-\uDFFF]$/.test(part)) return encodeURIComponent(part);
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((b) => `%${b.toString(16)}`)
        .join("");
    })
    .join("");
}

/** The request of an operation with the given path, query, header values and body. */
function request(
  op: Operation,
  name: string,
  parts: { path: Record<string, string>; query: [string, string][]; headers: Record<string, string>; payload?: string },
  token: boolean,
): FuzzCase {
  const url =
    "/api" +
    op.path.replace(/\{(\w+)\}/g, (_, key: string) => parts.path[key] ?? "") +
    (parts.query.length ? `?${parts.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}` : "");
  return {
    operationId: op.operationId,
    name,
    method: op.method,
    url,
    headers: parts.headers,
    payload: parts.payload,
    token,
    secured: op.secured,
  };
}

/** A parameter's valid value as the text a URL or header carries. */
const paramText = (schema: Schema) => {
  const value = validValue(schema);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
};

/** Every fuzz case of the contract, in a fixed order; `random` picks the sampled ones. */
export function fuzzCases(random: () => number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const pick = <T>(items: T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (pool.length && out.length < count) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    return out;
  };

  for (const op of operations()) {
    const path = Object.fromEntries(
      op.parameters.filter((p) => p.in === "path").map((p) => [p.name, encode(paramText(p.schema))]),
    );
    const query = op.parameters
      .filter((p) => p.in === "query")
      .map((p) => [p.name, paramText(p.schema)] as [string, string]);
    const headers: Record<string, string> = {};
    for (const p of op.parameters.filter((p) => p.in === "header" && p.name.toLowerCase() !== "accept-language"))
      headers[p.name.toLowerCase()] = paramText(p.schema);
    const body = op.body && op.body !== "multipart" ? validValue(op.body) : undefined;
    const json = { "content-type": "application/json" };
    const base = {
      path,
      query,
      headers: body === undefined ? headers : { ...headers, ...json },
      payload: body === undefined ? undefined : toJsonText(body),
    };
    const add = (name: string, parts: Partial<typeof base>, token = op.secured) =>
      cases.push(request(op, name, { ...base, ...parts }, token));

    add("valid", {});
    add("valid, no token", {}, false);
    add("garbage token", { headers: { ...base.headers, authorization: `Bearer ${"x".repeat(600)}.y.z` } }, false);
    add("extra query parameter", { query: [...query, ["zzExtra", "1"]] });
    add("1 MB query parameter", { query: [...query, [query[0]?.[0] ?? "q", MEGABYTE]] });
    add("wrong method", {});
    cases.at(-1)!.method = op.method === "GET" ? "DELETE" : "PUT";
    add("unknown language", { headers: { ...base.headers, "accept-language": "xx-ÿÿ;q=2, *;q=-1" } });

    // Parameters: each one missing (if required) and given malformed values.
    for (const p of op.parameters.filter((p) => p.in !== "cookie")) {
      const slot: Slot = { where: p.in as Slot["where"], name: p.name, at: [], schema: p.schema, required: p.required };
      if (slot.where === "header" && p.name.toLowerCase() === "accept-language") continue;
      const values = badValues(p.schema, false).filter(
        (v) => !(slot.where === "header" && typeof v.value !== "string"),
      );
      const chosen = slot.where === "path" ? values : pick(values, 10);
      for (const { label, value } of chosen) {
        const text = Array.isArray(value) ? value.map(String) : [String(value)];
        // A header carries printable ASCII only (the HTTP parser refuses anything else before the server).
        if (slot.where === "header" && !/^[\x20-\x7e]*$/.test(text[0]!)) continue;
        const token = random() < 0.75 ? op.secured : false;
        if (slot.where === "path") add(`${p.name}: ${label}`, { path: { ...path, [p.name]: encode(text[0]!) } }, token);
        else if (slot.where === "query")
          add(
            `${p.name}: ${label}`,
            { query: [...query.filter(([k]) => k !== p.name), ...text.map((t) => [p.name, t] as [string, string])] },
            token,
          );
        else add(`${p.name}: ${label}`, { headers: { ...base.headers, [p.name.toLowerCase()]: text[0]! } }, token);
      }
      if (slot.where === "path") {
        add(`${p.name}: encoded traversal`, { path: { ...path, [p.name]: "..%2F..%2F..%2Fetc%2Fpasswd" } });
        add(`${p.name}: encoded NUL`, { path: { ...path, [p.name]: "%00" } });
        add(`${p.name}: broken percent-encoding`, { path: { ...path, [p.name]: "%E0%A4%A" } });
        add(`${p.name}: 10000 characters`, { path: { ...path, [p.name]: "7".repeat(10_000) } });
      }
      if (slot.where === "query" && p.required)
        add(`${p.name}: missing`, { query: query.filter(([k]) => k !== p.name) });
    }

    if (op.body === "multipart") {
      const boundary = "fuzzBoundary42";
      const form = (name: string, filename: string, content: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n--${boundary}--\r\n`;
      const multipart = { "content-type": `multipart/form-data; boundary=${boundary}` };
      add("multipart: not a picture", {
        headers: { ...headers, ...multipart },
        payload: form("file", "a.png", "hello"),
      });
      add("multipart: no boundary", { headers: { ...headers, "content-type": "multipart/form-data" }, payload: "abc" });
      add("multipart: empty boundary", {
        headers: { ...headers, "content-type": "multipart/form-data; boundary=" },
        payload: "abc",
      });
      add("multipart: 300-character boundary", {
        headers: { ...headers, "content-type": `multipart/form-data; boundary=${"b".repeat(300)}` },
        payload: "abc",
      });
      add("multipart: truncated", {
        headers: { ...headers, ...multipart },
        payload: form("file", "a.png", "x").slice(0, 60),
      });
      add("multipart: __proto__ field", {
        headers: { ...headers, ...multipart },
        payload: form("__proto__", "a.png", "x"),
      });
      add("multipart: NUL file name", {
        headers: { ...headers, ...multipart },
        payload: form("file", "a\u0000.png", "x"),
      });
      add("multipart: no token", { headers: { ...headers, ...multipart }, payload: form("file", "a.png", "x") }, false);
      add("multipart: JSON instead", { headers: { ...headers, ...json }, payload: "{}" });
      continue;
    }
    if (body === undefined) {
      add("unexpected JSON body", { headers: { ...headers, ...json }, payload: '{"a":1}' });
      add("unexpected text body", { headers: { ...headers, "content-type": "text/plain" }, payload: "hello" });
      continue;
    }

    // The body as a whole: invalid JSON, other media types, other shapes, deep nesting, too large.
    const whole: [string, string, string][] = [
      ["invalid JSON", "application/json", '{"a":'],
      ["invalid JSON token", "application/json", "nul"],
      ["trailing comma", "application/json", "[1,]"],
      ["empty body", "application/json", ""],
      ["NUL body", "application/json", "\u0000"],
      ["JSON as text/plain", "text/plain", base.payload!],
      ["form encoded", "application/x-www-form-urlencoded", "a=1&b=2"],
      ["XML", "application/xml", "<a/>"],
      ["PNG", "image/png", "\u0089PNG"],
      ["multipart without boundary", "multipart/form-data", base.payload!],
      ["JSON in UTF-16", "application/json; charset=utf-16", base.payload!],
      ["top-level null", "application/json", "null"],
      ["top-level string", "application/json", '"x"'],
      ["top-level number", "application/json", "1e400"],
      ["top-level array", "application/json", "[]"],
      ["deep array", "application/json", DEEP_ARRAY],
      ["deep object", "application/json", DEEP_OBJECT],
      ["__proto__", "application/json", '{"__proto__":{"polluted":1}}'],
      ["constructor.prototype", "application/json", '{"constructor":{"prototype":{"polluted":1}}}'],
      ["over 1 MB", "application/json", JSON.stringify({ a: MEGABYTE })],
    ];
    for (const [name, type, payload] of whole) {
      add(name, { headers: { ...headers, "content-type": type }, payload }, random() < 0.75 ? op.secured : false);
    }
    add("no content type", { headers, payload: base.payload });

    // Each field of the body: missing, extra, malformed.
    const slots: Slot[] = [];
    bodySlots(op.body as Schema, body, [], slots);
    if (body !== null && typeof body === "object" && !Array.isArray(body)) {
      add("extra field", { payload: toJsonText({ ...body, zzExtra: 1 }) });
      add("1 MB field", { payload: toJsonText({ ...body, [slots[0]?.name ?? "a"]: MEGABYTE.slice(0, 1000 * 1000) }) });
    }
    // At most 40 fields of a body (sampled), so that a large body does not outweigh the other operations.
    for (const slot of slots.length > 40 ? pick(slots, 40) : slots) {
      if (slot.required)
        add(`${slot.at.join(".")}: missing`, { payload: toJsonText(setAt(body, slot.at, undefined, true)) });
      for (const { label, value } of pick(badValues(slot.schema, true), 5)) {
        add(
          `${slot.at.join(".")}: ${label}`,
          { payload: toJsonText(setAt(body, slot.at, value)) },
          random() < 0.8 ? op.secured : false,
        );
      }
    }
  }
  return cases;
}

/** A case as code that replays it (long runs of one character shortened, with their count). */
export function describeCase(c: FuzzCase, token: string): string {
  const shorten = (s: string) =>
    s.replace(/(.)\1{63,}/gs, (run, ch: string) => `«${JSON.stringify(ch)} × ${run.length}»`);
  const headers = c.token ? { ...c.headers, authorization: `Bearer ${token.slice(0, 12)}…` } : c.headers;
  return shorten(
    `app.inject(${JSON.stringify({ method: c.method, url: c.url, headers, payload: c.payload }, null, 0)})`,
  );
}
