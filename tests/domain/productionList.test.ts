import { describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import {
  FAILED_NOTICE_MS,
  NO_TOOLS_CATEGORY,
  offersFormula,
  offersOrderTools,
  remainingProductionSteps,
  shipEstimate,
  sizeCategoryIcon,
} from "../../domain/productionList.ts";

const S = ORDER_STATUS;

/** The under-production list's row rules (domain/productionList.ts), by table. */
describe("the under-production list's rows", () => {
  it("PROD-027 size categories 10054, 10053, 10052 have their own icons; any other none", () => {
    expect(sizeCategoryIcon(10054)).toBe("standard");
    expect(sizeCategoryIcon(10053)).toBe("garment");
    expect(sizeCategoryIcon(10052)).toBe("body");
    for (const other of [0, 10051, 10055, -1]) expect(sizeCategoryIcon(other)).toBeNull();
  });

  it.each([
    // [clothCategory, orderType, offers]
    [3000, 7, true],
    [3000, 8, true],
    [3000, 10, true],
    [NO_TOOLS_CATEGORY, 7, false],
    [NO_TOOLS_CATEGORY, 8, false],
    [3000, 9, false],
    [NO_TOOLS_CATEGORY, 9, false],
  ] as const)(
    "PROD-038 PROD-039 category %s, order type %s: edit, consumption query and pre-commit offered %s",
    (clothCategory, orderType, offers) => {
      expect(NO_TOOLS_CATEGORY).toBe(3800000);
      expect(offersOrderTools({ clothCategory, orderType, status: S.submitted })).toBe(offers);
    },
  );

  it("PROD-006 PROD-054 PROD-055 a cancelled order offers neither the consumption query, pre-commit nor the formula (issue 20)", () => {
    for (const status of Object.values(S)) {
      const over = status === S.cancelled;
      expect(offersOrderTools({ clothCategory: 3000, orderType: 7, status }), String(status)).toBe(!over);
      expect(offersFormula(status), String(status)).toBe(!over);
    }
  });

  it("PROD-031 the failed-status notice lasts 8 seconds", () => {
    expect(FAILED_NOTICE_MS).toBe(8000);
  });

  it("remaining production steps: submitted 4, cutting 3, sewing 2, quality check 1, none after", () => {
    expect(
      [S.submitted, S.cutting, S.sewing, S.qualityCheck, S.finished, S.shipped, S.failed, S.cancelled].map(
        remainingProductionSteps,
      ),
    ).toEqual([4, 3, 2, 1, 0, 0, 0, 0]);
  });
});

describe("the estimated ship date (x-designed)", () => {
  const HOUR = 3600;
  const DAY = 86_400;
  const now = new Date("2026-11-20T12:00:00Z");

  it.each([
    // [status, changed at, planned, step seconds, estimate, slips]
    // cutting changed just now, one day a step: 3 steps → 3 days from now
    [S.cutting, "2026-11-20T12:00:00Z", "2026-12-01", DAY, "2026-11-23", false],
    // the same with the planned date before the estimate: it slips
    [S.cutting, "2026-11-20T12:00:00Z", "2026-11-22", DAY, "2026-11-23", true],
    // the estimate on the planned day itself does not slip
    [S.cutting, "2026-11-20T12:00:00Z", "2026-11-23", DAY, "2026-11-23", false],
    // an overdue step (changed long ago) ends at the next run, never in the past: now + 0 for the last step
    [S.qualityCheck, "2026-10-01T00:00:00Z", "2026-11-10", DAY, "2026-11-20", true],
    // the current step ends a step after its change: sewing changed 12 h ago, 2 steps of a day → 11-21 0:00 + 1 day
    [S.sewing, "2026-11-20T00:00:00Z", "2026-11-22", DAY, "2026-11-22", false],
    [S.sewing, "2026-11-20T00:00:00Z", "2026-11-21", DAY, "2026-11-22", true],
    // a submitted order has no planned date yet: never slips
    [S.submitted, "2026-11-20T11:00:00Z", null, HOUR, "2026-11-20", false],
    // ten-minute steps (the server's default): the same day
    [S.submitted, "2026-11-20T12:00:00Z", "2026-12-04", 600, "2026-11-20", false],
  ] as const)("%s changed %s planned %s, %s s a step: ships %s, slips %s", (statusId, at, plan, step, day, slips) => {
    expect(shipEstimate({ statusId, statusChangedAt: new Date(at), planDeliveryDate: plan }, now, step)).toEqual({
      estimatedShipDate: day,
      slips,
    });
  });

  it("no estimate once production is over or while the simulator is off", () => {
    const changed = new Date("2026-11-01T00:00:00Z");
    for (const statusId of [S.finished, S.shipped, S.failed, S.cancelled, S.saved, S.pending])
      expect(shipEstimate({ statusId, statusChangedAt: changed, planDeliveryDate: "2026-11-02" }, now, DAY)).toEqual({
        estimatedShipDate: null,
        slips: false,
      });
    expect(
      shipEstimate({ statusId: S.cutting, statusChangedAt: changed, planDeliveryDate: "2026-11-02" }, now, 0),
    ).toEqual({ estimatedShipDate: null, slips: false });
    // an interval too large for a date is no estimate, never a thrown RangeError
    expect(
      shipEstimate({ statusId: S.submitted, statusChangedAt: changed, planDeliveryDate: null }, now, 1e15),
    ).toEqual({ estimatedShipDate: null, slips: false });
  });
});
