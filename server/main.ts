import { readConfig } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { DataDirLockedError } from "./db/dataDirLock.ts";
import { demoAccounts, seed } from "./db/seed.ts";
import { buildApp } from "./app.ts";
import { startProductionClock } from "./modules/orders/production.ts";
import { passwordCostOf } from "./modules/session/passwords.ts";

const config = readConfig();
let database: Database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  // Another process serves this data directory: say which, and touch nothing.
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
const seeded = await seed(database.db, { testData: config.testHooks, passwordCost: passwordCostOf(config) });
const app = await buildApp({ db: database.db, config });

// The production simulator moves paid orders through production (PRODUCTION_STEP_SECONDS; 0: off).
const stopProduction = startProductionClock(database.db, config.productionStepSeconds, (error) =>
  app.log.error({ err: error }, "production simulator run failed"),
);

const shutdown = async () => {
  await stopProduction();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());

await app.listen({ port: config.port, host: config.host });
const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
console.log(`\nTailoring portal: http://localhost:${config.port}  (database: ${where}, ${seeded})`);
console.log("Demo sign-ins:");
for (const account of demoAccounts) console.log(`  ${account.username} / ${account.password}  (${account.role})`);
