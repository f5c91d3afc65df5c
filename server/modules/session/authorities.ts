import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { sessionRepository } from "./repository.ts";

/**
 * Authorities that allow an action rather than show a menu entry (type ACTION; `GET
 * admin/memberdetail/getMemberAuthority` answers MENU ones). QO-164: an account may lack the
 * permission to modify; ORDER_EDIT lets it change its saved or pending orders.
 */
export const ACTION = "ACTION";
export const ORDER_EDIT = "ORDER_EDIT";

/** True when the account holds the ACTION authority (what a list tells the page as `isEdit`). */
export const hasAuthority = (db: Db, memberId: number, code: typeof ORDER_EDIT): Promise<boolean> =>
  sessionRepository(db).hasAuthority(memberId, ACTION, code);

/** Refuses (code 1004, translated, nothing changes) unless the account holds the ACTION authority. */
export async function requireAuthority(db: Db, memberId: number, code: typeof ORDER_EDIT): Promise<void> {
  if (!(await hasAuthority(db, memberId, code))) throw new AppError(1004, "order.noEditPermission");
}
