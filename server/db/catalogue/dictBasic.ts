import type { dictBasic } from "../schema.ts";

/**
 * Basic dictionaries (`GET pc/dictbasic`, `pc/dictbasic/list`, 001 §7): 2 payment methods (who pays the
 * freight or the duties of an address), 3 express service types, 4 countries,
 * 5 states (parent a country) and 6 cities (parent a state); then 8 the shipment states of the order
 * filter's isShip (designed: the order filter asks for category 8, parentId 0, PROD-063; the code is
 * the isShip value). Ids 40001.. in this order.
 */
type Entry = readonly [code: string, en: string, zh: string, children?: readonly Entry[]];

/** ADDR-018, ADDR-019: who pays the freight and who pays the import duties (payType, taxType). */
const PAYMENT: readonly Entry[] = [
  ["SENDER", "Sender pays", "寄件方付"],
  ["RECEIVER", "Receiver pays", "收件方付"],
  ["THIRD_PARTY", "Third party pays", "第三方付"],
];
/** ADDR-010: the express service type of an address (expressType). */
const EXPRESS_TYPES: readonly Entry[] = [
  ["EXPRESS", "Express (1-3 working days)", "特快（1-3 个工作日）"],
  ["ECONOMY", "Economy (4-8 working days)", "经济（4-8 个工作日）"],
  ["FREIGHT", "Freight (heavy parcels)", "货运（大件）"],
];

