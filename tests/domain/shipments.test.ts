import { describe, expect, it } from "vitest";
import {
  addDays,
  canDeleteShipment,
  canEditShipDate,
  canEditShipment,
  cycleDateSort,
  DEFAULT_DELAY_WARNING_DAYS,
  defaultShipDate,
  delayWarning,
  groupDelay,
  isCalendarDate,
  isDelayWarningDays,
  isRemarkShort,
  minimumLeadDays,
  NO_SORT,
  nextSortFlag,
  parseOrderIds,
  readyDateOf,
  SHIPMENT_STATUS,
  shipDateRefusal,
  shipmentStyle,
  todayIn,
} from "../../domain/shipments.ts";
import { canAddToShipment, shipOutcome } from "../../domain/orderStatus.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";

describe("default ship date (SHIP-016, SHIP-017)", () => {
  // [today, first day of its month (weekday), lead days]
  const leads: Array<[string, string, 2 | 3]> = [
    ["2026-02-10", "2026-02-01 is a Sunday", 2],
    ["2026-03-01", "2026-03-01 is a Sunday", 2],
    ["2026-03-31", "2026-03-01 is a Sunday", 2],
    ["2026-11-27", "2026-11-01 is a Sunday", 2],
    ["2026-04-15", "2026-04-01 is a Wednesday", 3],
    ["2026-12-31", "2026-12-01 is a Tuesday", 3],
    ["2024-02-29", "2024-02-01 is a Thursday (leap day)", 3],
    ["2026-01-01", "2026-01-01 is a Thursday", 3],
  ];
  it.each(leads)("SHIP-016 today %s (%s): lead %i days", (today, _why, lead) => {
    expect(minimumLeadDays(today)).toBe(lead);
  });

  const defaults: Array<[string, Array<string | null>, string, string]> = [
    ["2026-02-10", [], "2026-02-12", "no planned date: today + 2 (Feb 1 2026 a Sunday)"],
    ["2026-04-15", [], "2026-04-18", "no planned date: today + 3 (Apr 1 2026 a Wednesday)"],
    ["2026-03-31", [], "2026-04-02", "month end, March 1 a Sunday: + 2 crosses into April"],
    ["2026-12-30", [], "2027-01-02", "year end: + 3 crosses into the next year"],
    ["2024-02-27", [], "2024-03-01", "leap year: Feb 27 + 3 passes the leap day"],
    ["2024-02-28", [], "2024-03-02", "leap year: Feb 28 + 3"],
    ["2023-02-27", [], "2023-03-02", "no leap day in 2023"],
    ["2026-04-15", ["2026-04-20", "2026-05-02", null], "2026-05-02", "the latest planned date is later: it wins"],
    ["2026-04-15", ["2026-04-16"], "2026-04-18", "a planned date inside the lead: the lead wins"],
    ["2026-04-15", ["2026-03-01"], "2026-04-18", "a planned date already past: the lead wins"],
    ["2026-04-15", ["not a date", "2026-02-30"], "2026-04-18", "malformed planned dates are ignored"],
  ];
  it.each(defaults)("SHIP-016 SHIP-017 today %s, planned %j → %s (%s)", (today, planned, expected) => {
    expect(defaultShipDate(today, planned)).toBe(expected);
  });

  it("SHIP-016 today is the user's own calendar day in its time zone", () => {
    const at = new Date("2026-02-28T23:30:00Z");
    expect(todayIn(at, "UTC")).toBe("2026-02-28");
    expect(todayIn(at, "Asia/Shanghai")).toBe("2026-03-01"); // March 1 2026 is a Sunday
    expect(todayIn(at, "America/Los_Angeles")).toBe("2026-02-28");
    expect(defaultShipDate(todayIn(at, "Asia/Shanghai"), [])).toBe("2026-03-03");
    expect(defaultShipDate(todayIn(at, "America/Los_Angeles"), [])).toBe("2026-03-02"); // Feb 1 a Sunday
    expect(todayIn(new Date("2024-02-29T12:00:00Z"), "Pacific/Kiritimati")).toBe("2024-03-01");
    expect(todayIn(new Date("2024-02-29T12:00:00Z"), "Etc/GMT+12")).toBe("2024-02-29");
  });
});

describe("ship date checks (SHIP-019)", () => {
  it.each([
    [undefined, "shipment.dateRequired"],
    ["", "shipment.dateRequired"],
    ["2026-13-01", "shipment.dateInvalid"],
    ["2026-02-29", "shipment.dateInvalid"],
    ["27/11/2026", "shipment.dateInvalid"],
    ["2026-11-26", "shipment.datePast"],
    ["2026-11-27", undefined],
    ["2028-02-29", undefined],
  ])("SHIP-019 %s → %s", (date, refusal) => {
    expect(shipDateRefusal(date, "2026-11-27")).toBe(refusal);
  });
  it("calendar dates and adding days", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
  });
});

