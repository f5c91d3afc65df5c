import { and, asc, eq } from "drizzle-orm";
import { memberAuthorities, members } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertNotLocked, clearFailures, recordFailure } from "../services/loginThrottle.ts";
import { decoyHash, verifyPassword } from "../services/passwords.ts";
import { revokeFamily, rotateRefreshToken, startSession } from "../services/tokens.ts";
import { memberOf, ok, type OperationRequest, type RouteContext } from "./context.ts";

/** Sign-in, token refresh, sign-out and the menu authorities. */
export function sessionHandlers({ db, config }: RouteContext) {
  return {
    async memberLogin(req: OperationRequest<"memberLogin">) {
      const { username, password } = req.query;
      await assertNotLocked(db, username, req.ip);
      const [member] = await db.select().from(members).where(eq(members.username, username));
      // Unknown usernames cost the same time as wrong passwords, so names cannot be probed.
      const valid = await verifyPassword(password, member?.passwordHash ?? (await decoyHash));
      if (!member || !valid) {
        await recordFailure(db, username, req.ip, config);
        throw new AppError(1001, "login.badCredentials");
      }
      await clearFailures(db, username);
      const pair = await startSession(db, member.id, config);
      return ok(req, { ...pair, username: member.username, isMain: member.parentId === null }, "login.success");
    },

    async refreshToken(req: OperationRequest<"refreshToken">) {
      return ok(req, await rotateRefreshToken(db, req.body.refreshToken, config));
    },

    async logout(req: OperationRequest<"logout">) {
      await revokeFamily(db, memberOf(req).familyId, "logout");
      return ok(req, null, "logout.success");
    },

    async getMemberAuthority(req: OperationRequest<"getMemberAuthority">) {
      const rows = await db
        .select({ code: memberAuthorities.code, name: memberAuthorities.name })
        .from(memberAuthorities)
        .where(
          and(
            eq(memberAuthorities.memberId, memberOf(req).memberId),
            eq(memberAuthorities.authorityType, req.query.authorityType ?? "MENU"),
          ),
        )
        .orderBy(asc(memberAuthorities.pos));
      return ok(req, rows);
    },
  };
}
