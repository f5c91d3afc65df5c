import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
const KEY_LENGTH = 32;

/** scrypt's cost: N = 2^log2N, block size r, parallelism p. */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/**
 * Issue 20 §4d(e): today's recommendation (OWASP: N=2^17, r=8, p=1; 128 MiB and a few hundred ms a hash).
 * PASSWORD_SCRYPT_LOG2_N may lower N for tests only; production keeps this default.
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = { log2N: 17, r: 8, p: 1 };
/** The cost the configuration asks for (PASSWORD_SCRYPT_LOG2_N; r and p as recommended). */
export const passwordCostOf = (config: { passwordScryptLog2N: number }): ScryptCost => ({
  ...DEFAULT_SCRYPT_COST,
  log2N: config.passwordScryptLog2N,
});

/** What hashes without parameters were made with (Node's default cost). */
const LEGACY_COST: ScryptCost = { log2N: 14, r: 8, p: 1 };

/** scrypt needs 128·N·r bytes; Node refuses more than maxmem (32 MiB by default), so it is raised to fit. */
const optionsOf = (cost: ScryptCost): ScryptOptions => ({
  N: 2 ** cost.log2N,
  r: cost.r,
  p: cost.p,
  maxmem: 2 * 128 * 2 ** cost.log2N * cost.r,
});

/** `scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt hex>$<key hex>`: the parameters are stored with the hash. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, optionsOf(cost));
  return `scrypt$ln=${cost.log2N},r=${cost.r},p=${cost.p}$${salt.toString("hex")}$${key.toString("hex")}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

/** A stored hash: the current form with its parameters, or the earlier `scrypt$<salt>$<key>` (N=2^14). */
function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts[0] !== "scrypt") return null;
  let cost = LEGACY_COST;
  let [saltHex, keyHex] = parts.slice(1);
  if (parts.length === 4) {
    const params = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(parts[1]!);
    if (!params) return null;
    cost = { log2N: Number(params[1]), r: Number(params[2]), p: Number(params[3]) };
    [saltHex, keyHex] = parts.slice(2);
  } else if (parts.length !== 3) return null;
  if (!saltHex || !keyHex) return null;
  return { cost, salt: Buffer.from(saltHex, "hex"), key: Buffer.from(keyHex, "hex") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.key.length, optionsOf(parsed.cost));
  return timingSafeEqual(parsed.key, actual);
}

/** Whether a stored hash was made with other parameters than `cost` (it is hashed again at the next sign-in). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.cost.log2N !== cost.log2N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
}

const decoys = new Map<string, Promise<string>>();
/** A hash of a password nobody has, at `cost`, so unknown usernames cost the same time as known ones. */
export function decoyHash(cost: ScryptCost): Promise<string> {
  const key = `${cost.log2N},${cost.r},${cost.p}`;
  let decoy = decoys.get(key);
  if (!decoy) decoys.set(key, (decoy = hashPassword(randomBytes(16).toString("hex"), cost)));
  return decoy;
}
