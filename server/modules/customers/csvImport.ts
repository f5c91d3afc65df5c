import { CsvError, parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import { customerRefusals, isCsvFileName, neutralizeCell } from "../../../domain/customer.ts";
import { GENDER, HEIGHT_UNIT, WEIGHT_UNIT } from "../../../domain/ids.ts";
import { round2 } from "../../../domain/units.ts";
import type { Db } from "../../db/client.ts";
import { withTransaction } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import { translate, type Locale } from "../../i18n.ts";
import { customerBookRepository, type CustomerWrite } from "./bookRepository.ts";
import { refusalError } from "./bookService.ts";

/** The import's limits (x-designed): refused with the limit named. */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;

/** The template's columns: the record's field, its English and Chinese header (either is accepted). */
const COLUMNS = [
  ["custName", "Name", "姓名"],
  ["shortName", "Nickname", "昵称"],
  ["gender", "Gender (M/F)", "性别 (M/F)"],
  ["height", "Height", "身高"],
  ["heightUnit", "Height unit (cm/inch)", "身高单位 (cm/inch)"],
  ["weight", "Weight", "体重"],
  ["weightUnit", "Weight unit (kg/lb)", "体重单位 (kg/lb)"],
  ["phone", "Phone", "电话"],
  ["email", "E-mail", "邮箱"],
  ["address", "Address", "地址"],
  ["birthdate", "Birthday (YYYY-MM-DD)", "生日 (YYYY-MM-DD)"],
  ["remark", "Remark", "备注"],
] as const;
type Column = (typeof COLUMNS)[number][0];
const REQUIRED_COLUMNS: readonly Column[] = ["custName", "shortName", "gender", "height", "weight"];

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");
const COLUMN_BY_HEADER = new Map<string, Column>(
  COLUMNS.flatMap(([field, en, zh]) => [
    [normalise(field), field],
    [normalise(en), field],
    [normalise(zh), field],
    [normalise(en.replace(/\s*\(.*\)$/, "")), field],
    [normalise(zh.replace(/\s*\(.*\)$/, "")), field],
  ]),
);

const GENDERS: Record<string, number> = {
  m: GENDER.male,
  male: GENDER.male,
  男: GENDER.male,
  f: GENDER.female,
  female: GENDER.female,
  女: GENDER.female,
};
const LENGTH_UNITS: Record<string, number> = {
  "": HEIGHT_UNIT.cm,
  cm: HEIGHT_UNIT.cm,
  厘米: HEIGHT_UNIT.cm,
  inch: HEIGHT_UNIT.inch,
  in: HEIGHT_UNIT.inch,
  英寸: HEIGHT_UNIT.inch,
};
const WEIGHT_UNITS: Record<string, number> = {
  "": WEIGHT_UNIT.kg,
  kg: WEIGHT_UNIT.kg,
  千克: WEIGHT_UNIT.kg,
  公斤: WEIGHT_UNIT.kg,
  lb: WEIGHT_UNIT.lb,
  lbs: WEIGHT_UNIT.lb,
  磅: WEIGHT_UNIT.lb,
};

/** UTF-8 with or without BOM, else GBK (what Excel in Chinese writes). */
export function decodeCsv(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString("utf8");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, "gbk");
  }
}

/** CUST-032: the file's name must end in .csv. */
export const isCsvName = isCsvFileName;

export interface ImportReport {
  rows: number;
  valid: number;
  invalid: Array<{ line: number; custName: string; reasons: string[] }>;
  duplicates: Array<{ line: number; custName: string; phone: string }>;
  imported: number;
  preview: Array<{ line: number; custName: string; shortName: string; phone: string }>;
}

