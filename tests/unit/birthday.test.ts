/** QO-011..020: the birthday's three inputs follow the order the reader's language writes a date (issue 20 §6). */
import { describe, expect, it } from "vitest";
import { birthdayParts } from "../../src/features/quickOrder/birthday.ts";

describe("birthday inputs", () => {
  it("in English: month, day, year", () => {
    expect(birthdayParts("en")).toEqual(["month", "date", "year"]);
  });
  it("in Chinese: year, month, day", () => {
    expect(birthdayParts("zh")).toEqual(["year", "month", "date"]);
  });
});
