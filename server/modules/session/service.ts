import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { accountKey, addressKey, deviceKey, guessFailed, guessSucceeded, takeGuess } from "./loginThrottle.ts";
import { decoyHash, hashPassword, needsRehash, passwordCostOf, verifyPassword } from "./passwords.ts";
import { memberByUsername } from "../members/service.ts";
import { memberEnabled } from "../account/service.ts";
import { sessionRepository } from "./repository.ts";
import { revokeFamily, rotateRefreshToken, startSession } from "./tokens.ts";
import { hashDeviceToken, newDeviceToken } from "./trustedDevice.ts";

/** Sign-in, token refresh and sign-out. */
export function sessionService(db: Db, config: Config) {
  const repository = sessionRepository(db);
  return {
    /**
     * Signs in: throttled per account and address (a guess is taken before the password is checked); a wrong
     * name or password is one refusal (1001). `deviceToken` is the trusted-device cookie of this account, if
     * the browser has one: its guesses are counted on the device, not the account. Returns the session and
     * the device token to (re)set. `remember`: the session's refresh cookie outlives the browser (issue 20 §4).
     */
    async login(username: string, password: string, address: string, deviceToken?: string, remember = false) {
      const device = deviceToken ? await repository.trustedDevice(hashDeviceToken(deviceToken), username) : undefined;
      const keys = {
        account: device ? deviceKey(device.tokenHash) : accountKey(username),
        address: addressKey(address),
      };
      await takeGuess(db, keys, config);
      const member = await memberByUsername(db, username);
      // Unknown usernames cost the same time as wrong passwords, so names cannot be probed.
      const cost = passwordCostOf(config);
      const valid = await verifyPassword(password, member?.passwordHash ?? (await decoyHash(cost)));
      if (!member || !valid) {
        await guessFailed(db, keys, config);
        throw new AppError(1001, "login.badCredentials");
      }
      await guessSucceeded(db, keys, config);
      // SUB-020: a sub-account its main account switched off cannot sign in (the password was right).
      if (!(await memberEnabled(db, member.id))) throw new AppError(1004, "login.disabled");
      // Issue 20 §4d(e): a hash made with older parameters (N=2^14) is made again with today's, now that
      // the password is known.
      if (needsRehash(member.passwordHash, cost))
        await repository.replacePasswordHash(member.id, member.passwordHash, await hashPassword(password, cost));
      const token = device ? deviceToken! : newDeviceToken();
      await repository.trustDevice(hashDeviceToken(token), member.id, config.trustedDeviceTtlSeconds);
      const pair = await startSession(db, member.id, config, remember);
      return {
        session: { ...pair, username: member.username, isMain: member.parentId === null },
        deviceToken: token,
      };
    },

    refresh: (refreshToken: string) => rotateRefreshToken(db, refreshToken, config),

    logout: (familyId: number) => revokeFamily(db, familyId, "logout"),
  };
}
