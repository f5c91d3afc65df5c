import type { addresses } from "../schema.ts";
import { DICT_BASIC, dictBasicRows } from "./dictBasic.ts";
import { expressRows } from "./express.ts";

/**
 * The demo accounts' delivery addresses (issue 23): demo has two (the London one its default), demo-sub2
 * (the shipment sub-account) and acme one each, so a shipment has a default address to start from.
 */
export function demoAddressRows(ids: ReadonlyMap<string, number>): Array<typeof addresses.$inferInsert> {
  const dict = dictBasicRows();
  const entry = (category: number, code: string) => {
    const row = dict.find((r) => r.category === category && r.code === code);
    if (!row) throw new Error(`no dictionary entry ${category} ${code}`);
    return row.id;
  };
  const express = (code: string) => expressRows().find((r) => r.code === code)!.id;
  const sender = entry(DICT_BASIC.payment, "SENDER");
  const receiver = entry(DICT_BASIC.payment, "RECEIVER");
  const fast = entry(DICT_BASIC.expressType, "EXPRESS");
  const economy = entry(DICT_BASIC.expressType, "ECONOMY");
  const base = { email: "", payAccount: "", payZipcode: "", taxAccount: "", taxZipcode: "", remark: "" };
  return [
    {
      ...base,
      memberId: ids.get("demo")!,
      express: express("DHL"),
      expressType: fast,
      company: "Demo Tailoring Co.",
      contact: "James Whitfield",
      phone: "+44 20 7946 0958",
      email: "james@demo-tailoring.example",
      countryCode: "GB",
      provinceCode: "GB-ENG",
      provinceName: "England",
      city: "London",
      address: "12 Savile Row",
      zipcode: "W1S 3PQ",
      payType: sender,
      taxType: receiver,
      insuranceService: 1,
      isDefault: 1,
      emailMessage: 1,
    },
    {
      ...base,
      memberId: ids.get("demo")!,
      express: express("SF"),
      expressType: economy,
      company: "Demo Tailoring Shanghai",
      contact: "Li Wei",
      phone: "+86 21 6321 0000",
      countryCode: "CN",
      provinceCode: "CN-SH",
      provinceName: "Shanghai",
      city: "Shanghai",
      address: "88 Nanjing West Road, Jing'an",
      zipcode: "200040",
      payType: sender,
      taxType: sender,
      isDefault: 0,
    },
    {
      ...base,
      memberId: ids.get("demo-sub2")!,
      express: express("FEDEX"),
      expressType: fast,
      company: "Demo Tailoring New York",
      contact: "Maria Gonzalez",
      phone: "+1 212 555 0147",
      countryCode: "US",
      provinceCode: "US-NY",
      provinceName: "New York",
      city: "New York City",
      address: "350 Fifth Avenue, Suite 4100",
      zipcode: "10118",
      payType: sender,
      taxType: receiver,
      isDefault: 1,
    },
    {
      ...base,
      memberId: ids.get("acme")!,
      express: express("SF"),
      expressType: fast,
      company: "Acme Tailors",
      contact: "Zhang Min",
      phone: "+86 755 8888 1234",
      countryCode: "CN",
      provinceCode: "CN-GD",
      provinceName: "Guangdong",
      city: "Shenzhen",
      address: "1 Shennan Avenue, Futian",
      zipcode: "518000",
      payType: sender,
      taxType: sender,
      isDefault: 1,
    },
  ];
}
