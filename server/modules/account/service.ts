import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import { ORDER_STATUS } from "../../../domain/ids.ts";
import { formatCents, formatMoney } from "../../../domain/money.ts";
import { dealItemOf, signedPrice } from "../../../domain/billing.ts";
import {
  DISTRIBUTION_TYPE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  availableCents,
  isDistributionType,
  isTimeZone,
  monthStartIn,
  monthlyLeftCents,
  monthlyLimitCents,
  priceCents,
  withinMonthlyLimit,
} from "../../../domain/subAccounts.ts";
import {
  memberAccount,
  memberBalanceCents,
  payForSale,
  reverseUnreversed,
  topUp,
  transfer,
  type TransferResult,
} from "../ledger/service.ts";
import { idempotentRequest, keyedCall } from "../ledger/idempotency.ts";
import { familyOf, readableMemberIds } from "../members/service.ts";
import { accountKey, addressKey, guessFailed, guessSucceeded, takeGuess } from "../session/loginThrottle.ts";
import { hashPassword, passwordCostOf, verifyPassword } from "../session/passwords.ts";
import type { SessionMember } from "../session/tokens.ts";
import { accountRepository, type ChildFigures, type RecentMovement } from "./repository.ts";

/**
 * The account centre and the sub-accounts (issue 22, ACCT and SUB of spec/rules.md). Every figure is
 * derived from the ledger when read (`children`), never stored; every money movement is a ledger
 * transfer in the transaction of its cause, once per Idempotency-Key.
 */

// The account centre ------------------------------------------------------------------------------

/** ACCT-014, ACCT-022: the account's info; parentId 0 for a main account (ACCT-001). */
export async function accountInfo(db: Db, member: SessionMember) {
  const repository = accountRepository(db);
  const [counters, settings, balanceCents] = [
    await repository.counters(member.memberId, await readableMemberIds(db, member.memberId), ORDER_STATUS.saved),
    await repository.settings(member.memberId),
    await memberBalanceCents(db, member.memberId),
  ];
  return {
    username: member.username,
    parentId: member.parentId ?? 0,
    headImg: settings?.headAttachmentId ? `/api/pc/attachment/${settings.headAttachmentId}` : "",
    accountBalance: formatCents(balanceCents),
    moneyType: member.moneyType,
    customerNum: counters.customerNum,
    subAccountNum: counters.subAccountNum,
    orderNum: counters.orderNum,
  };
}

/**
 * ACCT-024: `GET pc/memberCash/balance`: the account's balance from the ledger, and (x-designed) what of it
 * is reserved and available (`spendingOf`); a child with a monthly limit also gets the limit and what is left.
 */
export async function balance(db: Db, member: SessionMember) {
  const spending = await spendingOf(db, member);
  return {
    balance: formatCents(spending.balanceCents),
    moneyType: member.moneyType,
    reserved: formatCents(spending.reservedCents),
    available: formatCents(spending.availableCents),
    monthlyLimit: spending.limitCents === null ? null : formatCents(spending.limitCents),
    monthlyLeft: spending.leftCents === null ? null : formatCents(spending.leftCents),
  };
}

/** The month a main account's children's limits count in: its time zone (UTC until it sets one). */
async function familyMonthStart(db: Db, mainId: number, tx?: Transaction): Promise<Date> {
  const timeZone = (await accountRepository(db).settings(mainId, tx))?.timeZone ?? "UTC";
  return monthStartIn(new Date(), isTimeZone(timeZone) ? timeZone : "UTC");
}

/**
 * What the account can spend (issue 22, beyond the documents), every figure derived when read:
 * spendable = its balance (+ the main account's under No limit); reserved = its orders submitted and
 * waiting for money (pending); a child's monthly limit leaves the limit less its order payments of the
 * month not refunded; available = spendable - reserved, capped by what the limit leaves (domain rule).
 */
