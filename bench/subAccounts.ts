/**
 * The sub-account page and balance distribution of a main account with many children (issue 22).
 *
 *   node --import tsx bench/subAccounts.ts                                    # npm run bench:subAccounts
 *   DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db npm run bench:subAccounts  # against PostgreSQL
 *   options: --port <n> (4189)  --connections <n> (50)  --writers <n> (10)  --duration <s> (10)
 *            --warmup <s> (2)  --movements <n> (100000)  --children <n> (50)  --database-url <url>
 *
 * Starts the real server with demo's family of <children> sub-accounts and <movements> transfers
 * (bench/ledgerLoad.ts), signs in as demo, then:
 *
 *   cards          GET pc/memberCash/cashDetails: every child's figures, limit and last five movements
 *                  (one statement for all cards), at <connections> and at one connection (CPU per read);
 *   distributions  POST pc/memberCash/balanceDistribution from <writers> connections for <duration> s:
 *                  Recharges of 0.01 (type 3) and Take backs of 0.01 (type 5) spread over the children,
 *                  each with its own Idempotency-Key. Afterwards the family's money must be whole (the sum
 *                  of demo's and its children's balances unchanged: distributions only move it within the
 *                  family) and no balance below zero, else the benchmark fails.
 *
 * Goal (issue 22): 100 distributions a second sustained without breaking an invariant; the cards' p99
 * beside the lists' 50 ms. Reported, never asserted. Figures go to bench/results/subAccounts.json (PGlite)
 * or subAccounts-postgres.json.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import {
  describeDatabase,
  expectFigures,
  isSmoke,
  machine,
  numberOption,
  option,
  resultsFile,
  root,
  round,
  signIn,
} from "./server.ts";
import { answeredOk, loadPass, startLedgerServer } from "./ledgerLoad.ts";

const atStart = machine();
const args = process.argv.slice(2);
const smoke = isSmoke(args);
const port = numberOption(args, "--port", 4189);
const connections = smoke ? 4 : Math.round(numberOption(args, "--connections", 50));
const writers = smoke ? 2 : Math.round(numberOption(args, "--writers", 10));
const durationS = smoke ? 1 : numberOption(args, "--duration", 10);
const warmupS = smoke ? 0.5 : numberOption(args, "--warmup", 2);
const movements = smoke ? 300 : Math.round(numberOption(args, "--movements", 100_000));
const children = smoke ? 3 : Math.round(numberOption(args, "--children", 50));
const databaseUrl = option(args, "--database-url") ?? (process.env.DATABASE_URL || undefined);
const database = describeDatabase(databaseUrl);
const resultsPath = resultsFile(databaseUrl ? "subAccounts-postgres.json" : "subAccounts.json", smoke);

interface Row {
  id: number;
  username: string;
  balance: string;
}
const cents = (money: string) => Math.round(Number(money) * 100);

async function main() {
  console.log(`> ${movements} movements between demo and ${children} children (${database})`);
  const { server, writeMs } = await startLedgerServer({ port, databaseUrl, children, movements });
  try {
    const token = await signIn(server.baseUrl);
    const rowsOf = async () => {
      const res = await fetch(`${server.baseUrl}/api/pc/memberCash/cashDetails`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { code: number; data: Row[] };
      if (body.code !== 0) throw new Error(`cashDetails answered ${JSON.stringify(body).slice(0, 200)}`);
      return body.data;
    };
    const family = (rows: Row[]) => rows.reduce((sum, row) => sum + cents(row.balance), 0);
    const before = await rowsOf();
    const benchChildren = before.filter((row) => row.username.startsWith("bench-child-"));
    if (benchChildren.length !== children) throw new Error(`cashDetails lists ${benchChildren.length} bench children`);

    const passes = [];
    for (const conns of connections === 1 ? [1] : [connections, 1]) {
      console.log(`> cards: ${conns} connection(s), ${warmupS} s warm-up + ${durationS} s`);
      passes.push({
        read: "cards",
        ...(await loadPass(server, token, {
          connections: conns,
          warmupS,
          durationS,
          path: () => "/api/pc/memberCash/cashDetails",
          check: answeredOk,
        })),
      });
    }

    console.log(`> distributions: ${writers} connection(s), ${warmupS} s warm-up + ${durationS} s`);
    const distributions = await loadPass(server, token, {
      connections: writers,
      warmupS,
      durationS,
      path: () => "/api/pc/memberCash/balanceDistribution",
      post: (i) => ({
        body: JSON.stringify({
          memberId: benchChildren[i % benchChildren.length]!.id,
          price: 0.01,
          type: i % 2 ? 5 : 3,
        }),
        headers: { "idempotency-key": randomUUID() },
      }),
      // a Take back the child cannot afford is a refusal, not a fault: both count as answered
      check: (body) => {
        const code = (JSON.parse(body) as { code: unknown }).code;
        return code === 0 || code === 1002;
      },
    });
    const after = await rowsOf();
    const invariants = {
      familyCentsBefore: family(before),
      familyCentsAfter: family(after),
      negativeBalances: after.filter((row) => cents(row.balance) < 0).length,
    };
    if (invariants.familyCentsAfter !== invariants.familyCentsBefore || invariants.negativeBalances > 0)
      throw new Error(`an invariant broke: ${JSON.stringify(invariants)}`);

    console.log(`\nSub-accounts, ${database} (${atStart.cores} cores, load ${atStart.loadAverage[0]}):`);
    console.log(`  writing ${movements} movements took ${round(writeMs / 1000, 1)} s`);
    for (const pass of passes)
      console.log(
        `  cards          ${String(pass.connections).padStart(3)} conns  ${String(pass.requestsPerSecond).padStart(6)} req/s  p50 ${pass.p50} ms  p99 ${pass.p99} ms  server CPU ${pass.serverCpuMsPerRequest} ms/read  errors ${pass.errors}`,
      );
    console.log(
      `  distributions  ${String(writers).padStart(3)} conns  ${String(distributions.requestsPerSecond).padStart(6)} /s     p50 ${distributions.p50} ms  p99 ${distributions.p99} ms  server CPU ${distributions.serverCpuMsPerRequest} ms/call  errors ${distributions.errors}`,
    );
    console.log(`  the family's money whole (${invariants.familyCentsAfter} cents), no balance below zero`);
    writeResults({
      generatedAt: new Date().toISOString(),
      machine: atStart,
      database,
      settings: { port, connections, writers, durationS, warmupS, movements, children },
      writeMs: round(writeMs),
      passes,
      distributions,
      invariants,
    });
    if (smoke) {
      for (const pass of passes)
        expectFigures(`cards, ${pass.connections} connection(s)`, { requests: pass.requests || NaN, p99: pass.p99 });
      expectFigures("distributions", {
        requests: distributions.requests || NaN,
        perSecond: distributions.requestsPerSecond,
        p99: distributions.p99,
      });
    }
  } finally {
    await server.stop();
  }
}

function writeResults(data: unknown): void {
  mkdirSync(dirname(resultsPath), { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nResults written to ${relative(root, resultsPath)}`);
}

try {
  await main();
  process.exitCode = 0;
} catch (err) {
  console.error("! subAccounts benchmark failed:", err);
  writeResults({ generatedAt: new Date().toISOString(), machine: atStart, database, error: String(err) });
  process.exitCode = 1;
}
