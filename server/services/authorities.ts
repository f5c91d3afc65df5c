import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { memberAuthorities } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/**
 * Authorities that allow an action rather than show a menu entry (type ACTION; `GET
 * admin/memberdetail/getMemberAuthority` answers MENU ones). QO-164: an account may lack the
 * permission to modify; ORDER_EDIT lets it change its saved or pending orders.
 */
export const ACTION = "ACTION";
export const ORDER_EDIT = "ORDER_EDIT";

/** Refuses (code 1004, translated, nothing changes) unless the account holds the ACTION authority. */
export async function requireAuthority(db: Db, memberId: number, code: typeof ORDER_EDIT): Promise<void> {
  const [row] = await db
    .select({ code: memberAuthorities.code })
    .from(memberAuthorities)
    .where(
      and(
        eq(memberAuthorities.memberId, memberId),
        eq(memberAuthorities.authorityType, ACTION),
        eq(memberAuthorities.code, code),
      ),
    );
  if (!row) throw new AppError(1004, "order.noEditPermission");
}