async function spendingOf(db: Db, member: SessionMember) {
  const repository = accountRepository(db);
  const balanceCents = await memberBalanceCents(db, member.memberId);
  const reservedCents = await repository.reservedCents(member.memberId, ORDER_STATUS.pending);
  const settings = member.parentId === null ? undefined : await repository.settings(member.memberId);
  const mainCents = settings?.noLimit && member.parentId !== null ? await memberBalanceCents(db, member.parentId) : 0;
  const limitCents = settings?.monthlyLimitCents ?? null;
  const monthStart = await familyMonthStart(db, member.parentId ?? member.memberId);
  const spentCents = await repository.spentSince(member.memberId, member.moneyType, monthStart);
  const leftCents = monthlyLeftCents(limitCents, spentCents);
  return {
    balanceCents,
    reservedCents,
    spentCents,
    limitCents,
    leftCents,
    availableCents: availableCents({
      spendableCents: balanceCents + mainCents,
      reservedCents,
      monthlyLeftCents: leftCents,
    }),
  };
}

/** ACCT-002 (x-designed): the avatar is an uploaded picture of the account's own. */
export async function updateHeadImg(db: Db, member: SessionMember, attachmentId: string) {
  await accountRepository(db).updateSettings(member.memberId, { headAttachmentId: attachmentId });
  return { headImg: `/api/pc/attachment/${attachmentId}` };
}

/**
 * ACCT-015, ACCT-023: changes the password. The original password is a guess, throttled on the same
 * budgets as sign-in (the account's and the address's); a wrong one is refused (1001). The new one must
 * keep the length rule and differ from the original. On success every other session (token family) of
 * the account is revoked in the same transaction; the page signs this one out after 500 ms (ACCT-016).
 */
