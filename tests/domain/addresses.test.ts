import { describe, expect, it } from "vitest";
import {
  ADDRESS_TEXT_LIMITS,
  addressRefusals,
  trackingUrl,
  trimAddress,
  type AddressDraft,
} from "../../domain/addresses.ts";

/** domain/addresses.ts: the address form's rules (ADDR-009..022), the same the server applies. */
const valid: AddressDraft = {
  express: 92001,
  expressType: 40004,
  contact: "Claire Dupont",
  phone: "+33 1 42 68 53 00",
  countryCode: "FR",
  provinceName: "Île-de-France",
  city: "Paris",
  address: "24 Rue du Faubourg Saint-Honoré",
  zipcode: "75008",
  payType: 40001,
  taxType: 40002,
};
const keys = (draft: AddressDraft, statesOffered = false) =>
  addressRefusals(draft, { statesOffered }).map((r) => `${r.field}:${r.key}`);

describe("addressRefusals", () => {
  it("ADDR-020 a complete address without e-mail, accounts or remarks is accepted", () => {
    expect(keys(valid)).toEqual([]);
  });

  it.each([
    ["ADDR-009", { express: null }, "express:address.expressRequired"],
    ["ADDR-010", { expressType: undefined }, "expressType:address.expressTypeRequired"],
    ["ADDR-011", { contact: "   " }, "contact:address.contactRequired"],
    ["ADDR-012", { phone: "" }, "phone:address.phoneRequired"],
    ["ADDR-013", { countryCode: "" }, "countryCode:address.countryRequired"],
    ["ADDR-014", { provinceName: " " }, "province:address.stateRequired"],
    ["ADDR-015", { city: "" }, "city:address.cityRequired"],
    ["ADDR-016", { address: "" }, "address:address.addressRequired"],
    ["ADDR-017", { zipcode: "" }, "zipcode:address.zipRequired"],
    ["ADDR-018", { payType: 0 }, "payType:address.payTypeRequired"],
    ["ADDR-019", { taxType: null }, "taxType:address.taxTypeRequired"],
  ] as const)("%s ADDR-022 a missing field is refused with its own message", (_, change, expected) => {
    expect(keys({ ...valid, ...change })).toEqual([expected]);
  });

  it("ADDR-022 every missing field is named at once, in the form's order (contacts tab, then express tab)", () => {
    expect(keys({})).toEqual([
      "contact:address.contactRequired",
      "phone:address.phoneRequired",
      "countryCode:address.countryRequired",
      "province:address.stateRequired",
      "city:address.cityRequired",
      "address:address.addressRequired",
      "zipcode:address.zipRequired",
      "express:address.expressRequired",
      "expressType:address.expressTypeRequired",
      "payType:address.payTypeRequired",
      "taxType:address.taxTypeRequired",
    ]);
  });

  it("ADDR-014 ADDR-021 with states offered the dictionary state (provinceCode) is required, without them a typed one", () => {
    expect(keys({ ...valid, provinceName: "" }, true)).toEqual(["province:address.stateRequired"]);
    expect(keys({ ...valid, provinceName: "", provinceCode: "DE-BY" }, true)).toEqual([]);
    expect(keys({ ...valid, provinceCode: "DE-BY", provinceName: "" }, false)).toEqual([
      "province:address.stateRequired",
    ]);
  });

  it("ADDR-020 an e-mail is optional but must look like one; a phone holds digits", () => {
    expect(keys({ ...valid, email: "claire@dupont.example" })).toEqual([]);
    expect(keys({ ...valid, email: "claire@" })).toEqual(["email:address.emailInvalid"]);
    expect(keys({ ...valid, phone: "call me" })).toEqual(["phone:address.phoneInvalid"]);
    expect(keys({ ...valid, phone: "12" })).toEqual(["phone:address.phoneInvalid"]);
  });

  it("ADDR-017 every text has its maximum length, counted in characters (a zip of 1,000 is refused)", () => {
    expect(addressRefusals({ ...valid, zipcode: "9".repeat(1000) }, { statesOffered: false })).toEqual([
      { key: "address.tooLong", field: "zipcode", max: ADDRESS_TEXT_LIMITS.zipcode },
    ]);
    expect(keys({ ...valid, contact: "字".repeat(ADDRESS_TEXT_LIMITS.contact) })).toEqual([]);
    expect(keys({ ...valid, remark: "x".repeat(ADDRESS_TEXT_LIMITS.remark + 1) })).toEqual(["remark:address.tooLong"]);
  });

  it("trimAddress trims the texts and codes and keeps the rest", () => {
    expect(trimAddress({ contact: "  A ", countryCode: " FR ", express: 3 })).toEqual({
      contact: "A",
      countryCode: "FR",
      express: 3,
    });
  });
});

describe("trackingUrl", () => {
  it("puts the waybill number where {waybill} stands, encoded", () => {
    expect(trackingUrl("https://www.ups.com/track?tracknum={waybill}", " 1Z 999 ")).toBe(
      "https://www.ups.com/track?tracknum=1Z%20999",
    );
    expect(trackingUrl("https://example.com/t/", "A&B")).toBe("https://example.com/t/A%26B");
  });
});
