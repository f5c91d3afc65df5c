/**
 * Balance distribution between a main account and its sub-accounts (001 §4, §5; issue 22). Pure rules,
 * called by the `balanceDistribution` machine's guards and by the server's checks alike. Amounts are
 * integer cents.
 */

/** SUB-022..025: the balance action types of `POST pc/memberCash/balanceDistribution`. */
export const DISTRIBUTION_TYPE = { recharge: 3, takeBackAll: 4, takeBack: 5, noLimit: 6 } as const;
export type DistributionType = (typeof DISTRIBUTION_TYPE)[keyof typeof DISTRIBUTION_TYPE];

/** What the user chose on a child's card: the modal's three actions. */
export type DistributionAction = "recharge" | "takeBack" | "noLimit";

export const isDistributionType = (type: number): type is DistributionType =>
  type >= 3 && type <= 6 && Number.isInteger(type);

/** The most an amount may be: 1e10 cents (a hundred million in the currency); beyond is refused as out of range. */
export const MAX_DISTRIBUTION_CENTS = 10_000_000_000;

/**
 * The price typed in the modal (a decimal with at most two places, > 0) as cents, or null when it is not one
 * (empty, text, negative, zero, a fraction of a cent, too large).
 */
export function distributionCents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_DISTRIBUTION_CENTS ? cents : null;
}

/** The price as the server takes it (SUB-031, a number in the currency): cents of a JSON number, or null. */
export function priceCents(price: number): number | null {
  if (!Number.isFinite(price)) return null;
  const cents = Math.round(price * 100);
  // A fraction of a cent is refused, not rounded.
  if (Math.abs(cents - price * 100) > 1e-6) return null;
  return cents > 0 && cents <= MAX_DISTRIBUTION_CENTS ? cents : null;
}

/** SUB-026, SUB-027: Recharge and Take back need an amount; No limit has none (SUB-030). */
export const needsAmount = (action: DistributionAction): boolean => action !== "noLimit";

/** SUB-028, SUB-029: the most the action may move: rechargeAmount for Recharge, subAmount for Take back. */
export const limitOf = (
  action: DistributionAction,
  figures: { rechargeAmountCents: number; subAmountCents: number },
) => (action === "recharge" ? figures.rechargeAmountCents : figures.subAmountCents);

/** SUB-028, SUB-029: the amount is above what the action may move ("overstep"). */
export const oversteps = (cents: number, limitCents: number): boolean => cents > limitCents;

/**
 * SUB-022..025: the type the call sends. Take back is type 4 when it takes the child's whole balance
 * (`subAmountCents`), type 5 when less.
 */
export function distributionTypeOf(
  action: DistributionAction,
  cents: number,
  subAmountCents: number,
): DistributionType {
  if (action === "recharge") return DISTRIBUTION_TYPE.recharge;
  if (action === "noLimit") return DISTRIBUTION_TYPE.noLimit;
  return cents === subAmountCents ? DISTRIBUTION_TYPE.takeBackAll : DISTRIBUTION_TYPE.takeBack;
}

/** SUB-006: the balance ring's share, usableAmount / totalAmount, 0..1 (an empty account shows an empty ring). */
export const ringShare = (usableCents: number, totalCents: number): number =>
  totalCents <= 0 ? 0 : Math.min(1, Math.max(0, usableCents / totalCents));

/** ACCT-020: the repeat must equal the new password. */
export const passwordsMatch = (password: string, repeat: string) => password === repeat;

/** The length rule of a new password (x-designed: the documents give none). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// Available, reserved and the monthly spending limit (issue 22, beyond the documents) ---------------

/** Whether `timeZone` is an IANA time zone this runtime knows ("UTC", "Asia/Shanghai"). */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `at` in `timeZone`. */
function wallClockOf(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  })
    .formatToParts(at)
    .reduce<Record<string, number>>(
      (all, p) => (p.type === "literal" ? all : { ...all, [p.type]: Number(p.value) }),
      {},
    );
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
}

/** How far `timeZone` is ahead of UTC at `at`, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const w = wallClockOf(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The monthly limit's month: the instant the calendar month of `at` began in `timeZone` (midnight of the
 * first, local time; across a change of offset the local midnight is found again at its own offset).
 */
export function monthStartIn(at: Date, timeZone: string): Date {
  const { year, month } = wallClockOf(at, timeZone);
  const midnightAsUtc = Date.UTC(year, month - 1, 1);
  let instant = midnightAsUtc - offsetMs(new Date(midnightAsUtc), timeZone);
  instant = midnightAsUtc - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/**
 * A monthly limit as the server takes it: null (none) or cents of a JSON number >= 0, at most what a
 * distribution may move (MAX_DISTRIBUTION_CENTS); undefined when it is not one.
 */
export function monthlyLimitCents(limit: number | null): number | null | undefined {
  if (limit === null) return null;
  if (limit === 0) return 0;
  return priceCents(limit) ?? undefined;
}

/**
 * A monthly limit as typed in the limit dialog: cents of a decimal of 0 or more with at most two places,
 * at most what a distribution may move (MAX_DISTRIBUTION_CENTS); null when it is not one (empty, text,
 * negative, a fraction of a cent, too large). The server takes the same range (`monthlyLimitCents`).
 */
export function monthlyLimitTextCents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents <= MAX_DISTRIBUTION_CENTS ? cents : null;
}

/** What the child may still spend this month: the limit less what it spent (never below 0), null without a limit. */
export const monthlyLeftCents = (limitCents: number | null, spentCents: number): number | null =>
  limitCents === null ? null : Math.max(0, limitCents - spentCents);

/** Whether a payment of `amountCents` keeps the month's spending within the limit (always, without one). */
export const withinMonthlyLimit = (limitCents: number | null, spentCents: number, amountCents: number): boolean =>
  limitCents === null || spentCents + amountCents <= limitCents;

/**
 * Available: what the account can pay now: its spendable balance less what is reserved (orders submitted
 * and waiting for money, which a checkout queue pays first), capped by what the monthly limit leaves;
 * never below 0.
 */
export function availableCents(figures: {
  spendableCents: number;
  reservedCents: number;
  monthlyLeftCents: number | null;
}) {
  const free = Math.max(0, figures.spendableCents - figures.reservedCents);
  return figures.monthlyLeftCents === null ? free : Math.min(free, figures.monthlyLeftCents);
}
