import { describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { CANCELLABLE_STATUSES, ORDER_STATUSES, canCancel, canEdit, mayEditItem } from "../../domain/orderStatus.ts";

const S = ORDER_STATUS;

/**
 * What each list offers per order (issue 12): cancel by status (PROD-036, settled by D-13) and editing
 * by the server's per-item flag and the status together (PROD-052). The lists and the details page
 * read these same functions (src/features/orderActions/rules.ts, pendingOrders/rules.ts).
 */
describe("PROD-036 D-13 cancel by status, the same on every list", () => {
  const offered: readonly number[] = [S.submitted, S.pending, S.cutting];
  it.each(ORDER_STATUSES.map((status) => [status, offered.includes(status)] as const))(
    "PROD-036 D-13 status %i offers cancel: %s",
    (status, expected) => {
      expect(canCancel(status)).toBe(expected);
    },
  );

  it("PROD-036 D-13 exactly 10030, 10371 and 206012: not only the two statuses one list of the documents names", () => {
    expect([...CANCELLABLE_STATUSES].sort()).toEqual([10030, 10371, 206012].sort());
    expect(ORDER_STATUSES.filter(canCancel).sort()).toEqual([10030, 10371, 206012].sort());
    // an unknown status never offers it
    for (const unknown of [0, -1, 10031, 206011, Number.NaN]) expect(canCancel(unknown)).toBe(false);
  });
});

describe("PROD-052 editing is governed per item by isEdit and by the order's status", () => {
  const rows = ORDER_STATUSES.flatMap((status) =>
    [0, 1].map((isEdit) => ({
      status,
      isEdit,
      expected: isEdit === 1 && (status === S.saved || status === S.pending),
    })),
  );
  it.each(rows)("PROD-052 status $status with isEdit $isEdit: editable $expected", ({ status, isEdit, expected }) => {
    expect(mayEditItem({ status, isEdit })).toBe(expected);
  });

  it("PROD-052 the flag alone never opens an order in production or shipped; the status alone never another's", () => {
    for (const status of [S.submitted, S.cutting, S.finished, S.shipped, S.cancelled, S.failed])
      expect(mayEditItem({ status, isEdit: 1 })).toBe(false);
    for (const status of ORDER_STATUSES.filter(canEdit)) expect(mayEditItem({ status, isEdit: 0 })).toBe(false);
  });
});
