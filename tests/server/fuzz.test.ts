import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { fabricRow } from "../../server/db/seed.ts";
import { describeCase, fuzzCases, seededRandom, type FuzzCase } from "./fuzzContract.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, STACK_LINE, startServer, type TestServer } from "./fixture.ts";

/**
 * Issue 9 §3: malformed input answers a 400 envelope naming the field, never a 500. First each reproduction
 * of the issue (each answered HTTP 500, or 403 "The request body is invalid", before the fix), then the
 * contract fuzzer: every operation of openapi/portal.yaml, generated at test time (tests/server/fuzzContract.ts).
 */
let server: TestServer;
let token = "";
// Sign-ins of the test itself come from an address the fuzzer's sign-in guesses never use.
const OWN_ADDRESS = "10.250.0.1";
beforeAll(async () => {
  server = await startServer();
  token = (await login(server.app, "demo", "demo1234", OWN_ADDRESS)).token;
});
afterAll(async () => {
  await server?.close();
});

/** Rows of a raw query, whichever driver ran it. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.db.execute(query)) as unknown as { rows: T[] }).rows;
}

let snapshotQuery: ReturnType<typeof sql> | undefined;
/** The row count of every table and every ledger account's balance, as one comparable object. */
async function snapshot(): Promise<Record<string, string>> {
  if (!snapshotQuery) {
    const tables = await rows<{ name: string }>(
      // rate_limits counts every call to a limited operation, refused or not (issue 21): not data a call changes.
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
          order by table_name`,
    );
    expect(tables.length).toBeGreaterThan(10);
    snapshotQuery = sql.raw(
      [
        ...tables.map((t) => `select '${t.name}' as k, count(*)::text as v from "${t.name}"`),
        `select 'ledger balances', coalesce(string_agg(id || '=' || balance_cents, ',' order by id), '') from ledger_accounts`,
      ].join(" union all "),
    );
  }
  return Object.fromEntries((await rows<{ k: string; v: string }>(snapshotQuery)).map((r) => [r.k, r.v]));
}

/** Tables a well-formed refusal may still write: a wrong password is counted (SHELL-111). */
const COUNTED_REFUSALS = new Set(["login_failures"]);

const SQL_TEXT =
  /Failed query|syntax error at or near|violates .*constraint|relation "|invalid input syntax|DrizzleQueryError|PGlite|\bselect\s+"|insert into\s+"|update\s+"\w+"\s+set/i;

/** What is wrong with an answer to malformed input (an empty list when nothing is). */
function answerFaults(res: LightMyRequestResponse): string[] {
  const faults: string[] = [];
  if (res.statusCode >= 500) faults.push(`HTTP ${res.statusCode}`);
  if (STACK_LINE.test(res.body) || /node_modules|\.ts:\d+/.test(res.body)) faults.push("a stack trace in the body");
  if (SQL_TEXT.test(res.body)) faults.push("SQL text in the body");
  if (res.statusCode >= 400 && /json/.test(String(res.headers["content-type"]))) {
    const body = res.json() as Record<string, unknown>;
    const keys = Object.keys(body).sort().join(",");
    if (keys !== "code,data,message" || body.data !== null || !body.message)
      faults.push(`not an error envelope: ${keys}`);
  } else if (res.statusCode >= 400) faults.push(`a ${res.statusCode} that is not JSON`);
  return faults;
}

/** The router's own refusal of a URL it cannot read (a bad percent-encoding): no route, so no operation. */
const isRouterRefusal = (res: LightMyRequestResponse) =>
  res.statusCode === 400 && res.body.includes("The request address is not valid");

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url, headers });

/** Asserts a 400 envelope whose message names the field; the database is unchanged. */
async function expectRefused(request: InjectOptions, field: string, app: FastifyInstance = server.app) {
  const before = await snapshot();
  const res = await app.inject(request);
  const body = expectErrorEnvelope(res, 400);
  expect(body.code).toBe(400);
  expect(body.message).toContain(field);
  expect(await snapshot()).toEqual(before);
  return body;
}

describe("issue 9 §3 regressions: each reproduction answers a 400 envelope naming the field", () => {
  it("API-005 a NUL character in a query string (memberLogin username) answers 400, not 500", async () => {
    const body = await expectRefused(
      { method: "POST", url: "/api/memberLogin?username=demo%00&password=x", remoteAddress: "10.251.0.1" },
      "username",
    );
    expect(body.message).toBe("username contains a character that is not allowed (NUL or a broken Unicode character)");
  });

  it("API-005 a NUL character in a JSON body and in a path parameter answers 400 naming the field", async () => {
    await expectRefused(
      {
        method: "POST",
        url: "/api/pc/membercost/calculatePrice",
        headers: bearer(token),
        payload: { orderType: 7, clothCode: 3000, fabricCode: "RC1001\u0000", liningCode: "x" },
      },
      "fabricCode",
    );
    await expectRefused({ method: "GET", url: "/api/pc/fabric/swatch/RC%00" }, "fabricCode");
  });

  it("API-005 Infinity and 1e400 as an integer (listDictSystem category, no token) answer 400 naming it", async () => {
    for (const value of ["Infinity", "1e400", "-Infinity"]) {
      await expectRefused({ method: "GET", url: `/api/pc/dictsystem/listDictSystem?category=${value}` }, "category");
    }
    // 1e400 in a JSON body is Infinity after parsing: the same refusal.
    await expectRefused(
      {
        method: "POST",
        url: "/api/pc/membercost/calculatePrice",
        headers: { ...bearer(token), "content-type": "application/json" },
        payload: '{"orderType":7,"clothCode":1e400,"fabricCode":"RC1001","liningCode":"x"}',
      },
      "clothCode",
    );
  });

  it("API-005 an integer of 2^31 where the contract had no maximum answers 400 (currentCmtList, calculatePrice)", async () => {
    await expectRefused(
      { method: "GET", url: "/api/pc/membercmt/currentCmtList/2147483648/7", headers: bearer(token) },
      "category",
    );
    await expectRefused(
      {
        method: "POST",
        url: "/api/pc/membercost/calculatePrice",
        headers: bearer(token),
        payload: { orderType: 7, clothCode: 2147483648, fabricCode: "RC1001", liningCode: "x" },
      },
      "clothCode",
    );
  });

  it("API-005 a lone UTF-16 surrogate in a JSON string (saveOrder memo of a valid draft) answers 400; nothing saved", async () => {
    const shirt = fabricRow(6).fabricCode;
    const craftId = (
      await rows<{ id: number }>(sql`select id from crafts where category_id = 1000 and code = 'COLLAR_SPREAD'`)
    )[0]!.id;
    const sizes = await rows<{ partId: number; partValue: number }>(
      sql`select id as "partId", default_value as "partValue" from measure_parts
          where category_id = 1000 and measure_type = 10052 order by pos`,
    );
    const draft = {
      clothCategory: 1000,
      fabric: shirt,
      customerName: "Nina Brandt",
      shortName: "Nina",
      genderId: 10041,
      height: 168,
      weight: 58,
      memo: "MEMO",
      detailList: [
        {
          clothCategory: 1000,
          craftList: [{ craftId }],
          embList: [],
          sizeList: sizes.map((s) => ({ ...s, partValue: Number(s.partValue), modifyValue: 0 })),
        },
      ],
    };
    const request = (memo: string) => ({
      method: "POST" as const,
      url: "/api/pc/order/saveOrder",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload: JSON.stringify(draft).replace('"MEMO"', memo),
    });
    // The draft itself is valid: saved with a plain memo.
    const saved = await server.app.inject(request('"a plain memo"'));
    expect(envelopeOf(saved).code, saved.body).toBe(0);
    for (const memo of ['"\\ud800"', '"x\\udc00y"', '"\\u0000"']) await expectRefused(request(memo), "memo");
  });

  it("API-009 multipart/form-data without a boundary (upload) answers a 400 envelope, not 500", async () => {
    for (const type of [
      "multipart/form-data",
      "multipart/form-data; boundary=",
      `multipart/form-data; boundary=${"b".repeat(71)}`,
    ]) {
      await expectRefused(
        {
          method: "POST",
          url: "/api/pc/attachment/upload",
          headers: { ...bearer(token), "content-type": type },
          payload: "abc",
        },
        "content-type",
      );
    }
    // A truncated body with a boundary: the parser's own error is a 400 envelope too.
    const boundary = "b0undary";
    await expectRefused(
      {
        method: "POST",
        url: "/api/pc/attachment/upload",
        headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
      },
      "multipart",
    );
  });

  it("API-005 a 5,000-character path parameter answers 400 naming it, with and without the built app served", async () => {
    const staticDir = mkdtempSync(join(tmpdir(), "mtm-static-"));
    writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>app</title>");
    const withApp = await buildApp({
      db: server.db,
      config: readConfig({ STATIC_DIR: staticDir, LOG_LEVEL: "silent" }),
      logger: false,
    });
    try {
      for (const app of [server.app, withApp]) {
        await expectRefused({ method: "GET", url: `/api/pc/dict/craftImage/${"1".repeat(5000)}` }, "id", app);
        await expectRefused({ method: "GET", url: `/api/pc/attachment/${"a".repeat(5000)}` }, "id", app);
        await expectRefused({ method: "GET", url: `/api/pc/fabric/swatch/${"R".repeat(5000)}` }, "fabricCode", app);
        // A broken percent-encoding is the router's own error: a 400 envelope as well.
        const broken = await app.inject({ method: "GET", url: "/api/pc/attachment/%E0%A4%A" });
        expect(expectErrorEnvelope(broken, 400).message).toBe("The request address is not valid");
        // An unknown API call of any length is the not-found envelope, never a static file's refusal.
        expectErrorEnvelope(await app.inject({ method: "GET", url: `/api/${"b".repeat(5000)}` }), 404);
      }
      // Paths the static files' server will not serve: a not-found or refused envelope (or the app), no file.
      for (const url of [
        `/${"a".repeat(5000)}`,
        `/assets/${"a".repeat(5000)}.js`,
        "/%5c..%5c..%5cetc/passwd",
        "/assets/..%2f..%2f..%2fetc%2fpasswd",
        "/..%2f..%2fetc/passwd",
      ]) {
        const res = await withApp.inject({ method: "GET", url });
        expect(answerFaults(res), url).toEqual([]);
        expect(res.body, url).not.toMatch(/root:/);
        if (res.statusCode >= 400) expect([400, 404], url).toContain(res.statusCode);
      }
      await expectRefused({ method: "GET", url: "/x%00y" }, "path", withApp);
    } finally {
      await withApp.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe("issue 9 §3 the contract fuzzer", () => {
  it("API-005 every operation of the contract, fuzzed: no 5xx, no stack trace or SQL text, refusals change nothing", async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20261123);
    const only = process.env.FUZZ_CASE === undefined ? undefined : Number(process.env.FUZZ_CASE);
    const cases = [...fuzzCases(seededRandom(seed)).entries()].filter(
      ([index]) => only === undefined || index === only,
    );
    expect(new Set(cases.map(([, c]) => c.operationId)).size).toBeGreaterThanOrEqual(only === undefined ? 46 : 1);

    const failures: string[] = [];
    const fail = (index: number, c: FuzzCase, faults: string[], res: LightMyRequestResponse) =>
      failures.push(
        `#${index} ${c.operationId} "${c.name}": ${faults.join("; ")} — HTTP ${res.statusCode} ${res.body.slice(0, 200)}\n` +
          `  replay: FUZZ_SEED=${seed} FUZZ_CASE=${index} npx vitest run tests/server/fuzz.test.ts -t fuzzer\n` +
          `  ${describeCase(c, token).slice(0, 1200)}`,
      );
    const send = (c: FuzzCase) =>
      server.app.inject({
        method: c.method as InjectOptions["method"],
        url: c.url,
        headers: c.token ? { ...c.headers, ...bearer(token) } : c.headers,
        payload: c.payload,
      });
    const isAccepted = (res: LightMyRequestResponse) =>
      res.statusCode < 400 && /json/.test(String(res.headers["content-type"])) && envelopeOf(res).code === 0;
    /** What changed between two snapshots that the answer does not allow. */
    const unexplained = (before: Record<string, string>, after: Record<string, string>, countedRefusal: boolean) =>
      Object.keys(after).filter((key) => after[key] !== before[key] && !(countedRefusal && COUNTED_REFUSALS.has(key)));

    // One snapshot before and after the cases of each operation; when something changed, the operation's
    // cases are sent again one by one, each between two snapshots, to name the case that changed it
    // (an accepted request may change things; a refused one may not).
    const groups = new Map<string, [number, FuzzCase][]>();
    for (const entry of cases) groups.set(entry[1].operationId, [...(groups.get(entry[1].operationId) ?? []), entry]);
    let answered = 0;
    for (const group of groups.values()) {
      // An operation fuzzed before (logout) may have ended the session: sign in again if it did.
      if ((await get("/api/admin/memberdetail/getMemberAuthority", bearer(token))).statusCode === 401) {
        token = (await login(server.app, "demo", "demo1234", OWN_ADDRESS)).token;
      }
      const before = await snapshot();
      let accepted = false;
      let countedRefusal = false;
      for (const [index, c] of group) {
        const res = await send(c);
        answered++;
        const faults = answerFaults(res);
        // Issue 20 §4b: a protected operation authenticates first: whatever is wrong with a request that
        // has no (valid) token, the answer is 401, never the validation's details. ("wrong method" is
        // another route, and a URL the router cannot read reaches no operation at all.)
        if (c.secured && !c.token && c.name !== "wrong method" && !isRouterRefusal(res) && res.statusCode !== 401)
          faults.push(`a protected operation answered ${res.statusCode} before authenticating`);
        if (faults.length) fail(index, c, faults, res);
        if (isAccepted(res)) accepted = true;
        else if (res.statusCode < 400) countedRefusal = true;
      }
      if (unexplained(before, await snapshot(), countedRefusal).length === 0) continue;
      for (const [index, c] of group) {
        const start = await snapshot();
        const res = await send(c);
        if (isAccepted(res)) continue;
        const changed = unexplained(start, await snapshot(), res.statusCode < 400);
        if (changed.length) fail(index, c, [`a refusal changed ${changed.join(", ")}`], res);
      }
      expect.soft(accepted || failures.length > 0, "a change with no accepted request is named").toBe(true);
    }
    expect(answered).toBe(cases.length);
    expect(
      failures,
      `${failures.length} of ${answered} fuzz cases failed:\n${failures.slice(0, 15).join("\n")}`,
    ).toEqual([]);
  }, 600_000);
});
