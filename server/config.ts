import { z } from "zod";

/** Server configuration, read once from the environment through `envSchema`. Every limit has a safe default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowSeconds: number;
  loginLockSeconds: number;
  /** How long a browser that signed in stays a trusted device of the account (its cookie's lifetime). */
  trustedDeviceTtlSeconds: number;
  /**
   * scrypt's cost for password hashes, log2 of N (17 by default, today's recommendation; r=8, p=1). Tests lower
   * it to keep sign-ins fast. Hashes made with other parameters are made again at the next sign-in.
   */
  passwordScryptLog2N: number;
  /** Each account's uploads: total stored bytes and number of files. */
  uploadQuotaBytes: number;
  uploadQuotaFiles: number;
  /** An uploaded picture's longest side in pixels, read from its header before it is decoded. */
  uploadMaxPictureSide: number;
  /** How many uploaded pictures the process decodes at once (the others wait their turn). */
  uploadDecodeConcurrency: number;
  staticDir?: string;
  /** pino's level; every request is logged at `debug` (issue 21), so the default `info` logs none of them. */
  logLevel: LogLevel;
  /**
   * Issue 20 §4d(c): the longest a client may take to send a whole request (headers and body), and its headers
   * alone; a request that stalls is answered 408 and its connection closed.
   */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** Open connections one address may hold at once (not applied behind a trusted proxy); 0 switches it off. */
  maxConnectionsPerAddress: number;
  /** Proxies whose X-Forwarded-For is trusted: `true`, or their addresses/CIDRs; false by default. */
  trustProxy: boolean | string;
  /**
   * Test-only calls under /api/__test/ (expire a session's access token on demand), so the browser tests
   * never wait for a clock. Off by default; refused when NODE_ENV is production.
   */
  testHooks: boolean;
  /**
   * The production simulator (server/modules/orders/production.ts): every submitted or in-production
   * order moves one step after this many seconds in its status; 0 switches it off.
   */
  productionStepSeconds: number;
  /** Issue 21: server processes (node:cluster) on one PostgreSQL; more than 1 needs DATABASE_URL. */
  workers: number;
  /** A graceful stop (SIGTERM) waits this long for the requests in flight before it closes their connections. */
  shutdownGraceMs: number;
  /** Per account and minute: spreadsheet exports (exportOrderList) and uploads (uploadAttachment); 0: no limit. */
  exportRateLimitPerMinute: number;
  uploadRateLimitPerMinute: number;
  /** Issue 25: the contact form's mail server (smtp:// or smtps://, user and password in the URL); unset: the outbox keeps the messages. */
  smtpUrl?: string;
  /** The sender of the contact form's mails, and the provider's mailbox they go to. */
  mailFrom: string;
  contactMailTo: string;
  /** How often the outbox tries the messages the mail server did not take yet; 0: only when a message is sent. */
  outboxRetrySeconds: number;
  /** Contact form messages per address and hour; 0: no limit. */
  contactRateLimitPerHour: number;
  /** D-17, CUST-008: the usernames allowed to import customers by CSV (comma-separated; the two demo main accounts by default). */
  csvImportAccounts: readonly string[];
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A whole number from a variable's text; `min` names the smallest allowed (1: positive, 0: non-negative). */
const integer = (fallback: number, min: 0 | 1, max?: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === "") return fallback;
      const value = Number(raw);
      const what = min === 1 ? "a positive integer" : "0 or a positive integer";
      if (!Number.isInteger(value) || value < min) {
        ctx.addIssue({ code: "custom", message: `must be ${what}, got "${raw}"` });
        return z.NEVER;
      }
      if (max !== undefined && value > max) {
        ctx.addIssue({ code: "custom", message: `must be ${min} to ${max}, got "${raw}"` });
        return z.NEVER;
      }
      return value;
    });

const testHooksFlag = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === "" || raw === "0" || raw === "false") return false;
    if (raw !== "1" && raw !== "true") {
      ctx.addIssue({ code: "custom", message: `must be 1 or 0, got "${raw}"` });
      return z.NEVER;
    }
    return true;
  });

/**
 * Issue 21: every variable the server reads, checked once at start. A wrong value stops the start with a message
 * naming the variable and the value (`PORT must be a positive integer, got "abc"`).
 */
