import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { assertNotLocked, clearFailures, recordFailure } from "./loginThrottle.ts";
import { decoyHash, verifyPassword } from "./passwords.ts";
import { sessionRepository } from "./repository.ts";
import { revokeFamily, rotateRefreshToken, startSession } from "./tokens.ts";

/** Sign-in, token refresh, sign-out and the menu authorities. */
export function sessionService(db: Db, config: Config) {
  const repository = sessionRepository(db);
  return {
    /** Signs in: throttled per account and address; a wrong name or password is one refusal (1001). */
    async login(username: string, password: string, address: string) {
      await assertNotLocked(db, username, address);
      const member = await repository.memberByUsername(username);
      // Unknown usernames cost the same time as wrong passwords, so names cannot be probed.
      const valid = await verifyPassword(password, member?.passwordHash ?? (await decoyHash));
      if (!member || !valid) {
        await recordFailure(db, username, address, config);
        throw new AppError(1001, "login.badCredentials");
      }
      await clearFailures(db, username);
      const pair = await startSession(db, member.id, config);
      return { ...pair, username: member.username, isMain: member.parentId === null };
    },

    refresh: (refreshToken: string) => rotateRefreshToken(db, refreshToken, config),

    logout: (familyId: number) => revokeFamily(db, familyId, "logout"),

    menuAuthorities: (memberId: number, authorityType: string) => repository.authorities(memberId, authorityType),
  };
}