/** Reads and checks every row; the valid, non-duplicate rows as they will be stored. */
export async function checkCsv(db: Db, memberId: number, bytes: Buffer, locale: Locale) {
  if (bytes.length > CSV_MAX_BYTES) throw new AppError(1002, "import.tooLarge", { mb: CSV_MAX_BYTES / 1024 / 1024 });
  let records: string[][];
  try {
    records = parse(decodeCsv(bytes), {
      skip_empty_lines: true,
      relax_column_count: true,
      bom: true,
      to_line: CSV_MAX_ROWS + 2,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError)
      throw new AppError(1002, "import.broken", { line: (error as CsvError & { lines?: number }).lines ?? 0 });
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new AppError(1002, "import.empty");
  if (rows.length > CSV_MAX_ROWS) throw new AppError(1002, "import.tooManyRows", { rows: CSV_MAX_ROWS });
  const indexOf = new Map<Column, number>();
  header.forEach((h, i) => {
    const column = COLUMN_BY_HEADER.get(normalise(h));
    if (column && !indexOf.has(column)) indexOf.set(column, i);
  });
  const missing = REQUIRED_COLUMNS.find((c) => !indexOf.has(c));
  if (missing) {
    const [, en, zh] = COLUMNS.find(([f]) => f === missing)!;
    throw new AppError(1002, "import.header", { name: locale === "zh" ? zh : en });
  }

  const existing = new Set(
    (await customerBookRepository(db).namePhones(memberId)).map(
      (c) => `${c.custName.trim().toLowerCase()}|${c.phone.trim()}`,
    ),
  );
  const report: ImportReport = { rows: rows.length, valid: 0, invalid: [], duplicates: [], imported: 0, preview: [] };
  const toStore: CustomerWrite[] = [];
  rows.forEach((cells, i) => {
    const line = i + 2;
    const cell = (c: Column) => (indexOf.has(c) ? (cells[indexOf.get(c)!] ?? "").trim() : "");
    const reasons: string[] = [];
    const genderId = GENDERS[cell("gender").toLowerCase()] ?? null;
    const heightUnit = LENGTH_UNITS[cell("heightUnit").toLowerCase()];
    const weightUnit = WEIGHT_UNITS[cell("weightUnit").toLowerCase()];
    if (cell("gender") && genderId === null) reasons.push(translate(locale, "import.genderInvalid"));
    if (heightUnit === undefined) reasons.push(translate(locale, "import.unitInvalid", { value: cell("heightUnit") }));
    if (weightUnit === undefined) reasons.push(translate(locale, "import.unitInvalid", { value: cell("weightUnit") }));
    const record = {
      custName: cell("custName"),
      shortName: cell("shortName"),
      genderId: cell("gender") && genderId === null ? GENDER.male : genderId,
      height: cell("height"),
      heightUnit: heightUnit ?? HEIGHT_UNIT.cm,
      weight: cell("weight"),
      weightUnit: weightUnit ?? WEIGHT_UNIT.kg,
      email: cell("email"),
      birthdate: cell("birthdate"),
    };
    for (const fault of customerRefusals(record)) {
      const error = refusalError(fault, record.birthdate);
      reasons.push(translate(locale, error.key, error.params));
    }
    for (const [c, max] of [
      ["custName", 100],
      ["shortName", 100],
      ["phone", 40],
      ["email", 200],
      ["address", 500],
      ["remark", 1000],
    ] as const)
      if (cell(c).length > max) reasons.push(translate(locale, "validation.invalid", { field: c, detail: `> ${max}` }));
    if (reasons.length > 0) {
      report.invalid.push({ line, custName: record.custName, reasons });
      return;
    }
    const key = `${record.custName.toLowerCase()}|${cell("phone")}`;
    if (existing.has(key)) {
      report.duplicates.push({ line, custName: record.custName, phone: cell("phone") });
      return;
    }
    existing.add(key);
    report.valid += 1;
    if (report.preview.length < 20)
      report.preview.push({ line, custName: record.custName, shortName: record.shortName, phone: cell("phone") });
    toStore.push({
      memberId,
      custName: record.custName,
      shortName: record.shortName,
      genderId: record.genderId!,
      height: round2(Number(record.height)),
      heightUnit: record.heightUnit,
      weight: round2(Number(record.weight)),
      weightUnit: record.weightUnit,
      phone: cell("phone"),
      email: record.email,
      address: cell("address"),
      birthdate: record.birthdate || null,
      remark: cell("remark"),
    });
  });
  return { report, toStore };
}

/**
 * CUST-038: every row checked; when all are valid every new one is stored in one transaction, else
 * nothing is (all or nothing) and the report names every invalid row and why.
 */
export async function importCsv(db: Db, memberId: number, bytes: Buffer, locale: Locale, preview: boolean) {
  const { report, toStore } = await checkCsv(db, memberId, bytes, locale);
  if (preview || report.invalid.length > 0) return report;
  await withTransaction(db, (tx) => customerBookRepository(db).insertMany(toStore, tx));
  return { ...report, imported: toStore.length };
}

const csvLine = (cells: readonly string[]) =>
  cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",");

/** The import template: headers in the caller's language and one example row; UTF-8 with BOM for Excel. */
export function csvTemplate(locale: Locale): string {
  const header = COLUMNS.map(([, en, zh]) => (locale === "zh" ? zh : en));
  const example = [
    "James Whitmore",
    "Jim",
    "M",
    "180",
    "cm",
    "75",
    "kg",
    "+44 20 7946 0000",
    "jim@example.com",
    "1 High Street",
    "1985-04-12",
    "",
  ];
  return `\uFEFF${csvLine(header)}\r\n${csvLine(example)}\r\n`;
}

/** The book as CSV in the template's columns; formula-like cells neutralised (a leading '). */
export async function exportCsv(db: Db, memberId: number, locale: Locale): Promise<string> {
  const rows = await customerBookRepository(db).all(memberId);
  const lines = [csvLine(COLUMNS.map(([, en, zh]) => (locale === "zh" ? zh : en)))];
  for (const c of rows)
    lines.push(
      csvLine(
        [
          c.custName,
          c.shortName,
          c.genderId === GENDER.female ? "F" : "M",
          String(c.height),
          c.heightUnit === HEIGHT_UNIT.inch ? "inch" : "cm",
          String(c.weight),
          c.weightUnit === WEIGHT_UNIT.lb ? "lb" : "kg",
          c.phone,
          c.email,
          c.address,
          c.birthdate ?? "",
          c.remark,
        ].map(neutralizeCell),
      ),
    );
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
