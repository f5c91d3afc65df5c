import type { customers } from "../schema.ts";
import { convertLength, convertWeight } from "../../../domain/units.ts";
import { GARMENT, GENDER, HEIGHT_UNIT, MEASURE, WEIGHT_UNIT } from "./ids.ts";
import { PARTS_BY_CATEGORY, partId } from "./measurements.ts";
import { postureRows } from "./postures.ts";

/**
 * The demo customer books: 32 customers for `demo`, 3 for `demo-sub1`, 4 for `acme`. Some carry
 * stored measurements (per garment category and method) and posture choices.
 */
type CustomerRow = Omit<typeof customers.$inferInsert, "memberId">;

const male: ReadonlyArray<readonly [string, string]> = [
  ["James", "Jim"],
  ["William", "Will"],
  ["Oliver", "Ollie"],
  ["Henry", "Harry"],
  ["Thomas", "Tom"],
  ["Edward", "Ted"],
  ["Lucas", "Luke"],
  ["Daniel", "Dan"],
  ["Michael", "Mike"],
  ["Alexander", "Alex"],
  ["Wei", "Wei"],
  ["Hiroshi", "Hiro"],
  ["Marco", "Marco"],
  ["Ahmed", "Ahmed"],
  ["Rafael", "Rafa"],
  ["Samuel", "Sam"],
  ["Noah", "Noah"],
  ["Benjamin", "Ben"],
  ["Arthur", "Art"],
  ["George", "Geo"],
  ["Jun", "Jun"],
  ["Luca", "Luca"],
  ["Patrick", "Pat"],
  ["Stefan", "Stef"],
];
const female: ReadonlyArray<readonly [string, string]> = [
  ["Charlotte", "Lottie"],
  ["Emma", "Em"],
  ["Sophia", "Sophie"],
  ["Isabella", "Bella"],
  ["Mei", "Mei"],
  ["Yuki", "Yuki"],
  ["Chiara", "Chiara"],
  ["Amelia", "Millie"],
];
const lastNames = [
  "Whitmore",
  "Harrington",
  "Chen",
  "Rossi",
  "Tanaka",
  "Okafor",
  "Fernandez",
  "Lindqvist",
  "Zhang",
  "Carter",
  "Brooks",
  "Dubois",
  "Novak",
  "Kowalski",
  "Haddad",
  "Silva",
  "Nakamura",
  "Murphy",
  "Schmidt",
  "Moreau",
  "Walsh",
  "Kim",
  "Patel",
  "Jensen",
  "Romano",
  "Bauer",
  "Ivanova",
  "Costa",
  "Duarte",
  "Laurent",
  "Sato",
  "Wright",
];
const streets = [
  "Savile Row",
  "Jermyn Street",
  "Via Montenapoleone",
  "Nanjing Road",
  "Fifth Avenue",
  "Rue du Faubourg",
];
const cities = ["London", "Milan", "Shanghai", "New York", "Paris"];
const remarks = [
  "Prefers a slim fit",
  "",
  "Wedding in June; needs the suit by May",
  "",
  "Left arm 1 cm longer",
  "Regular client since 2019",
];

const half = (n: number) => Math.round(n * 2) / 2;

