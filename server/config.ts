/** Server configuration, read once from the environment. Every limit has a safe default. */
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
  logLevel: string;
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
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function nonNegativeIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be 0 or a positive integer, got "${raw}"`);
  return value;
}

function scryptLog2NFromEnv(env: NodeJS.ProcessEnv): number {
  const value = intFromEnv(env, "PASSWORD_SCRYPT_LOG2_N", 17);
  if (value < 10 || value > 20) throw new Error(`PASSWORD_SCRYPT_LOG2_N must be 10 to 20, got "${value}"`);
  return value;
}

function testHooksFromEnv(env: NodeJS.ProcessEnv): boolean {
  const raw = env.TEST_HOOKS ?? "";
  if (raw === "" || raw === "0" || raw === "false") return false;
  if (raw !== "1" && raw !== "true") throw new Error(`TEST_HOOKS must be 1 or 0, got "${raw}"`);
  if (env.NODE_ENV === "production")
    throw new Error("TEST_HOOKS is for tests only; it is refused when NODE_ENV=production");
  return true;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: intFromEnv(env, "PORT", 8080),
    host: env.HOST ?? "0.0.0.0",
    dataDir: env.DATA_DIR ?? "./.data",
    databaseUrl: env.DATABASE_URL || undefined,
    accessTokenTtlSeconds: intFromEnv(env, "ACCESS_TOKEN_TTL_SECONDS", 900),
    refreshTokenTtlSeconds: intFromEnv(env, "REFRESH_TOKEN_TTL_SECONDS", 30 * 24 * 3600),
    loginMaxFailuresPerAccount: intFromEnv(env, "LOGIN_MAX_FAILURES_PER_ACCOUNT", 5),
    loginMaxFailuresPerAddress: intFromEnv(env, "LOGIN_MAX_FAILURES_PER_ADDRESS", 20),
    loginFailureWindowSeconds: intFromEnv(env, "LOGIN_FAILURE_WINDOW_SECONDS", 900),
    loginLockSeconds: intFromEnv(env, "LOGIN_LOCK_SECONDS", 900),
    trustedDeviceTtlSeconds: intFromEnv(env, "TRUSTED_DEVICE_TTL_SECONDS", 90 * 24 * 3600),
    passwordScryptLog2N: scryptLog2NFromEnv(env),
    uploadQuotaBytes: intFromEnv(env, "UPLOAD_QUOTA_MB", 50) * 1024 * 1024,
    uploadQuotaFiles: intFromEnv(env, "UPLOAD_QUOTA_FILES", 500),
    uploadMaxPictureSide: intFromEnv(env, "UPLOAD_MAX_PICTURE_SIDE", 10_000),
    uploadDecodeConcurrency: intFromEnv(env, "UPLOAD_DECODE_CONCURRENCY", 2),
    staticDir: env.STATIC_DIR,
    logLevel: env.LOG_LEVEL ?? "info",
    requestTimeoutMs: intFromEnv(env, "REQUEST_TIMEOUT_MS", 60_000),
    headersTimeoutMs: intFromEnv(env, "HEADERS_TIMEOUT_MS", 15_000),
    maxConnectionsPerAddress: nonNegativeIntFromEnv(env, "MAX_CONNECTIONS_PER_ADDRESS", 64),
    trustProxy: env.TRUST_PROXY === "true" ? true : env.TRUST_PROXY || false,
    testHooks: testHooksFromEnv(env),
    productionStepSeconds: nonNegativeIntFromEnv(env, "PRODUCTION_STEP_SECONDS", 600),
  };
}