describe("shipment statuses", () => {
  const S = SHIPMENT_STATUS;
  it("SHIP-009 SHIP-010 SHIP-011 SHIP-012 styles: 10033 plain, 10371 blue, 10372 and others green", () => {
    expect(shipmentStyle(S.shipped)).toBe("plain");
    expect(shipmentStyle(S.waiting)).toBe("blue");
    expect(shipmentStyle(S.packed)).toBe("green");
    expect(shipmentStyle(S.delivered)).toBe("green");
    expect(shipmentStyle(1)).toBe("green");
  });
  it("SHIP-005 SHIP-006 SHIP-013 edit and delete in 10371/10372; the date only in 10371", () => {
    expect([S.waiting, S.packed, S.shipped, S.delivered].map(canEditShipment)).toEqual([true, true, false, false]);
    expect([S.waiting, S.packed, S.shipped, S.delivered].map(canDeleteShipment)).toEqual([true, true, false, false]);
    expect([S.waiting, S.packed, S.shipped, S.delivered].map(canEditShipDate)).toEqual([true, false, false, false]);
  });
  it("orders a shipment may hold and the ship transition", () => {
    const O = ORDER_STATUS;
    expect([O.submitted, O.cutting, O.sewing, O.qualityCheck, O.finished].every(canAddToShipment)).toBe(true);
    expect([O.saved, O.pending, O.cancelled, O.shipped, O.failed].some(canAddToShipment)).toBe(false);
    expect(shipOutcome(O.finished)).toBe(O.shipped);
    expect(shipOutcome(O.sewing)).toBeUndefined();
  });
});

describe("addable-orders sort and notes", () => {
  it("SHIP-014 a sort cycles none, ascending, descending", () => {
    expect([nextSortFlag(0), nextSortFlag(1), nextSortFlag(2)]).toEqual([1, 2, 0]);
  });
  it("SHIP-015 only one of the two date sorts is active", () => {
    const a = cycleDateSort(NO_SORT, "pubDateSort");
    expect(a).toEqual({ pubDateSort: 1, deliveryDateSort: 0 });
    const b = cycleDateSort(a, "deliveryDateSort");
    expect(b).toEqual({ pubDateSort: 0, deliveryDateSort: 1 });
    expect(cycleDateSort(cycleDateSort(b, "deliveryDateSort"), "deliveryDateSort")).toEqual(NO_SORT);
  });
  it("SHIP-021 a note has at most 200 characters", () => {
    expect(isRemarkShort("x".repeat(200))).toBe(true);
    expect(isRemarkShort("x".repeat(201))).toBe(false);
    expect(isRemarkShort("字".repeat(200))).toBe(true);
  });
  it("SHIP-028 order ids as a comma string", () => {
    expect(parseOrderIds("1,2,")).toEqual([1, 2]);
    expect(parseOrderIds("3, 3 ,4")).toEqual([3, 4]);
    expect(parseOrderIds("")).toEqual([]);
    expect(parseOrderIds("1,x")).toBeNull();
    expect(parseOrderIds("0")).toBeNull();
  });
});

describe("group shipping that waits (issue 23): the order holding the parcel back", () => {
  const TODAY = "2026-02-26";
  const order = (orderId: number, readyDate: string | null) => ({ orderId, orderCode: `MTM${orderId}`, readyDate });
  it.each([
    // [ready dates, expected holder id or null, first ready, days]
    { dates: ["2026-03-02"], holder: null, first: "", days: 0 },
    { dates: [null, null], holder: null, first: "", days: 0 },
    { dates: [null, "2026-03-02"], holder: 2, first: TODAY, days: 4 },
    // a date in the past is ready today
    { dates: ["2026-01-10", "2026-02-28"], holder: 2, first: TODAY, days: 2 },
    // both in the future: counted from the first one's day, across the end of February
    { dates: ["2026-02-27", "2026-03-10", "2026-03-01"], holder: 2, first: "2026-02-27", days: 11 },
    // two on the same last day: the first of them in the shipment holds it
    { dates: ["2026-03-05", "2026-03-05", null], holder: 1, first: TODAY, days: 7 },
    // a malformed date is no estimate: ready today
    { dates: ["2026-02-30", null], holder: null, first: "", days: 0 },
  ])("ready on $dates: holder $holder, $days days", ({ dates, holder, first, days }) => {
    const delay = groupDelay(
      dates.map((d, i) => order(i + 1, d)),
      TODAY,
    );
    if (holder === null) expect(delay).toBeNull();
    else expect(delay).toEqual({ holder: order(holder, dates[holder - 1]!), firstReady: first, days });
  });

  it("warns only when the delay is longer than the days the user set (0..365 whole days)", () => {
    const orders = [order(1, null), order(2, "2026-03-02")]; // 4 days
    expect(delayWarning(orders, TODAY, DEFAULT_DELAY_WARNING_DAYS)?.days).toBe(4);
    expect(delayWarning(orders, TODAY, 4)).toBeNull();
    expect(delayWarning(orders, TODAY, 0)?.holder.orderCode).toBe("MTM2");
    expect([0, 3, 365].map(isDelayWarningDays)).toEqual([true, true, true]);
    expect([-1, 366, 1.5, Number.NaN].map(isDelayWarningDays)).toEqual([false, false, false, false]);
  });

  it("an order's ready date: none once finished, else the estimate, else the planned date", () => {
    const planned = "2026-03-01";
    expect(readyDateOf({ status: ORDER_STATUS.finished, planDeliveryDate: planned })).toBeNull();
    expect(readyDateOf({ status: ORDER_STATUS.shipped, planDeliveryDate: planned })).toBeNull();
    expect(
      readyDateOf({ status: ORDER_STATUS.sewing, estimatedShipDate: "2026-03-04", planDeliveryDate: planned }),
    ).toBe("2026-03-04");
    expect(readyDateOf({ status: ORDER_STATUS.cutting, estimatedShipDate: null, planDeliveryDate: planned })).toBe(
      planned,
    );
  });
});