export async function changePassword(
  db: Db,
  config: Config,
  member: SessionMember,
  body: { originalPassword: string; password: string },
  address: string,
) {
  if (body.password.length < PASSWORD_MIN_LENGTH || body.password.length > PASSWORD_MAX_LENGTH)
    throw new AppError(1002, "password.length", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  if (body.password === body.originalPassword) throw new AppError(1002, "password.sameAsOld");
  const keys = { account: accountKey(member.username), address: addressKey(address) };
  await takeGuess(db, keys, config);
  const stored = await accountRepository(db).byId(member.memberId);
  if (!stored || !(await verifyPassword(body.originalPassword, stored.passwordHash))) {
    await guessFailed(db, keys, config);
    throw new AppError(1001, "password.wrongOriginal");
  }
  await guessSucceeded(db, keys, config);
  const hash = await hashPassword(body.password, passwordCostOf(config));
  await withTransaction(db, async (tx) => {
    const repository = accountRepository(db);
    await repository.setPasswordHash(member.memberId, hash, tx);
    await repository.revokeFamilies(member.memberId, "password_changed", member.familyId, tx);
  });
  return null;
}

/**
 * ACCT-008 (x-designed): the Recharge of the account centre asks for a top-up; nothing moves until the
 * payment provider confirms it (`confirmTopUp`).
 */
export async function requestTopUp(db: Db, member: SessionMember, price: number) {
  const cents = priceCents(price);
  if (cents === null) throw new AppError(1002, "distribution.badPrice");
  const row = await accountRepository(db).insertTopUp(member.memberId, cents, member.moneyType);
  return topUpAnswer(row);
}

const topUpAnswer = (row: { id: number; amountCents: number; currency: string; status: string }) => ({
  id: row.id,
  price: formatCents(row.amountCents),
  moneyType: row.currency,
  status: row.status,
});

/**
 * ACCT-008 (x-designed): stands in for the payment provider's confirmation. Once per Idempotency-Key and
 * once per request: the money comes from the currency's `topups` account in the transaction that marks
 * the request confirmed; a confirmed request answers as it is and moves nothing.
 */
export async function confirmTopUp(db: Db, member: SessionMember, id: number, idempotencyKey?: string) {
  const request = idempotentRequest(member.memberId, idempotencyKey, "confirmTopUp", { id });
  return keyedCall(
    db,
    request,
    async () => undefined,
    async (tx) => {
      const repository = accountRepository(db);
      const row = await repository.lockTopUp(member.memberId, id, tx);
      if (!row) throw notFound("topUp.notFound", { id });
      if (row.status === "confirmed")
        return { ...topUpAnswer(row), balance: formatCents(await memberBalanceCents(tx, member.memberId)) };
      const moved = await topUp(tx, member.memberId, row.amountCents, { reference: `topup:${row.id}` });
      if (!moved.ok) throw new Error(`top-up ${row.id} could not be paid: ${moved.reason}`);
      const confirmed = await repository.confirmTopUp(row.id, moved.transferId, tx);
      return { ...topUpAnswer(confirmed), balance: formatCents(moved.creditBalanceCents) };
    },
  );
}

// Sub-accounts ------------------------------------------------------------------------------------

/**
 * SUB-017: a child's row. The figures (strings of the currency, derived from the ledger when read):
 * - balance: the child's ledger balance;
 * - allocatedAmount: Recharges (type 3) minus Take backs (types 4, 5);
 * - amountUsed: the child's order payments minus their refunds;
 * - usableAmount: what the child can spend now: its balance, plus the main account's under No limit;
 * - totalAmount: usableAmount + amountUsed (the ring is usableAmount / totalAmount, SUB-006);
 * - rechargeAmount: the main account's balance, the most a Recharge may move (SUB-028);
 * - subAmount: the child's balance, the most a Take back may move (SUB-029);
 * - (x-designed) monthlyLimit, monthlySpent (its order payments of the month not refunded), monthlyLeft,
 *   reserved (its pending orders), available (usable - reserved, capped by monthlyLeft) and recent, its
 *   last five movements.
 */
function childRow(child: ChildFigures, mainBalanceCents: number) {
  const usable = child.balanceCents + (child.noLimit ? mainBalanceCents : 0);
  const left = monthlyLeftCents(child.monthlyLimitCents, child.spentThisMonthCents);
  return {
    id: child.id,
    memberId: child.id,
    username: child.username,
    status: child.enabled ? 1 : 0,
    noLimit: child.noLimit ? 1 : 0,
    balance: formatCents(child.balanceCents),
    allocatedAmount: formatCents(child.rechargedCents - child.takenBackCents),
    amountUsed: formatCents(child.usedCents),
    usableAmount: formatCents(usable),
    totalAmount: formatCents(usable + child.usedCents),
    rechargeAmount: formatCents(mainBalanceCents),
    subAmount: formatCents(Math.max(0, child.balanceCents)),
    monthlyLimit: child.monthlyLimitCents === null ? null : formatCents(child.monthlyLimitCents),
    monthlySpent: formatCents(child.spentThisMonthCents),
    monthlyLeft: left === null ? null : formatCents(left),
    reserved: formatCents(child.reservedCents),
    available: formatCents(
      availableCents({ spendableCents: usable, reservedCents: child.reservedCents, monthlyLeftCents: left }),
    ),
    recent: child.recent.map(recentRow),
  };
}

/** A movement on a child's card: its deal item, the price signed from the child's side, the balance after it. */
const recentRow = (movement: RecentMovement) => ({
  id: movement.id,
  transferId: movement.transferId,
  dealItem: dealItemOf(movement.kind),
  price: signedPrice(movement.amountCents),
  balance: formatCents(movement.balanceAfterCents),
  dealDate: movement.createdAt.toISOString(),
  reference: movement.reference ?? "",
});

/**
 * SUB-039: `GET pc/memberCash/cashDetails`: the account itself first (its balance is the distributable
 * amount, SUB-003), then its children whose username contains `username` (SUB-002). A sub-account gets
 * only itself.
 */
export async function cashDetails(db: Db, member: SessionMember, username = "") {
  const mainBalanceCents = await memberBalanceCents(db, member.memberId);
  const children =
    member.parentId === null
      ? await accountRepository(db).children(member.memberId, member.moneyType, username.trim(), {
          monthStart: await familyMonthStart(db, member.memberId),
          pendingStatus: ORDER_STATUS.pending,
        })
      : [];
  const spending = await spendingOf(db, member);
  const self = {
    id: member.memberId,
    memberId: member.memberId,
    username: member.username,
    status: 1,
    noLimit: 0,
    balance: formatCents(mainBalanceCents),
    allocatedAmount: "0.00",
    amountUsed: "0.00",
    usableAmount: formatCents(mainBalanceCents),
    totalAmount: formatCents(mainBalanceCents),
    rechargeAmount: formatCents(mainBalanceCents),
    subAmount: "0.00",
    monthlyLimit: spending.limitCents === null ? null : formatCents(spending.limitCents),
    monthlySpent: formatCents(spending.spentCents),
    monthlyLeft: spending.leftCents === null ? null : formatCents(spending.leftCents),
    reserved: formatCents(spending.reservedCents),
    available: formatCents(spending.availableCents),
    recent: [],
  };
  return [self, ...children.map((child) => childRow(child, mainBalanceCents))];
}

/** The caller's own child, or "not found" (1003): another account's, a sibling, itself, a main account. */
async function ownChild(db: Db, member: SessionMember, childId: number, tx?: Transaction) {
  if (member.parentId !== null) throw notFound("subAccount.notFound", { id: childId });
  const { subs } = await familyOf(db, member.memberId, tx);
  const child = subs.find((row) => row.id === childId);
  if (!child) throw notFound("subAccount.notFound", { id: childId });
  return child;
}

/** The child's row as the screen shows it (its figures alone, not its siblings'), read after a change (the card and ring follow the server, SUB-006). */
async function childAnswer(db: Db, member: SessionMember, childId: number, tx?: Transaction) {
  const executor = tx ?? db;
  const mainBalanceCents = await memberBalanceCents(executor, member.memberId);
  const children = await accountRepository(db).children(
    member.memberId,
    member.moneyType,
    "",
    {
      monthStart: await familyMonthStart(db, member.memberId, tx),
      pendingStatus: ORDER_STATUS.pending,
      onlyId: childId,
    },
    tx,
  );
  const child = children.find((row) => row.id === childId)!;
  return childRow(child, mainBalanceCents);
}

/**
 * SUB-020, SUB-033, SUB-038: the main account turns a child on (1) or off (0). Off: the child's live
 * sessions end in the same transaction, it cannot sign in or pay; its balance stays. On restores it.
 */
export async function updateMemberStatus(db: Db, member: SessionMember, username: string, status: number) {
  const target = await accountRepository(db).byUsername(username);
  if (!target || target.parentId !== member.memberId || member.parentId !== null)
    throw notFound("subAccount.notFoundByName", { username });
  return withTransaction(db, async (tx) => {
    const repository = accountRepository(db);
    await repository.lockSettings(target.id, tx);
    await repository.updateSettings(target.id, { enabled: status === 1 }, tx);
    if (status !== 1) await repository.revokeFamilies(target.id, "disabled", null, tx);
    return childAnswer(db, member, target.id, tx);
  });
}

/** Whether the account may sign in and pay (SUB-020): a child its main account switched off may not. */
export async function memberEnabled(db: Db, memberId: number): Promise<boolean> {
  return (await accountRepository(db).settings(memberId))?.enabled ?? true;
}

const KIND_OF = {
  [DISTRIBUTION_TYPE.recharge]: "sub_recharge",
  [DISTRIBUTION_TYPE.takeBackAll]: "sub_take_back_all",
  [DISTRIBUTION_TYPE.takeBack]: "sub_take_back",
} as const;

/**
 * SUB-022..025, SUB-034, SUB-040: `POST pc/memberCash/balanceDistribution`, once per Idempotency-Key.
 * Recharge (3): main -> child, at most the main account's balance. Take back: child -> main, at most the
 * child's balance (subAmount); type 4 takes all of it, type 5 less. No limit (6): no money moves; from
 * then on each payment of the child is paid by the main account (`payOrderOf`). Refusals change nothing.
 */
export async function distribute(
  db: Db,
  member: SessionMember,
  body: { memberId: number; price?: number; type: number },
  idempotencyKey: string | undefined,
) {
  const request = idempotentRequest(member.memberId, idempotencyKey, "balanceDistribution", body);
  const { type } = body;
  const check = async () => {
    if (!isDistributionType(type)) throw new AppError(1002, "distribution.badType");
    await ownChild(db, member, body.memberId);
    if (type === DISTRIBUTION_TYPE.noLimit) return 0;
    const cents = body.price === undefined ? null : priceCents(body.price);
    if (cents === null) throw new AppError(1002, "distribution.badPrice");
    return cents;
  };
  return keyedCall(db, request, check, async (tx, cents) => {
    const repository = accountRepository(db);
    // One change of a child at a time (the settings row), then the accounts (the transfer locks them in id order).
    await repository.lockSettings(body.memberId, tx);
    if (type === DISTRIBUTION_TYPE.noLimit) {
      await repository.updateSettings(body.memberId, { noLimit: true }, tx);
      return childAnswer(db, member, body.memberId, tx);
    }
    const main = (await memberAccount(tx, member.memberId))!;
    const child = (await memberAccount(tx, body.memberId, { currency: main.currency }))!;
    const recharge = type === DISTRIBUTION_TYPE.recharge;
    const moved = await transfer(tx, {
      debitAccountId: recharge ? main.id : child.id,
      creditAccountId: recharge ? child.id : main.id,
      amountCents: cents,
      currency: main.currency,
      kind: KIND_OF[type as 3 | 4 | 5],
      reference: `sub:${body.memberId}`,
    });
    refuseUnless(moved, recharge ? "distribution.overRecharge" : "distribution.overTakeBack");
    if (moved.ok && !recharge) {
      // SUB-023, SUB-024: type 4 takes the whole balance, type 5 less (checked on the locked balance).
      const whole = moved.debitBalanceCents === 0;
      if (whole !== (type === DISTRIBUTION_TYPE.takeBackAll))
        throw new AppError(1002, whole ? "distribution.useTakeBackAll" : "distribution.notWholeBalance");
    }
    return childAnswer(db, member, body.memberId, tx);
  });
}

function refuseUnless(moved: TransferResult, overKey: "distribution.overRecharge" | "distribution.overTakeBack") {
  if (moved.ok) return;
  if (moved.reason === "insufficient")
    throw new AppError(1002, overKey, { available: formatCents(moved.availableCents) });
  throw new Error(`distribution refused by the ledger: ${moved.reason}`);
}

/**
 * No limit off (x-designed): the child pays from its own balance again. Nothing moves; what the main
 * account paid for it stays paid.
 */
export async function endNoLimit(db: Db, member: SessionMember, childId: number) {
  await ownChild(db, member, childId);
  return withTransaction(db, async (tx) => {
    await accountRepository(db).lockSettings(childId, tx);
    await accountRepository(db).updateSettings(childId, { noLimit: false }, tx);
    return childAnswer(db, member, childId, tx);
  });
}

/**
 * The monthly spending limit of a child (x-designed, beyond the documents): `limit` in the currency (0 or
 * more, at most two decimals), null for none. `timeZone` (the main account's browser's IANA zone) becomes
 * the main account's: its children's months start on the first at midnight there. Nothing moves; the
 * limit holds from the child's next payment (`payOrderOf`).
 */
export async function setMonthlyLimit(
  db: Db,
  member: SessionMember,
  body: { memberId: number; limit: number | null; timeZone?: string },
) {
  const cents = monthlyLimitCents(body.limit);
  if (cents === undefined) throw new AppError(1002, "monthlyLimit.bad");
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone))
    throw new AppError(1002, "monthlyLimit.badTimeZone", { timeZone: body.timeZone });
  await ownChild(db, member, body.memberId);
  return withTransaction(db, async (tx) => {
    const repository = accountRepository(db);
    await repository.lockSettings(body.memberId, tx);
    await repository.updateSettings(body.memberId, { monthlyLimitCents: cents }, tx);
    if (body.timeZone !== undefined) await repository.updateSettings(member.memberId, { timeZone: body.timeZone }, tx);
    return childAnswer(db, member, body.memberId, tx);
  });
}

