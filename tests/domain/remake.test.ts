import { describe, expect, it } from "vitest";
import { REMAKE_REASON_MAX, offersRemake, remakeOfSearch, remakeReasonProblem } from "../../domain/remake.ts";

describe("remakes (issue 12)", () => {
  it("only a delivered order (finished 10370, shipped 10380) offers buy again as a remake", () => {
    expect(offersRemake(10370)).toBe(true);
    expect(offersRemake(10380)).toBe(true);
    expect(offersRemake(10371)).toBe(false);
    expect(offersRemake(10030)).toBe(false);
    expect(offersRemake(10369)).toBe(false);
  });

  it("the reason is required and has at most 200 characters (spaces around it do not count)", () => {
    expect(REMAKE_REASON_MAX).toBe(200);
    expect(remakeReasonProblem("")).toBe("required");
    expect(remakeReasonProblem("   ")).toBe("required");
    expect(remakeReasonProblem("Sleeves too short")).toBeNull();
    expect(remakeReasonProblem("x".repeat(200))).toBeNull();
    expect(remakeReasonProblem(` ${"x".repeat(200)} `)).toBeNull();
    expect(remakeReasonProblem("x".repeat(201))).toBe("tooLong");
  });

  it("an order-entry search names a remake only with a numeric order id and a valid reason", () => {
    expect(remakeOfSearch({ remakeOf: "12", remakeReason: " Sleeves too short " })).toEqual({
      of: "12",
      reason: "Sleeves too short",
    });
    expect(remakeOfSearch({})).toBeNull();
    expect(remakeOfSearch({ remakeOf: "12" })).toBeNull();
    expect(remakeOfSearch({ remakeOf: "12", remakeReason: "  " })).toBeNull();
    expect(remakeOfSearch({ remakeOf: "abc", remakeReason: "why" })).toBeNull();
    expect(remakeOfSearch({ remakeOf: "12", remakeReason: "x".repeat(201) })).toBeNull();
  });
});
