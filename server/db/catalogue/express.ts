import type { expressCompanies } from "../schema.ts";

/**
 * The express companies (`GET pc/expressdict/list`, dictionary category 92, ADDR-029, ADDR-032), ids
 * 92001.. in this order: names in both languages, the carrier's public tracking page (`{waybill}` where
 * the waybill number goes: domain/addresses.ts `trackingUrl`) and the countries they deliver to (the
 * country codes of dictBasic.ts; "*" every seeded country).
 */
type Express = readonly [code: string, en: string, zh: string, url: string, countries: readonly string[]];

const EXPRESS: readonly Express[] = [
  [
    "DHL",
    "DHL Express",
    "DHL 国际快递",
    "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={waybill}",
    ["*"],
  ],
  ["FEDEX", "FedEx", "联邦快递", "https://www.fedex.com/fedextrack/?trknbr={waybill}", ["*"]],
  ["UPS", "UPS", "UPS 快递", "https://www.ups.com/track?loc=en_US&tracknum={waybill}", ["*"]],
  [
    "SF",
    "SF Express",
    "顺丰速运",
    "https://www.sf-express.com/chn/en/waybill/waybill-detail/{waybill}",
    ["CN", "US", "GB", "DE", "JP", "AU", "SG"],
  ],
  ["EMS", "China Post EMS", "中国邮政 EMS", "https://www.ems.com.cn/queryList?mailNum={waybill}", ["CN"]],
  ["ZTO", "ZTO Express", "中通快递", "https://www.zto.com/?num={waybill}", ["CN"]],
  ["USPS", "USPS", "美国邮政", "https://tools.usps.com/go/TrackConfirmAction?tLabels={waybill}", ["US"]],
  [
    "ROYALMAIL",
    "Royal Mail",
    "英国皇家邮政",
    "https://www.royalmail.com/track-your-item#/tracking-results/{waybill}",
    ["GB"],
  ],
  ["DPD", "DPD", "DPD 快递", "https://www.dpd.com/tracking/?parcelNumber={waybill}", ["GB", "DE", "FR", "NL", "CH"]],
  [
    "DHLPAKET",
    "Deutsche Post DHL Paket",
    "德国邮政 DHL 包裹",
    "https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode={waybill}",
    ["DE"],
  ],
  [
    "POSTEIT",
    "Poste Italiane",
    "意大利邮政",
    "https://www.poste.it/cerca/index.html#/risultati-spedizioni/{waybill}",
    ["IT"],
  ],
  ["BRT", "BRT Bartolini", "BRT 快递", "https://vas.brt.it/vas/sped_det_show.hsm?Nspediz={waybill}", ["IT"]],
  [
    "JPPOST",
    "Japan Post",
    "日本邮政",
    "https://trackings.post.japanpost.jp/services/srv/search/?requestNo1={waybill}&locale=en",
    ["JP"],
  ],
  [
    "YAMATO",
    "Yamato Transport",
    "大和运输",
    "https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number01={waybill}",
    ["JP"],
  ],
  ["AUSPOST", "Australia Post", "澳大利亚邮政", "https://auspost.com.au/mypost/track/details/{waybill}", ["AU"]],
  [
    "COLISSIMO",
    "La Poste Colissimo",
    "法国邮政 Colissimo",
    "https://www.laposte.fr/outils/suivre-vos-envois?code={waybill}",
    ["FR"],
  ],
  ["POSTNL", "PostNL", "荷兰邮政", "https://jouw.postnl.nl/track-and-trace/{waybill}", ["NL"]],
  ["SINGPOST", "SingPost", "新加坡邮政", "https://www.singpost.com/track-items?trackingid={waybill}", ["SG"]],
  [
    "SWISSPOST",
    "Swiss Post",
    "瑞士邮政",
    "https://service.post.ch/ekp-web/ui/list?formattedParcelCodes={waybill}",
    ["CH"],
  ],
];

/** ADDR-032: the dictionary category of the express companies. */
export const EXPRESS_CATEGORY = 92;

export function expressRows(): Array<typeof expressCompanies.$inferInsert> {
  return EXPRESS.map(([code, enName, zhName, expressUrl, countryCodes], pos) => ({
    id: EXPRESS_CATEGORY * 1000 + pos + 1,
    code,
    enName,
    zhName,
    expressUrl,
    countryCodes: [...countryCodes],
    pos,
  }));
}
