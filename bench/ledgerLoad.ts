/**
 * Shared by bench/billing.ts and bench/subAccounts.ts (issue 22): a server whose demo account has
 * `children` sub-accounts and `movements` ledger transfers between it and them (the load passes are
 * bench/load.ts's). The movements are written straight into the database in one transaction (recharges main ->
 * child and take-backs child -> main, each two postings under one transfer, dated over the past year,
 * the accounts' balances equal to the sum of their postings), since a hundred thousand calls would
 * measure the writing rather than the reading. On PGlite the rows are written into a copy of the seeded
 * data directory (the smoke template, or one the server migrates and seeds first), then the server starts
 * on it; on PostgreSQL they are written while it runs.
 */
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { num } from "./options.ts";
import { startServer, type RunningServer } from "./server.ts";

/** The statements that write the family and its movements (`demo` and its new children `bench-child-<n>`). */
function ledgerSql(children: number, movements: number): string[] {
  return [
    `insert into members (username, password_hash, parent_id, display_name, money_type)
       select 'bench-child-' || g, m.password_hash, m.id, 'Bench child ' || g, 'USD'
       from generate_series(1, ${children}) g, members m where m.username = 'demo'`,
    `insert into ledger_accounts (member_id, currency)
       select id, 'USD' from members where username like 'bench-child-%'`,
    // movement g is child 1 + g % children's round g / children: rounds 3k and 3k + 1 recharge 2 cents, round
    // 3k + 2 takes back 1; a child's first round (0 or 1) is a recharge, so no balance is ever below zero
    `create temporary table bench_moves as
       select g as n,
         (select id from ledger_accounts where member_id = (select id from members where username = 'demo') and currency = 'USD') as main,
         (select a.id from ledger_accounts a join members m on m.id = a.member_id
            where m.username = 'bench-child-' || (1 + g % ${children})) as child,
         case when (g / ${children}) % 3 = 2 then 'sub_take_back' else 'sub_recharge' end as kind,
         case when (g / ${children}) % 3 = 2 then 1 else 2 end as amount,
         now() - interval '365 days' + (g * (interval '365 days' / ${movements})) as at
       from generate_series(1, ${movements}) g`,
    `insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, currency, kind, reference, created_at)
       select case when kind = 'sub_recharge' then main else child end,
              case when kind = 'sub_recharge' then child else main end,
              amount, 'USD', kind, 'bench:' || n, at
       from bench_moves order by n`,
    `insert into ledger_postings (transfer_id, account_id, side, amount_cents, currency, balance_after_cents, created_at)
       select t.id, p.account_id, p.side, p.amount, 'USD', 0, t.created_at
       from ledger_transfers t
       cross join lateral (values (t.debit_account_id, 'debit', -t.amount_cents), (t.credit_account_id, 'credit', t.amount_cents))
         as p(account_id, side, amount)
       where t.reference like 'bench:%'`,
    // the bench's own postings move the balances; the seed's accounts keep what the seed gave them
    `update ledger_accounts a set balance_cents = a.balance_cents + s.total
       from (select p.account_id, sum(p.amount_cents) as total
             from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
             where t.reference like 'bench:%' group by p.account_id) s
       where s.account_id = a.id`,
    `analyze`,
  ];
}

export interface LedgerServer {
  server: RunningServer;
  /** How long writing the movements took, ms. */
  writeMs: number;
}

/** Starts the server with demo's family of `children` and `movements` transfers (see the header). */
export async function startLedgerServer(opts: {
  port: number;
  databaseUrl?: string;
  children: number;
  movements: number;
}): Promise<LedgerServer> {
  return startServerWithRows({ ...opts, statements: ledgerSql(opts.children, opts.movements) });
}

/**
 * Starts the server with rows a benchmark writes straight into its database, in one transaction (also
 * bench/shipments.ts): on PostgreSQL while the server runs, on PGlite into a data directory of its own
 * before it starts. Answers the server and how long the writing took.
 */
export async function startServerWithRows(opts: {
  port: number;
  databaseUrl?: string;
  statements: readonly string[];
  /** Run after the commit, outside a transaction (e.g. `vacuum analyze`, as autovacuum would in time). */
  afterCommit?: readonly string[];
}): Promise<LedgerServer> {
  const { statements, afterCommit = [] } = opts;
  /** Writes the rows in one transaction, then runs `afterCommit`: how long it took, ms. */
  const write = async (exec: (sql: string) => Promise<unknown>) => {
    const started = performance.now();
    await exec("begin");
    for (const statement of statements) await exec(statement);
    await exec("commit");
    for (const statement of afterCommit) await exec(statement);
    return performance.now() - started;
  };
  if (opts.databaseUrl !== undefined) {
    const server = await startServer({ port: opts.port, databaseUrl: opts.databaseUrl });
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    try {
      return { server, writeMs: await write((sql) => client.query(sql)) };
    } finally {
      await client.end();
    }
  }
  // PGlite: a data directory of our own (a copy of the smoke template when there is one)
  const dir = mkdtempSync(join(tmpdir(), "mtm-bench-rows-"));
  const template = process.env.BENCH_DATA_TEMPLATE;
  if (template) cpSync(template, dir, { recursive: true });
  const { BENCH_DATA_TEMPLATE: _template, ...env } = process.env;
  process.env = env;
  // the template is migrated and seeded already; without one the server does it first
  if (!template) await (await startServer({ port: opts.port, env: { DATA_DIR: dir } })).stop();
  const db = new PGlite(dir);
  let writeMs: number;
  try {
    writeMs = await write((sql) => db.exec(sql));
  } finally {
    await db.close();
  }
  return { server: await startServer({ port: opts.port, env: { DATA_DIR: dir } }), writeMs };
}

/** The options of the ledger benchmarks (bench/billing.ts, bench/subAccounts.ts): the family's size. */
export const ledgerOptions = {
  movements: num(100_000, { smoke: 300, whole: true }),
  children: num(50, { smoke: 3, whole: true }),
};

/** An envelope answered code 0. */
export const answeredOk = (body: string) => {
  try {
    return (JSON.parse(body) as { code?: unknown }).code === 0;
  } catch {
    return false;
  }
};
