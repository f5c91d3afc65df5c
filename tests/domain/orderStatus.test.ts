import { describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import {
  CANCELLABLE_STATUSES,
  canCancel,
  cancelOutcome,
  canDelete,
  canPreCommit,
  canRemake,
  canEdit,
  canSubmit,
  CART_STATUSES,
  DELETABLE_STATUSES,
  EDITABLE_STATUSES,
  isDeliveryOverdue,
  isOrderStatus,
  isPaidStatus,
  lookupSource,
  nextProductionStatus,
  ORDER_STATUSES,
  PRODUCING_STATUSES,
  PRODUCTION_LIST_STATUSES,
  statusColour,
  submitOutcome,
  SUBMITTABLE_STATUSES,
  type StatusColour,
} from "../../domain/orderStatus.ts";

const S = ORDER_STATUS;

/**
 * One row per status: what every transition allows from it. The table covers every status of the set
 * (checked below), so a status added to ORDER_STATUS without a row fails here.
 */
const TABLE: Array<{
  status: number;
  name: string;
  edit: boolean;
  submit: boolean;
  del: boolean;
  cancel: boolean;
  next: number | undefined;
  colour: StatusColour;
}> = [
  {
    status: S.saved,
    name: "saved",
    edit: true,
    submit: true,
    del: true,
    cancel: false,
    next: undefined,
    colour: "blue",
  },
  {
    status: S.pending,
    name: "pending",
    edit: true,
    submit: true,
    del: true,
    cancel: true,
    next: undefined,
    colour: "orange",
  },
  {
    status: S.submitted,
    name: "submitted",
    edit: false,
    submit: false,
    del: false,
    cancel: true,
    next: S.cutting,
    colour: "orange",
  },
  {
    status: S.cutting,
    name: "cutting",
    edit: false,
    submit: false,
    del: false,
    cancel: true,
    next: S.sewing,
    colour: "blue",
  },
  {
    status: S.sewing,
    name: "sewing",
    edit: false,
    submit: false,
    del: false,
    cancel: false,
    next: S.qualityCheck,
    colour: "blue",
  },
  {
    status: S.qualityCheck,
    name: "quality check",
    edit: false,
    submit: false,
    del: false,
    cancel: false,
    next: S.finished,
    colour: "blue",
  },
  {
    status: S.finished,
    name: "finished",
    edit: false,
    submit: false,
    del: false,
    cancel: false,
    next: undefined,
    colour: "grey",
  },
  {
    status: S.shipped,
    name: "shipped",
    edit: false,
    submit: false,
    del: false,
    cancel: false,
    next: undefined,
    colour: "blue",
  },
  {
    status: S.failed,
    name: "failed",
    edit: false,
    submit: false,
    del: false,
    cancel: false,
    next: undefined,
    colour: "red",
  },
  {
    status: S.cancelled,
    name: "cancelled",
    edit: false,
    submit: false,
    del: false,
    cancel: false,
    next: undefined,
    colour: "blue",
  },
];

describe("order statuses (domain/orderStatus.ts)", () => {
  it("the set is the documented ids plus the designed ones, each once, and the table has a row for each", () => {
    expect(ORDER_STATUS).toEqual({
      saved: 10368,
      pending: 10371,
      submitted: 10030,
      cutting: 206012,
      sewing: 206013,
      qualityCheck: 206014,
      finished: 10370,
      shipped: 10380,
      failed: 10369,
      cancelled: 10372,
    });
    expect(new Set(ORDER_STATUSES).size).toBe(ORDER_STATUSES.length);
    expect([...ORDER_STATUSES].sort()).toEqual(Object.values(ORDER_STATUS).sort());
    expect(TABLE.map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true);
    for (const unknown of [0, -1, 10031, 10033, 206011, 206015, 1.5, Number.NaN])
      expect(isOrderStatus(unknown)).toBe(false);
  });

  for (const row of TABLE) {
    it(`${row.name} ${row.status}: edit ${row.edit}, submit ${row.submit}, delete ${row.del}, cancel ${row.cancel}, next ${row.next}, ${row.colour}`, () => {
      expect(canEdit(row.status)).toBe(row.edit);
      expect(canSubmit(row.status)).toBe(row.submit);
      expect(canDelete(row.status)).toBe(row.del);
      expect(canCancel(row.status)).toBe(row.cancel);
      expect(nextProductionStatus(row.status)).toBe(row.next);
      expect(statusColour(row.status)).toBe(row.colour);
    });
  }

  it("CART-046 an order is submitted from saved or pending only: never twice, never after production", () => {
    expect([...SUBMITTABLE_STATUSES].sort()).toEqual([S.saved, S.pending].sort());
    for (const s of [S.submitted, S.cutting, S.sewing, S.qualityCheck, S.finished, S.shipped, S.failed, S.cancelled]) {
      expect(canSubmit(s)).toBe(false);
    }
    expect(submitOutcome(true)).toBe(S.submitted);
    expect(submitOutcome(false)).toBe(S.pending);
    expect(canSubmit(submitOutcome(true))).toBe(false);
    // A pending order (balance short) may be submitted again once the balance allows.
    expect(canSubmit(submitOutcome(false))).toBe(true);
  });

  it("CART-049 delete and edit only for saved and pending orders", () => {
    expect([...DELETABLE_STATUSES].sort()).toEqual([S.saved, S.pending].sort());
    expect([...EDITABLE_STATUSES].sort()).toEqual([S.saved, S.pending].sort());
  });

  it("D-13 PROD-035 cancel only for 10030, 10371 and 206012: never once production is further on", () => {
    expect([...CANCELLABLE_STATUSES].sort()).toEqual([10030, 10371, 206012].sort());
    expect(canCancel(S.sewing)).toBe(false);
    expect(canCancel(S.finished)).toBe(false);
  });

  it("PROD-056 D-13 the cancel goes to 10372; only a paid order (10030, 206012) is refunded", () => {
    expect(cancelOutcome(S.submitted)).toEqual({ to: S.cancelled, refund: true });
    expect(cancelOutcome(S.cutting)).toEqual({ to: S.cancelled, refund: true });
    expect(cancelOutcome(S.pending)).toEqual({ to: S.cancelled, refund: false });
    for (const s of ORDER_STATUSES.filter((status) => !CANCELLABLE_STATUSES.includes(status)))
      expect(cancelOutcome(s), String(s)).toBeUndefined();
    // cancelling twice: a cancelled order cannot be cancelled (refunded) again
    expect(cancelOutcome(cancelOutcome(S.submitted)!.to)).toBeUndefined();
  });

  it("PROD-055 pre-commit for pending and submitted orders only; a remake only of a delivered order", () => {
    expect(ORDER_STATUSES.filter(canPreCommit).sort()).toEqual([S.pending, S.submitted].sort());
    expect(ORDER_STATUSES.filter(canRemake).sort()).toEqual([S.finished, S.shipped].sort());
  });

  it("production runs submitted → 206012 → 206013 → 206014 → finished, one step at a time, and stops there", () => {
    const path: number[] = [S.submitted];
    for (let s = nextProductionStatus(S.submitted); s !== undefined; s = nextProductionStatus(s)) path.push(s);
    expect(path).toEqual([10030, 206012, 206013, 206014, 10370]);
    expect([...PRODUCING_STATUSES].sort()).toEqual([10030, 206012, 206013, 206014].sort());
    for (const s of PRODUCING_STATUSES) expect(PRODUCTION_LIST_STATUSES).toContain(nextProductionStatus(s));
  });

  it("CART-027 a refused submit means 'paid before' only for submitted and later: never saved, pending, failed or cancelled", () => {
    expect(ORDER_STATUSES.filter(isPaidStatus).sort()).toEqual([10030, 206012, 206013, 206014, 10370, 10380].sort());
    for (const s of ORDER_STATUSES) if (isPaidStatus(s)) expect(canSubmit(s)).toBe(false);
  });

  it("CART-009 the lookup opens a saved order in the cart, a pending one in the pending list, any other in production", () => {
    expect(ORDER_STATUSES.map((s) => [s, lookupSource(s)])).toEqual(
      ORDER_STATUSES.map((s) => [s, s === S.saved ? "cart" : s === S.pending ? "pending" : "production"]),
    );
  });

  it("CART-043 CART-009 the lists: the cart is saved orders, production is the paid statuses with failed, shipped and cancelled", () => {
    expect(CART_STATUSES).toEqual([S.saved]);
    expect([...PRODUCTION_LIST_STATUSES].sort()).toEqual(
      [10030, 206012, 206013, 206014, 10370, 10369, 10380, 10372].sort(),
    );
    // Issue 20: the production list holds every order the lookup opens there.
    for (const s of ORDER_STATUSES)
      expect(PRODUCTION_LIST_STATUSES.includes(s), String(s)).toBe(lookupSource(s) === "production");
    for (const s of PRODUCTION_LIST_STATUSES) expect(canEdit(s)).toBe(false);
  });

  it("PROD-028 PROD-029 PROD-030 PROD-032 PROD-033 PROD-034 colours: 10369 red, 10030 and 10371 orange (issue 12), 10370 grey, others (206012 too) blue", () => {
    expect(statusColour(10369)).toBe("red");
    expect(statusColour(10030)).toBe("orange");
    expect(statusColour(10370)).toBe("grey");
    expect(statusColour(206012)).toBe("blue");
    expect(statusColour(10371)).toBe("orange");
    expect(statusColour(99999)).toBe("blue");
  });

  it.each([
    // [planned, delivered, status, today, overdue]
    ["2026-11-01", null, S.cutting, "2026-11-06", true],
    ["2026-11-01", null, S.cutting, "2026-11-05", false],
    ["2026-11-01", null, S.submitted, "2026-12-01", true],
    ["2026-11-01", "2026-11-03", S.shipped, "2026-12-01", false],
    ["2026-11-01", null, S.finished, "2026-12-01", false],
    [null, null, S.submitted, "2026-12-01", false],
    ["2026-11-30", null, S.sewing, "2026-11-20", false],
  ] as const)(
    "PROD-040 planned %s delivered %s status %s on %s: overdue %s",
    (planDeliveryDate, deliveryDate, statusId, today, overdue) => {
      expect(isDeliveryOverdue({ statusId, planDeliveryDate, deliveryDate }, today)).toBe(overdue);
    },
  );
});