const city = (code: string, en: string, zh: string): Entry => [code, en, zh];
/**
 * ADDR-021: countries with their states and cities; France, the Netherlands, Singapore and Switzerland have
 * no states (the form asks for them as text), and a few states have no cities (the city is typed).
 */
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
        [city("GZ", "Guangzhou", "广州"), city("SZ", "Shenzhen", "深圳"), city("DG", "Dongguan", "东莞")],
      ],
      [
        "CN-ZJ",
        "Zhejiang",
        "浙江省",
        [city("HZ", "Hangzhou", "杭州"), city("NB", "Ningbo", "宁波"), city("WZ", "Wenzhou", "温州")],
      ],
      ["CN-SH", "Shanghai", "上海市", [city("SH", "Shanghai", "上海")]],
      ["CN-BJ", "Beijing", "北京市", [city("BJ", "Beijing", "北京")]],
      ["CN-JS", "Jiangsu", "江苏省", [city("NJ", "Nanjing", "南京"), city("SUZ", "Suzhou", "苏州")]],
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
        [city("LDN", "London", "伦敦"), city("MAN", "Manchester", "曼彻斯特"), city("BHM", "Birmingham", "伯明翰")],
      ],
      ["GB-SCT", "Scotland", "苏格兰", [city("EDH", "Edinburgh", "爱丁堡"), city("GLA", "Glasgow", "格拉斯哥")]],
      ["GB-WLS", "Wales", "威尔士", [city("CRF", "Cardiff", "加的夫")]],
      ["GB-NIR", "Northern Ireland", "北爱尔兰"],
    ],
  ],
  [
    "US",
    "United States",
    "美国",
    [
      ["US-NY", "New York", "纽约州", [city("NYC", "New York City", "纽约市"), city("BUF", "Buffalo", "布法罗")]],
      [
        "US-CA",
        "California",
        "加利福尼亚州",
        [
          city("LAX", "Los Angeles", "洛杉矶"),
          city("SFO", "San Francisco", "旧金山"),
          city("SAN", "San Diego", "圣迭戈"),
        ],
      ],
      [
        "US-TX",
        "Texas",
        "得克萨斯州",
        [city("HOU", "Houston", "休斯敦"), city("DAL", "Dallas", "达拉斯"), city("AUS", "Austin", "奥斯汀")],
      ],
      ["US-IL", "Illinois", "伊利诺伊州", [city("CHI", "Chicago", "芝加哥")]],
      ["US-FL", "Florida", "佛罗里达州", [city("MIA", "Miami", "迈阿密"), city("ORL", "Orlando", "奥兰多")]],
      ["US-AK", "Alaska", "阿拉斯加州"],
    ],
  ],
  [
    "DE",
    "Germany",
    "德国",
    [
      ["DE-BE", "Berlin", "柏林州", [city("BER", "Berlin", "柏林")]],
      ["DE-BY", "Bavaria", "巴伐利亚州", [city("MUC", "Munich", "慕尼黑"), city("NUE", "Nuremberg", "纽伦堡")]],
      ["DE-HE", "Hesse", "黑森州", [city("FRA", "Frankfurt am Main", "法兰克福")]],
      [
        "DE-NW",
        "North Rhine-Westphalia",
        "北莱茵-威斯特法伦州",
        [city("CGN", "Cologne", "科隆"), city("DUS", "Düsseldorf", "杜塞尔多夫")],
      ],
      ["DE-HH", "Hamburg", "汉堡州", [city("HAM", "Hamburg", "汉堡")]],
    ],
  ],
  [
    "IT",
    "Italy",
    "意大利",
    [
      ["IT-25", "Lombardy", "伦巴第大区", [city("MIL", "Milan", "米兰"), city("BGY", "Bergamo", "贝加莫")]],
      ["IT-62", "Lazio", "拉齐奥大区", [city("ROM", "Rome", "罗马")]],
      ["IT-52", "Tuscany", "托斯卡纳大区", [city("FLR", "Florence", "佛罗伦萨"), city("PSA", "Pisa", "比萨")]],
      ["IT-72", "Campania", "坎帕尼亚大区", [city("NAP", "Naples", "那不勒斯")]],
    ],
  ],
  [
    "JP",
    "Japan",
    "日本",
    [
      [
        "JP-13",
        "Tokyo",
        "东京都",
        [city("SHJ", "Shinjuku", "新宿区"), city("SBY", "Shibuya", "涩谷区"), city("CHY", "Chiyoda", "千代田区")],
      ],
      ["JP-27", "Osaka", "大阪府", [city("OSA", "Osaka", "大阪市"), city("SAK", "Sakai", "堺市")]],
      ["JP-26", "Kyoto", "京都府", [city("KYO", "Kyoto", "京都市")]],
      ["JP-14", "Kanagawa", "神奈川县", [city("YOK", "Yokohama", "横滨市")]],
    ],
  ],
  [
    "AU",
    "Australia",
    "澳大利亚",
    [
      [
        "AU-NSW",
        "New South Wales",
        "新南威尔士州",
        [city("SYD", "Sydney", "悉尼"), city("NTL", "Newcastle", "纽卡斯尔")],
      ],
      ["AU-VIC", "Victoria", "维多利亚州", [city("MEL", "Melbourne", "墨尔本"), city("GEX", "Geelong", "吉朗")]],
      [
        "AU-QLD",
        "Queensland",
        "昆士兰州",
        [city("BNE", "Brisbane", "布里斯班"), city("OOL", "Gold Coast", "黄金海岸")],
      ],
      ["AU-WA", "Western Australia", "西澳大利亚州", [city("PER", "Perth", "珀斯")]],
      ["AU-TAS", "Tasmania", "塔斯马尼亚州"],
    ],
  ],
  ["FR", "France", "法国"],
  ["NL", "Netherlands", "荷兰"],
  ["SG", "Singapore", "新加坡"],
  ["CH", "Switzerland", "瑞士"],
];

const SHIPMENT_STATES: readonly Entry[] = [
  ["0", "Not shipped", "未发货"],
  ["1", "Shipped", "已发货"],
];

export const DICT_BASIC = { payment: 2, expressType: 3, country: 4, state: 5, city: 6, shipmentState: 8 } as const;

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
  add(DICT_BASIC.expressType, EXPRESS_TYPES, null);
  const countries = add(DICT_BASIC.country, COUNTRIES, null);
  const states = countries.flatMap(([countryId, country]) => add(DICT_BASIC.state, country[3] ?? [], countryId));
  for (const [stateId, state] of states) add(DICT_BASIC.city, state[3] ?? [], stateId);
  add(DICT_BASIC.shipmentState, SHIPMENT_STATES, null);
  return rows;
}
