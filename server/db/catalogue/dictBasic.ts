import type { dictBasic } from "../schema.ts";

/**
 * Basic dictionaries (`GET pc/dictbasic`, 001 §7): 2 payment methods, 3 address types, 4 countries,
 * 5 states (parent a country) and 6 cities (parent a state); then 8 the shipment states of the order
 * filter's isShip (designed: the order filter asks for category 8, parentId 0, PROD-063; the code is
 * the isShip value). Ids 40001.. in this order.
 */
type Entry = readonly [code: string, en: string, zh: string, children?: readonly Entry[]];

const PAYMENT: readonly Entry[] = [
  ["PAY_BALANCE", "Account balance", "账户余额"],
  ["PAY_TRANSFER", "Bank transfer", "银行转账"],
  ["PAY_CARD", "Credit card", "信用卡"],
];
const ADDRESS_TYPES: readonly Entry[] = [
  ["ADDR_SHIPPING", "Shipping address", "收货地址"],
  ["ADDR_BILLING", "Billing address", "账单地址"],
  ["ADDR_SHOP", "Shop", "门店"],
];
const COUNTRIES: readonly Entry[] = [
  [
    "CN",
    "China",
    "中国",
    [
      [
        "CN-GD",
        "Guangdong",
        "广东省",
        [
          ["GZ", "Guangzhou", "广州"],
          ["SZ", "Shenzhen", "深圳"],
        ],
      ],
      [
        "CN-ZJ",
        "Zhejiang",
        "浙江省",
        [
          ["HZ", "Hangzhou", "杭州"],
          ["NB", "Ningbo", "宁波"],
        ],
      ],
    ],
  ],
  [
    "GB",
    "United Kingdom",
    "英国",
    [
      [
        "GB-ENG",
        "England",
        "英格兰",
        [
          ["LDN", "London", "伦敦"],
          ["MAN", "Manchester", "曼彻斯特"],
        ],
      ],
      [
        "GB-SCT",
        "Scotland",
        "苏格兰",
        [
          ["EDH", "Edinburgh", "爱丁堡"],
          ["GLA", "Glasgow", "格拉斯哥"],
        ],
      ],
    ],
  ],
  [
    "US",
    "United States",
    "美国",
    [
      [
        "US-NY",
        "New York",
        "纽约州",
        [
          ["NYC", "New York City", "纽约市"],
          ["BUF", "Buffalo", "布法罗"],
        ],
      ],
      [
        "US-CA",
        "California",
        "加利福尼亚州",
        [
          ["LAX", "Los Angeles", "洛杉矶"],
          ["SFO", "San Francisco", "旧金山"],
        ],
      ],
    ],
  ],
];

const SHIPMENT_STATES: readonly Entry[] = [
  ["0", "Not shipped", "未发货"],
  ["1", "Shipped", "已发货"],
];

export const DICT_BASIC = { payment: 2, addressType: 3, country: 4, state: 5, city: 6, shipmentState: 8 } as const;

export function dictBasicRows(): Array<typeof dictBasic.$inferInsert> {
  const rows: Array<typeof dictBasic.$inferInsert> = [];
  let id = 40000;
  // Parents first (countries, then their states, then the states' cities), so every parent exists before its children.
  const add = (category: number, entries: readonly Entry[], parentId: number | null): Array<[number, Entry]> =>
    entries.map((entry, pos) => {
      id += 1;
      rows.push({ id, category, parentId, code: entry[0], enName: entry[1], zhName: entry[2], pos });
      return [id, entry];
    });
  add(DICT_BASIC.payment, PAYMENT, null);
  add(DICT_BASIC.addressType, ADDRESS_TYPES, null);
  const countries = add(DICT_BASIC.country, COUNTRIES, null);
  const states = countries.flatMap(([countryId, country]) => add(DICT_BASIC.state, country[3] ?? [], countryId));
  for (const [stateId, state] of states) add(DICT_BASIC.city, state[3] ?? [], stateId);
  add(DICT_BASIC.shipmentState, SHIPMENT_STATES, null);
  return rows;
}