// Payments of sub-accounts (called by the orders module) -------------------------------------------

/** A payment the child's monthly limit refuses: nothing moved; the limit and what is left of it, in cents. */
export interface MonthlyLimitRefusal {
  ok: false;
  reason: "monthly_limit";
  limitCents: number;
  leftCents: number;
  currency: string;
}

/** The refusal's message values: the limit and what is left, in the one money format. */
export const monthlyLimitParams = (refusal: MonthlyLimitRefusal) => ({
  limit: formatMoney(refusal.limitCents, refusal.currency, "en"),
  left: formatMoney(refusal.leftCents, refusal.currency, "en"),
});

/**
 * How an order of `memberId` is paid, in the transaction of its status change: a switched-off child may
 * not pay (SUB-020, refused 1004); a child with a monthly limit may not spend beyond it this month
 * (`monthly_limit`, nothing moved: its settings row stays locked until the payment commits, so parallel
 * payments are checked one after the other against what the ledger holds); a No-limit child's payment is
 * two linked transfers, main -> child (`sub_no_limit`) then child -> sales, under the main account's rule:
 * both or neither (type 6); anyone else pays from its own account.
 */
export async function payOrderOf(
  tx: Db,
  memberId: number,
  order: { orderCode: string; priceCents: number },
): Promise<TransferResult | MonthlyLimitRefusal> {
  const repository = accountRepository(tx);
  const settings = await repository.lockExistingSettings(memberId);
  if (settings && !settings.enabled) throw new AppError(1004, "account.disabled");
  if (settings?.monthlyLimitCents != null) {
    const { self } = await familyOf(tx, memberId);
    const currency = (await memberAccount(tx, memberId))!.currency;
    const since = await familyMonthStart(tx, self?.parentId ?? memberId);
    const spent = await repository.spentSince(memberId, currency, since);
    if (!withinMonthlyLimit(settings.monthlyLimitCents, spent, order.priceCents))
      return {
        ok: false,
        reason: "monthly_limit",
        limitCents: settings.monthlyLimitCents,
        leftCents: monthlyLeftCents(settings.monthlyLimitCents, spent)!,
        currency,
      };
  }
  if (settings?.noLimit) {
    const { self } = await familyOf(tx, memberId);
    if (self?.parentId != null) {
      const child = (await memberAccount(tx, memberId))!;
      const main = await memberAccount(tx, self.parentId, { currency: child.currency });
      if (!main) throw new Error(`no account for ${self.parentId}`);
      const leg = await transfer(tx, {
        debitAccountId: main.id,
        creditAccountId: child.id,
        amountCents: order.priceCents,
        currency: child.currency,
        kind: "sub_no_limit",
        reference: order.orderCode,
      });
      if (!leg.ok) return leg;
      const paid = await payForSale(tx, memberId, order.priceCents, { kind: "order", reference: order.orderCode });
      if (!paid.ok) throw new Error(`no-limit payment ${order.orderCode} failed after its first leg: ${paid.reason}`);
      return paid;
    }
  }
  return payForSale(tx, memberId, order.priceCents, { kind: "order", reference: order.orderCode });
}

/**
 * SUB-036: after a refund of a child's order (sales -> child), what the main account paid for it under No
 * limit goes back to the main account (its `sub_no_limit` leg reversed, child -> main). Nothing when the
 * order was paid from the child's own balance.
 */
export async function returnNoLimitLeg(tx: Db, memberId: number, orderCode: string): Promise<void> {
  const { self } = await familyOf(tx, memberId);
  if (self?.parentId == null) return;
  const child = await memberAccount(tx, memberId);
  const main = await memberAccount(tx, self.parentId, { currency: child?.currency });
  if (!main || !child) return;
  const back = await reverseUnreversed(tx, main.id, "sub_no_limit", orderCode);
  if (!back.ok && back.reason !== "transfer_not_found") throw new Error(`no-limit return failed: ${back.reason}`);
}
