import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { sessionRepository } from "./repository.ts";

export interface ThrottleLimits {
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowSeconds: number;
  loginLockSeconds: number;
}

/**
 * The budgets one sign-in draws on: its address, and either its account (`user:<name>`) or, for a browser the
 * account trusts (a device cookie), that device's own budget (`device:<token hash>`), so others' wrong guesses
 * on the account never lock its owner out of a browser they signed in from before.
 */
export interface GuessKeys {
  account: string;
  address: string;
}

export const accountKey = (username: string) => `user:${username.toLowerCase()}`;
export const deviceKey = (tokenHash: string) => `device:${tokenHash}`;
export const addressKey = (address: string) => `ip:${address}`;

async function refusal(db: Db, key: string, limits: ThrottleLimits): Promise<AppError> {
  const lockedUntil = await sessionRepository(db).lockedUntil(key);
  // Locked: until the lock ends. Full but not yet locked (its last guesses are being checked): a whole lock.
  const ms =
    lockedUntil && lockedUntil.getTime() > Date.now()
      ? lockedUntil.getTime() - Date.now()
      : limits.loginLockSeconds * 1000;
  return new AppError(429, "login.locked", { minutes: Math.max(1, Math.ceil(ms / 60_000)) }, 429);
}

/**
 * SHELL-111: takes one guess from the account's (or device's) budget and one from the address's, atomically and
 * before the password is checked; refuses with HTTP 429 when either is locked or spent. So at most
 * `loginMaxFailuresPerAccount` guesses per account and `loginMaxFailuresPerAddress` per address are ever
 * checked in a window, however many arrive at once.
 */
export async function takeGuess(db: Db, keys: GuessKeys, limits: ThrottleLimits): Promise<void> {
  const repository = sessionRepository(db);
  const window = limits.loginFailureWindowSeconds;
  if ((await repository.takeGuess(keys.account, limits.loginMaxFailuresPerAccount, window)) === undefined)
    throw await refusal(db, keys.account, limits);
  if ((await repository.takeGuess(keys.address, limits.loginMaxFailuresPerAddress, window)) === undefined) {
    // Refused by its address, the guess was never checked: the account gets it back.
    await repository.giveBackGuess(keys.account, limits.loginMaxFailuresPerAccount);
    throw await refusal(db, keys.address, limits);
  }
}

/** The guess was wrong: a key whose budget is spent is locked for `loginLockSeconds`. */
export async function guessFailed(db: Db, keys: GuessKeys, limits: ThrottleLimits): Promise<void> {
  const repository = sessionRepository(db);
  await repository.lockIfFull(keys.account, limits.loginMaxFailuresPerAccount, limits.loginLockSeconds);
  await repository.lockIfFull(keys.address, limits.loginMaxFailuresPerAddress, limits.loginLockSeconds);
}

/** The guess was right: the account's (or device's) count starts again; the address gets its guess back. */
export async function guessSucceeded(db: Db, keys: GuessKeys, limits: ThrottleLimits): Promise<void> {
  const repository = sessionRepository(db);
  await repository.clearLoginFailures(keys.account);
  await repository.giveBackGuess(keys.address, limits.loginMaxFailuresPerAddress);
}
