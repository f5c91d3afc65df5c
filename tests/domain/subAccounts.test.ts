/** The sub-accounts' spending rules (domain/subAccounts.ts; issue 22, beyond the documents), by table. */
import { describe, expect, it } from "vitest";
import {
  availableCents,
  isTimeZone,
  monthStartIn,
  monthlyLeftCents,
  monthlyLimitCents,
  monthlyLimitTextCents,
  withinMonthlyLimit,
} from "../../domain/subAccounts.ts";

describe("the monthly limit's month", () => {
  it.each([
    // [now, zone, the month's first midnight there]
    ["2026-03-15T12:00:00Z", "UTC", "2026-03-01T00:00:00.000Z"],
    ["2026-03-01T00:00:00Z", "UTC", "2026-03-01T00:00:00.000Z"],
    ["2026-02-28T23:59:59Z", "UTC", "2026-02-01T00:00:00.000Z"],
    // 1 March 03:00 UTC is still 28 February in New York: February's month
    ["2026-03-01T03:00:00Z", "America/New_York", "2026-02-01T05:00:00.000Z"],
    // 28 February 17:00 UTC is already 1 March in Shanghai
    ["2026-02-28T17:00:00Z", "Asia/Shanghai", "2026-02-28T16:00:00.000Z"],
    // summer time: April's first midnight in New York is at -04:00, though March's was at -05:00
    ["2026-04-20T12:00:00Z", "America/New_York", "2026-04-01T04:00:00.000Z"],
    ["2026-11-20T12:00:00Z", "Europe/London", "2026-11-01T00:00:00.000Z"],
    ["2026-07-02T12:00:00Z", "Europe/London", "2026-06-30T23:00:00.000Z"],
    ["2026-01-01T00:30:00Z", "Pacific/Kiritimati", "2025-12-31T10:00:00.000Z"],
    ["2026-12-31T23:30:00Z", "Pacific/Pago_Pago", "2026-12-01T11:00:00.000Z"],
  ])("at %s in %s the month began at %s", (now, zone, start) => {
    expect(monthStartIn(new Date(now), zone).toISOString()).toBe(start);
  });

  it.each([
    ["UTC", true],
    ["Asia/Shanghai", true],
    ["Mars/Olympus", false],
    ["", false],
  ])("%s is a time zone: %s", (zone, ok) => {
    expect(isTimeZone(zone)).toBe(ok);
  });
});

describe("the monthly limit and what is available", () => {
  it.each([
    [null, null],
    [0, 0],
    [12.5, 1250],
    [-1, undefined],
    [0.001, undefined],
    [1e12, undefined],
  ])("a limit of %s is %s cents", (limit, cents) => {
    expect(monthlyLimitCents(limit)).toBe(cents);
  });

  it.each([
    ["0", 0],
    ["20", 2_000],
    [" 12.5 ", 1_250],
    ["100000000", 10_000_000_000],
    ["100000000.01", null],
    ["-1", null],
    ["1.005", null],
    ["1e3", null],
    ["ten", null],
    ["", null],
  ])("a limit typed as %j is %s cents", (text, cents) => {
    expect(monthlyLimitTextCents(text)).toBe(cents);
  });

  it.each([
    // [limit, spent, amount, within, left]
    [null, 10_000, 5_000, true, null],
    [3_000, 2_000, 1_000, true, 1_000],
    [3_000, 2_000, 1_001, false, 1_000],
    [3_000, 3_500, 1, false, 0],
    [0, 0, 1, false, 0],
  ])("limit %s, spent %s, paying %s: within %s, %s left", (limit, spent, amount, within, left) => {
    expect(withinMonthlyLimit(limit, spent, amount)).toBe(within);
    expect(monthlyLeftCents(limit, spent)).toBe(left);
  });

  it.each([
    [{ spendableCents: 10_000, reservedCents: 0, monthlyLeftCents: null }, 10_000],
    [{ spendableCents: 10_000, reservedCents: 2_500, monthlyLeftCents: null }, 7_500],
    [{ spendableCents: 2_000, reservedCents: 2_500, monthlyLeftCents: null }, 0],
    [{ spendableCents: 10_000, reservedCents: 2_500, monthlyLeftCents: 1_000 }, 1_000],
    [{ spendableCents: 10_000, reservedCents: 9_500, monthlyLeftCents: 1_000 }, 500],
  ])("available of %o is %i", (figures, cents) => {
    expect(availableCents(figures)).toBe(cents);
  });
});
