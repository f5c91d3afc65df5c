import { describe, expect, it } from "vitest";
import {
  CONTACT_LIMITS,
  firstContactRefusal,
  isEmailFormat,
  isNearBottom,
  LOAD_MORE_WITHIN_PX,
  MESSAGE_PAGE_SIZE,
} from "../../domain/messages.ts";

const ok = { customerName: "Ada", customerEmail: "ada@example.com", content: "Hello" };

describe("the contact form's checks (domain/messages.ts)", () => {
  it.each([
    ["CONTACT-004 name empty", { customerName: " " }, { field: "customerName", reason: "required" }],
    [
      "CONTACT-003 name before e-mail",
      { customerName: "", customerEmail: "" },
      { field: "customerName", reason: "required" },
    ],
    ["CONTACT-005 e-mail empty", { customerEmail: "" }, { field: "customerEmail", reason: "required" }],
    [
      "CONTACT-003 e-mail before message",
      { customerEmail: "", content: "" },
      { field: "customerEmail", reason: "required" },
    ],
    ["CONTACT-006 no @", { customerEmail: "ada.example.com" }, { field: "customerEmail", reason: "format" }],
    [
      "CONTACT-006 no dot in the domain",
      { customerEmail: "ada@example" },
      { field: "customerEmail", reason: "format" },
    ],
    [
      "CONTACT-006 a space",
      { customerEmail: "ada lovelace@example.com" },
      { field: "customerEmail", reason: "format" },
    ],
    [
      "CONTACT-003 format before message",
      { customerEmail: "x", content: "" },
      { field: "customerEmail", reason: "format" },
    ],
    ["CONTACT-007 message empty", { content: "\n\t " }, { field: "content", reason: "required" }],
    [
      "a name too long",
      { customerName: "n".repeat(CONTACT_LIMITS.name + 1) },
      { field: "customerName", reason: "tooLong" },
    ],
    [
      "a message too long",
      { content: "c".repeat(CONTACT_LIMITS.content + 1) },
      { field: "content", reason: "tooLong" },
    ],
  ] as const)("%s", (_, overrides, refusal) => {
    expect(firstContactRefusal({ ...ok, ...overrides })).toEqual(refusal);
  });

  it("CONTACT-006 a well-formed form passes; an e-mail of more than 254 characters is not a format", () => {
    expect(firstContactRefusal(ok)).toBeNull();
    expect(firstContactRefusal({ ...ok, customerEmail: " ada@example.com " })).toBeNull();
    expect(isEmailFormat(`${"a".repeat(242)}@example.com`)).toBe(true);
    expect(isEmailFormat(`${"a".repeat(243)}@example.com`)).toBe(false);
    expect(isEmailFormat(`${"a".repeat(9_988)}@example.com`)).toBe(false);
  });
});

describe("the message list's constants", () => {
  it("MSG-016 ten a page; MSG-017 within 10 px of the bottom loads more", () => {
    expect(MESSAGE_PAGE_SIZE).toBe(10);
    expect(LOAD_MORE_WITHIN_PX).toBe(10);
    expect(isNearBottom({ scrollTop: 490, clientHeight: 500, scrollHeight: 1000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 489, clientHeight: 500, scrollHeight: 1000 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, clientHeight: 500, scrollHeight: 400 })).toBe(true);
  });
});