const envSchema = z.object({
  PORT: integer(8080, 1, 65535),
  HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((raw) => !raw || /^postgres(ql)?:\/\//.test(raw), {
      message: "must be a postgres:// or postgresql:// URL",
    }),
  ACCESS_TOKEN_TTL_SECONDS: integer(900, 1),
  REFRESH_TOKEN_TTL_SECONDS: integer(30 * 24 * 3600, 1),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: integer(5, 1),
  LOGIN_MAX_FAILURES_PER_ADDRESS: integer(20, 1),
  LOGIN_FAILURE_WINDOW_SECONDS: integer(900, 1),
  LOGIN_LOCK_SECONDS: integer(900, 1),
  TRUSTED_DEVICE_TTL_SECONDS: integer(90 * 24 * 3600, 1),
  PASSWORD_SCRYPT_LOG2_N: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === "") return 17;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < 10 || value > 20) {
        ctx.addIssue({ code: "custom", message: `must be 10 to 20, got "${raw}"` });
        return z.NEVER;
      }
      return value;
    }),
  UPLOAD_QUOTA_MB: integer(50, 1),
  UPLOAD_QUOTA_FILES: integer(500, 1),
  UPLOAD_MAX_PICTURE_SIDE: integer(10_000, 1),
  UPLOAD_DECODE_CONCURRENCY: integer(2, 1),
  STATIC_DIR: z.string().optional(),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === "") return "info" as LogLevel;
      if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
        ctx.addIssue({ code: "custom", message: `must be one of ${LOG_LEVELS.join(", ")}, got "${raw}"` });
        return z.NEVER;
      }
      return raw as LogLevel;
    }),
  REQUEST_TIMEOUT_MS: integer(60_000, 1),
  HEADERS_TIMEOUT_MS: integer(15_000, 1),
  MAX_CONNECTIONS_PER_ADDRESS: integer(64, 0),
  TRUST_PROXY: z.string().optional(),
  TEST_HOOKS: testHooksFlag,
  NODE_ENV: z.string().optional(),
  PRODUCTION_STEP_SECONDS: integer(600, 0),
  WORKERS: integer(1, 1, 64),
  SHUTDOWN_GRACE_MS: integer(10_000, 0),
  EXPORT_RATE_LIMIT_PER_MINUTE: integer(10, 0),
  UPLOAD_RATE_LIMIT_PER_MINUTE: integer(60, 0),
  SMTP_URL: z
    .string()
    .optional()
    .refine((raw) => !raw || /^smtps?:\/\/[^\s]+$/.test(raw), { message: "must be an smtp:// or smtps:// URL" }),
  MAIL_FROM: z.string().optional(),
  CONTACT_MAIL_TO: z.string().optional(),
  OUTBOX_RETRY_SECONDS: integer(30, 0),
  CONTACT_RATE_LIMIT_PER_HOUR: integer(10, 0),
  CSV_IMPORT_ACCOUNTS: z.string().optional().default("demo,acme"),
});

/** The message of a refused configuration: one line per wrong variable, each naming it. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(lines.join("\n"));
  }
  const e = parsed.data;
  const refuse = (message: string) => {
    throw new ConfigError(message);
  };
  if (e.TEST_HOOKS && e.NODE_ENV === "production")
    refuse("TEST_HOOKS is for tests only; it is refused when NODE_ENV=production");
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    refuse(`WORKERS must be 1 without DATABASE_URL (PGlite's data directory has one writer), got "${e.WORKERS}"`);
  return {
    port: e.PORT,
    host: e.HOST ?? "0.0.0.0",
    dataDir: e.DATA_DIR ?? "./.data",
    databaseUrl: e.DATABASE_URL || undefined,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginFailureWindowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
    loginLockSeconds: e.LOGIN_LOCK_SECONDS,
    trustedDeviceTtlSeconds: e.TRUSTED_DEVICE_TTL_SECONDS,
    passwordScryptLog2N: e.PASSWORD_SCRYPT_LOG2_N,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    uploadQuotaFiles: e.UPLOAD_QUOTA_FILES,
    uploadMaxPictureSide: e.UPLOAD_MAX_PICTURE_SIDE,
    uploadDecodeConcurrency: e.UPLOAD_DECODE_CONCURRENCY,
    staticDir: e.STATIC_DIR,
    logLevel: e.LOG_LEVEL,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    trustProxy: e.TRUST_PROXY === "true" ? true : e.TRUST_PROXY || false,
    testHooks: e.TEST_HOOKS,
    productionStepSeconds: e.PRODUCTION_STEP_SECONDS,
    workers: e.WORKERS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    exportRateLimitPerMinute: e.EXPORT_RATE_LIMIT_PER_MINUTE,
    uploadRateLimitPerMinute: e.UPLOAD_RATE_LIMIT_PER_MINUTE,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || "MTM portal <portal@localhost>",
    contactMailTo: e.CONTACT_MAIL_TO || "service@localhost",
    outboxRetrySeconds: e.OUTBOX_RETRY_SECONDS,
    contactRateLimitPerHour: e.CONTACT_RATE_LIMIT_PER_HOUR,
    csvImportAccounts: e.CSV_IMPORT_ACCOUNTS.split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  };
}
