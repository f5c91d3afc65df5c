import cluster from "node:cluster";
import { ConfigError, LOG_LEVELS, readConfig, type Config } from "./config.ts";
import { migrationsCurrent, openDatabase, type Database } from "./db/client.ts";
import { DataDirLockedError } from "./db/dataDirLock.ts";
import { demoAccounts, seed } from "./db/seed.ts";
import { fingerprint, readServerState, writeServerState } from "./db/serverState.ts";
import { buildApp } from "./app.ts";
import { serveClusterMetrics } from "./metrics.ts";
import { startOutbox } from "./modules/messages/outbox.ts";
import { startProductionClock } from "./modules/orders/production.ts";
import { passwordCostOf } from "./modules/session/passwords.ts";

/**
 * The server process (issue 21). `npm start` runs it compiled (scripts/start.mjs: dist-server/main.js). With
 * `WORKERS=n` (PostgreSQL only) this process migrates and seeds, then starts n worker processes (node:cluster)
 * that share the port and keep nothing in memory another one needs; it starts a worker again when one dies.
 */

/** The build this process runs: scripts/build-server.mjs writes its fingerprint in; under tsx there is none. */
const BUILD_ID = process.env.MTM_BUILD_ID;

function configOrExit(): Config {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\nThe configuration is refused:\n${error.message}\n`);
    process.exit(2);
  }
}

/** What the database's opening tells (how a new PGlite database was made), at LOG_LEVEL's threshold. */
function startLog(config: Config) {
  const shown = LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(config.logLevel) + 1);
  return (level: "info" | "warn", message: string) => {
    if (config.logLevel !== "silent" && shown.includes(level)) (level === "warn" ? console.warn : console.log)(message);
  };
}

async function openOrExit(config: Config, worker: boolean): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      skipMigrations: worker,
      log: startLog(config),
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // Another process serves this data directory: say which, and touch nothing.
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}

/**
 * Seeds the database unless this build seeded it already: the seed's fingerprint (the build, its options) is
 * kept in `server_state`, so a start with existing data reads one row instead of running the seed's upgrades.
 */
async function seedOnce(database: Database, config: Config): Promise<string> {
  const options = { testData: config.testHooks, passwordCost: passwordCostOf(config) };
  const mark = BUILD_ID ? fingerprint(BUILD_ID, options.testData) : undefined;
  if (mark && (await readServerState(database.db, "seed")) === mark) return "already seeded";
  const seeded = await seed(database.db, options);
  if (mark) await writeServerState(database.db, "seed", mark);
  return seeded;
}

function banner(config: Config, database: Database, seeded: string) {
  const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  const processes = config.workers > 1 ? `, ${config.workers} processes` : "";
  console.log(`\nTailoring portal: http://localhost:${config.port}  (database: ${where}, ${seeded}${processes})`);
  console.log("Demo sign-ins:");
  for (const account of demoAccounts) console.log(`  ${account.username} / ${account.password}  (${account.role})`);
}

/** One serving process: the app on the port, the production clock, a graceful stop on SIGTERM or SIGINT. */
async function serve(config: Config, worker: boolean) {
  const database = await openOrExit(config, worker);
  const seeded = worker ? "" : await seedOnce(database, config);
  const app = await buildApp({ db: database.db, config });

  // The production simulator moves paid orders through production (PRODUCTION_STEP_SECONDS; 0: off); with
  // several processes, one of them steps per interval (an advisory lock).
  const stopProduction = startProductionClock(database.db, config.productionStepSeconds, (error) =>
    app.log.error({ err: error }, "production simulator run failed"),
  );
  // Issue 25: the contact form's outbox is retried while SMTP_URL is set (rows claimed FOR UPDATE SKIP LOCKED).
  const stopOutbox = startOutbox(database.db, config, (error) => app.log.error({ err: error }, "outbox run failed"));

  // A graceful stop: /readyz answers 503 at once, the listener closes (new connections are refused), requests in
  // flight finish (a new request on a kept-alive connection is answered 503), then the database closes. After
  // SHUTDOWN_GRACE_MS the connections still open are closed.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.draining = true;
    app.log.info({ signal }, "stopping: finishing the requests in flight");
    const force = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
    force.unref();
    try {
      await stopProduction();
      await stopOutbox();
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, "stopping failed");
      process.exit(1);
    }
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  if (!worker) banner(config, database, seeded);
}

/** The primary of `WORKERS=n`: migrates and seeds once, starts the workers, restarts one that dies. */
async function primary(config: Config) {
  const database = await openOrExit(config, false);
  if (!(await migrationsCurrent(database.db))) throw new Error("the database's migrations are not current");
  const seeded = await seedOnce(database, config);
  await database.close();
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  serveClusterMetrics();
  for (let n = 0; n < config.workers; n++) fork();
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === config.workers) banner(config, database, seeded);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    for (const worker of workers) worker?.process.kill(signal === "SIGINT" ? "SIGTERM" : signal);
    let left = workers.length;
    if (left === 0) process.exit(0);
    cluster.on("exit", () => {
      if (--left === 0) process.exit(0);
    });
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

const config = configOrExit();
if (config.workers > 1 && cluster.isPrimary) await primary(config);
else await serve(config, cluster.isWorker);
