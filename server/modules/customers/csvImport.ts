import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";
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
/** What a multipart form adds around the file (boundaries, part headers): a body larger than the file limit and this is refused unread. */
export const CSV_FORM_OVERHEAD = 64 * 1024;

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

/** The bytes a CSV is read from: a buffer, or a stream (the upload) that says when it was cut at its limit. */
export type CsvSource = Buffer | (AsyncIterable<Buffer> & { truncated?: boolean });

/** How far past the first byte above 0x7f the encoding is decided (UTF-8 if valid there, else GBK). */
const SNIFF_BYTES = 64 * 1024;

const tooLarge = () => new AppError(1002, "import.tooLarge", { mb: CSV_MAX_BYTES / 1024 / 1024 });

type Decode = (bytes: Buffer, end: boolean) => string;

function utf8Decoder(): Decode {
  const decoder = new TextDecoder("utf-8");
  return (bytes, end) => decoder.decode(bytes, { stream: !end });
}

function gbkDecoder(): Decode {
  const decoder = iconv.getDecoder("gbk");
  return (bytes, end) => decoder.write(bytes) + (end ? (decoder.end() ?? "") : "");
}

const isUtf8 = (bytes: Buffer) => {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
};

/**
 * The text of a CSV chunk by chunk as it arrives (issue 24: the import is read as a stream, its memory
 * bounded by the rows it keeps, not the file): UTF-8 with or without BOM, else GBK (what Excel in Chinese
 * writes). ASCII reads the same in both, so the choice waits for the first byte above 0x7f and looks at up
 * to 64 KB from there: valid UTF-8, else GBK. More than CSV_MAX_BYTES, or an upload cut at that limit, is
 * refused with the limit named.
 */
export async function* csvText(source: CsvSource): AsyncGenerator<string> {
  let size = 0;
  let held: Buffer = Buffer.alloc(0);
  let bomChecked = false;
  let decode: Decode | null = null;
  /** Decides the encoding once enough is held (or the file ended); what can be read so far. */
  const settle = (end: boolean): string => {
    if (!bomChecked) {
      if (held.length < 3 && !end) return "";
      bomChecked = true;
      if (held[0] === 0xef && held[1] === 0xbb && held[2] === 0xbf) {
        decode = utf8Decoder();
        held = held.subarray(3);
      }
    }
    if (!decode) {
      const high = held.findIndex((byte) => byte > 0x7f);
      if (high === -1) {
        const ascii = held.toString("latin1");
        held = Buffer.alloc(0);
        return ascii;
      }
      if (held.length - high < SNIFF_BYTES && !end) {
        const ascii = held.subarray(0, high).toString("latin1");
        held = held.subarray(high);
        return ascii;
      }
      decode = isUtf8(held.subarray(0, SNIFF_BYTES)) ? utf8Decoder() : gbkDecoder();
    }
    const text = decode(held, end);
    held = Buffer.alloc(0);
    return text;
  };
  for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
    size += chunk.length;
    if (size > CSV_MAX_BYTES) throw tooLarge();
    let text: string;
    if (decode) text = (decode as Decode)(chunk, false);
    else {
      held = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
      text = settle(false);
    }
    if (text) yield text;
  }
  if (!Buffer.isBuffer(source) && source.truncated) throw tooLarge();
  const rest = decode ? (decode as Decode)(Buffer.alloc(0), true) : settle(true);
  if (rest) yield rest;
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

/**
 * Reads and checks every row as the file streams in (csv-parse's stream API); the valid, non-duplicate
 * rows as they will be stored (at most CSV_MAX_ROWS: the one thing kept in memory besides the report).
 */
export async function checkCsv(db: Db, memberId: number, source: CsvSource, locale: Locale) {
  const parser = parse({ skip_empty_lines: true, relax_column_count: true, bom: true });
  const feeding = pipeline(Readable.from(csvText(source)), parser);
  // a failure of the reading (too large) or of the parsing reaches the loop below through the parser
  feeding.catch(() => undefined);
  let header: string[] | undefined;
  let checkRow: Awaited<ReturnType<typeof rowChecker>> | undefined;
  let rows = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = cells;
        continue;
      }
      rows += 1;
      if (rows > CSV_MAX_ROWS) throw new AppError(1002, "import.tooManyRows", { rows: CSV_MAX_ROWS });
      checkRow ??= await rowChecker(db, memberId, header, locale);
      checkRow(cells, rows + 1);
    }
    await feeding;
  } catch (error) {
    if (error instanceof CsvError)
      throw new AppError(1002, "import.broken", { line: (error as CsvError & { lines?: number }).lines ?? 0 });
    throw error;
  } finally {
    parser.destroy();
  }
  if (!header || rows === 0 || !checkRow) throw new AppError(1002, "import.empty");
  return checkRow.result(rows);
}

/**
 * The check of one row under the file's header (a missing required column refuses the file) against the
 * account's customers and the rows before it (duplicates by name and phone).
 */
async function rowChecker(db: Db, memberId: number, header: readonly string[], locale: Locale) {
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
  const report: ImportReport = { rows: 0, valid: 0, invalid: [], duplicates: [], imported: 0, preview: [] };
  const toStore: CustomerWrite[] = [];
  const check = (cells: readonly string[], line: number) => {
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
  };
  return Object.assign(check, { result: (rows: number) => ({ report: { ...report, rows }, toStore }) });
}

/**
 * CUST-038: every row checked; when all are valid every new one is stored in one transaction, else
 * nothing is (all or nothing) and the report names every invalid row and why.
 */
export async function importCsv(db: Db, memberId: number, source: CsvSource, locale: Locale, preview: boolean) {
  const { report, toStore } = await checkCsv(db, memberId, source, locale);
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
