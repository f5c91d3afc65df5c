import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The database (PGlite or PostgreSQL); its owner (main.ts, the test fixture) closes it after the app. */
    db: Db;
    config: Config;
  }
}

/** Infrastructure: the database and the configuration, shared by every module. */
export const dbPlugin = fp<{ db: Db; config: Config }>(
  async (app, opts) => {
    app.decorate("db", opts.db);
    app.decorate("config", opts.config);
  },
  { name: "db" },
);