function customer(k: number, name: readonly [string, string], last: string, femaleCustomer: boolean): CustomerRow {
  const heightCm = femaleCustomer ? 155 + ((k * 5) % 20) : 165 + ((k * 7) % 30);
  const weightKg = femaleCustomer ? 50 + ((k * 7) % 25) : 62 + ((k * 11) % 45);
  const inches = k % 8 === 5;
  const pounds = k % 8 === 6;
  const email = `${name[0]}.${last}@example.com`.toLowerCase();
  return {
    custName: `${name[0]} ${last}`,
    shortName: name[1],
    genderId: femaleCustomer ? GENDER.female : GENDER.male,
    height: inches ? convertLength(heightCm, HEIGHT_UNIT.cm, HEIGHT_UNIT.inch) : heightCm,
    heightUnit: inches ? HEIGHT_UNIT.inch : HEIGHT_UNIT.cm,
    weight: pounds ? convertWeight(weightKg, WEIGHT_UNIT.kg, WEIGHT_UNIT.lb) : weightKg,
    weightUnit: pounds ? WEIGHT_UNIT.lb : WEIGHT_UNIT.kg,
    phone: `+1 202 555 0${100 + k}`,
    email: k % 7 === 4 ? "" : email,
    address: k % 9 === 8 ? "" : `${10 + k} ${streets[k % streets.length]}, ${cities[k % cities.length]}`,
    birthdate:
      k % 10 === 9
        ? null
        : `${1960 + ((k * 3) % 40)}-${String(1 + (k % 12)).padStart(2, "0")}-${String(1 + ((k * 5) % 28)).padStart(2, "0")}`,
    remark: remarks[k % remarks.length]!,
  };
}

export function demoCustomers(): CustomerRow[] {
  return Array.from({ length: 32 }, (_, k) => {
    const isFemale = k % 4 === 3;
    const name = isFemale ? female[Math.floor(k / 4) % female.length]! : male[(k - Math.floor(k / 4)) % male.length]!;
    return customer(k, name, lastNames[k]!, isFemale);
  });
}

export const subAccountCustomers = (): CustomerRow[] => [
  customer(40, ["Victor", "Vic"], "Hale", false),
  customer(41, ["Nina", "Nina"], "Brandt", true),
  customer(42, ["Ken", "Ken"], "Ito", false),
];

export const acmeCustomers = (): CustomerRow[] => [
  customer(50, ["Zhou", "Xiao Zhou"], "Min", false),
  customer(51, ["Paolo", "Paolo"], "Bianchi", false),
  customer(52, ["Liam", "Liam"], "Walsh", false),
  customer(53, ["Sara", "Sara"], "Holm", true),
];

/** Stored measurements of the k-th customer of a book: values around the defaults, on the 0.5 grid. */
export function storedSizes(customerId: number, k: number) {
  const rows: Array<{ customerId: number; categoryId: number; partId: number; partSize: number }> = [];
  const deviation = (k % 5) - 2;
  const add = (categoryId: number, measureType: number) => {
    for (const p of PARTS_BY_CATEGORY[categoryId as keyof typeof PARTS_BY_CATEGORY]) {
      const ease = measureType === MEASURE.finished ? p.ease[1] : 0;
      const value = Math.min(p.max + p.ease[2], Math.max(p.min + ease, half(p.def + ease + deviation * p.step)));
      rows.push({ customerId, categoryId, partId: partId(categoryId, measureType, p.code), partSize: value });
    }
  };
  if (k % 2 === 0) add(GARMENT.suit, MEASURE.body);
  if (k % 3 === 0) add(GARMENT.shirt, MEASURE.finished);
  if (k % 4 === 0) add(GARMENT.trousers, MEASURE.body);
  return rows;
}

/** Posture choices: every fourth customer has sloping shoulders and a slight belly on the suit. */
const posture = postureRows();

export function storedSpecials(customerId: number, k: number) {
  const { specs, details } = posture;
  const choose = (categoryId: number, specName: string, detailEn: string) => {
    const spec = specs.find((s) => s.categoryId === categoryId && s.enName === specName)!;
    const detail = details.find((d) => d.specId === spec.id && d.enName === detailEn)!;
    return { customerId, specId: spec.id, detailId: detail.id };
  };
  const rows = [];
  if (k % 4 === 0)
    rows.push(choose(GARMENT.suit, "Shoulders", "Sloping shoulders"), choose(GARMENT.suit, "Belly", "Slight belly"));
  if (k % 6 === 0) rows.push(choose(GARMENT.shirt, "Back", "Stooped back"));
  return rows;
}
