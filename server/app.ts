import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import { limitConnectionsPerAddress, serverTimeouts } from "./connections.ts";
import type { Db } from "./db/client.ts";
import { loggerOptions, RequestLogs } from "./logging.ts";
import { moduleHandlers } from "./modules/index.ts";
import { authPlugin } from "./plugins/auth.ts";
import { contractPlugin, contractServerOptions } from "./plugins/contract.ts";
import { dbPlugin } from "./plugins/db.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { httpPlugin } from "./plugins/http.ts";
import { i18nPlugin } from "./plugins/i18n.ts";
import { compileOnFirstUse } from "./plugins/lazyValidation.ts";
import { opsPlugin, requestIdOf } from "./plugins/ops.ts";
import { rateLimitedOperations, rateLimitPlugin } from "./plugins/rateLimit.ts";
import { staticPlugin } from "./plugins/static.ts";
import { testHooks } from "./plugins/testHooks.ts";

/**
 * The server: infrastructure plugins (server/plugins), then the modules' operations (server/modules), routed
 * and validated by the contract, then the static app.
 */
export async function buildApp(opts: {
  db: Db;
  config: Config;
  logger?: boolean;
  /** Where the log lines go (standard output by default); the tests read them. */
  logStream?: { write(line: string): void };
}): Promise<FastifyInstance> {
  const { db, config } = opts;
  const app = Fastify({
    // Secrets (the sign-in's password in its query string, tokens) never reach the log: see logging.ts.
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, opts.logStream),
    // Issue 21: one line per request, at debug (plugins/ops.ts), with the request id every line of it carries.
    logController: new RequestLogs(),
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers["x-request-id"]),
    // Behind a load balancer, the client's address (for sign-in throttling) comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A stalled request is answered 408 and closed (connections.ts).
    ...serverTimeouts(config),
    ...contractServerOptions,
    ajv: {
      customOptions: { coerceTypes: "array", removeAdditional: false, allErrors: false, allowUnionTypes: true },
      // Issue 21: each schema is compiled by the first request that needs it, not at start (lazyValidation.ts).
      plugins: [compileOnFirstUse],
    },
  });

  if (!config.trustProxy) limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);

  await app.register(dbPlugin, { db, config });
  await app.register(opsPlugin);
  await app.register(i18nPlugin);
  await app.register(httpPlugin);
  // Cookies: the trusted-device cookie of the sign-in (trustedDevice.ts) and the session cookie (sessionCookie.ts).
  await app.register(fastifyCookie);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(contractPlugin, {
    handlers: moduleHandlers({ db, config }),
    rateLimits: rateLimitedOperations(config),
  });
  if (config.testHooks) await app.register(testHooks);
  await app.register(staticPlugin, { staticDir: config.staticDir });

  return app;
}
