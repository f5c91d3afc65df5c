/**
 * The billing ledger and the allocation details of an account with a long history (issue 22).
 *
 *   node --import tsx bench/billing.ts                                    # npm run bench:billing
 *   DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db npm run bench:billing  # against PostgreSQL
 *   options: --port <n> (4188)  --connections <n> (50)  --duration <s> (10)  --warmup <s> (2)
 *            --movements <n> (100000)  --children <n> (50)  --database-url <url> (default: $DATABASE_URL)
 *
 * Starts the real server with demo's family of <children> sub-accounts and <movements> transfers between
 * demo and them (bench/ledgerLoad.ts: 2 × <movements> postings), signs in as demo, and for each read keeps
 * <connections> keep-alive connections busy (closed loop) for <warmup> s unrecorded and <duration> s
 * recorded, then again with one connection (the CPU per read):
 *
 *   billing        GET pc/memberDeal (the first page of 20, every movement of the family)
 *   billing deep   GET pc/memberDeal?pageNum=<the last page the first page's pager offers (its capped count)>
 *   billing child  GET pc/memberDeal?memberId=<a child>&dealItem=3 (a filter)
 *   allocations    GET pc/memberDeal/allocationDetails (the first page of 20)
 *   alloc. child   GET pc/memberDeal/allocationDetails?memberId=<a child>
 *
 * Goal (issue 22): p99 <= 50 ms at 50 connections on PostgreSQL. Reported, never asserted: the process
 * exits 0 unless the server cannot be started or answers wrongly. Figures go to bench/results/billing.json
 * (PGlite) or billing-postgres.json.
 */
import { answeredOk, ledgerOptions, startLedgerServer } from "./ledgerLoad.ts";
import {
  acceptJson,
  call,
  connectionCounts,
  data,
  expectPassFigures,
  loadOptions,
  passOn,
  printServerFigures,
  serverFigures,
  settingsOf,
} from "./load.ts";
import { num } from "./options.ts";
import { round, runBenchmark, signIn, writeResults } from "./server.ts";

const options = loadOptions("billing", { port: num(4188), ...ledgerOptions });
const { movements, children, smoke, database, resultsPath, atStart } = options;

async function main() {
  console.log(`> ${movements} movements between demo and ${children} children (${database})`);
  const { server, writeMs } = await startLedgerServer(options);
  try {
    const token = await signIn(server.baseUrl);
    const members = await data<Array<{ id: number; username: string }>>(
      server.baseUrl,
      token,
      "/api/pc/member/findAllSubAccount?isContainsSelf=0",
    );
    const child = members.find((m) => m.username === "bench-child-1");
    if (!child) throw new Error("the bench children were not written");
    const first = (await call(server.baseUrl, token, "/api/pc/memberDeal")).body;
    const total = first.total ?? 0;
    // the count stops 1,000 rows past the page (capped): all the movements, or the cap and "more"
    if (!first.totalCapped && total < movements * 2) throw new Error(`memberDeal counts ${total} movements`);
    const middle = Math.max(1, Math.floor(total / 20));
    const reads: Array<[string, string]> = [
      ["billing", "/api/pc/memberDeal"],
      ["billing deep", `/api/pc/memberDeal?pageNum=${middle}`],
      ["billing child", `/api/pc/memberDeal?memberId=${child.id}&dealItem=3`],
      ["allocations", "/api/pc/memberDeal/allocationDetails"],
      ["alloc. child", `/api/pc/memberDeal/allocationDetails?memberId=${child.id}`],
    ];
    const pass = passOn(server, token, options);
    const passes = [];
    for (const [name, path] of reads)
      for (const connections of connectionCounts(options.connections)) {
        const figures = await pass({ name, connections, path: () => path, headers: acceptJson, check: answeredOk });
        passes.push({ read: name, path, ...serverFigures(figures) });
      }
    console.log(`\nBilling reads, ${database} (${atStart.cores} cores, load ${atStart.loadAverage[0]}):`);
    console.log(`  writing ${movements} movements took ${round(writeMs / 1000, 1)} s`);
    printServerFigures(
      "read",
      passes.map((pass) => ({ name: pass.read, ...pass })),
    );
    writeResults(resultsPath, {
      generatedAt: new Date().toISOString(),
      machine: atStart,
      database,
      settings: { ...settingsOf(options), movements, children, postings: total },
      writeMs: round(writeMs),
      passes,
    });
    if (smoke)
      for (const pass of passes)
        expectPassFigures(`${pass.read}, ${pass.connections} connection(s)`, pass, {
          errorsNone: pass.errors === 0 ? 0 : NaN,
        });
  } finally {
    await server.stop();
  }
}

await runBenchmark("billing", main, { path: resultsPath, figures: { machine: atStart, database } });
