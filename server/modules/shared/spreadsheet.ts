import type { MoneyValue } from "../../../domain/money.ts";

/**
 * The one spreadsheet export of the app (the order lists' since issue 20, the billing ledger's since
 * issue 22): an .xlsx of one sheet, headers in bold, every text cell that looks like a formula stored as
 * text with the quotePrefix style (`looksLikeFormula`), every amount a number in its currency's format.
 */

/** The spreadsheet's media type. */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * A text a spreadsheet would run as a formula (=, +, -, @) or read as a control (tab, CR) when it is
 * typed or edited (CSV/formula injection).
 */
export const looksLikeFormula = (text: string): boolean => /^[=+\-@\t\r]/.test(text);

/**
 * The number format of a guarded cell: text ("@", built-in format 49). The cell keeps its text as it is
 * (no apostrophe in the value) and is stored as a string; `withQuotePrefix` then gives its style the
 * format's own text marker, quotePrefix, so Excel and LibreOffice keep it text when it is edited (issue 20).
 */
const TEXT_FORMAT = "@";
const TEXT_FORMAT_ID = 49;

/**
 * Sets quotePrefix="1" on every cell style of the workbook that uses the text format (only the guarded
 * cells have it). exceljs writes no quotePrefix, so the written package's styles part is amended.
 */
async function withQuotePrefix(xlsx: ArrayBuffer | Buffer): Promise<Buffer> {
  const { default: JSZip } = await import("jszip");
  const zip = await JSZip.loadAsync(xlsx);
  const part = zip.file("xl/styles.xml");
  if (!part) throw new Error("the workbook has no styles part");
  const styles = await part.async("string");
  const marked = styles.replace(/<cellXfs\b[\s\S]*?<\/cellXfs>/, (xfs) =>
    xfs.replace(new RegExp(`<xf\\b(?=[^>]*\\bnumFmtId="${TEXT_FORMAT_ID}")`, "g"), '<xf quotePrefix="1"'),
  );
  zip.file("xl/styles.xml", marked);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/**
 * The spreadsheet's number format of an amount: the app's one money format (domain/money.ts
 * `formatMoney`: the ISO code, then the amount with grouping and two decimals, "USD 1,234.50",
 * "-USD 12.00"), written as an Excel format so the cell stays a number that sums and sorts; the
 * grouping and decimal signs are the reader's own (Excel applies its locale). A currency that is not
 * an ISO code is left out of the format rather than written into it.
 */
const moneyNumFmt = (currency: string) => (/^[A-Z]{3}$/.test(currency) ? `"${currency} "#,##0.00` : "#,##0.00");

/** A column: its header (already translated), its width and the value of a row. */
export type SheetColumn<Row> = [header: string, width: number, value: (row: Row) => string | number | MoneyValue];

/** The rows as an .xlsx workbook of one sheet named `sheetName`. */
export async function workbookOf<Row>(
  sheetName: string,
  columns: ReadonlyArray<SheetColumn<Row>>,
  rows: readonly Row[],
): Promise<Buffer> {
  // Issue 21: exceljs (a quarter of a second of CPU to load) is loaded by the first export, not at start.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map(([header, width]) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).eachCell((cell) => {
    if (typeof cell.value === "string" && looksLikeFormula(cell.value)) cell.numFmt = TEXT_FORMAT;
  });
  for (const row of rows) {
    const values = columns.map(([, , value]) => value(row));
    const added = sheet.addRow(values.map((v) => (typeof v === "string" || typeof v === "number" ? v : v.cents / 100)));
    values.forEach((v, k) => {
      if (typeof v === "object") added.getCell(k + 1).numFmt = moneyNumFmt(v.currency);
      else if (typeof v === "string" && looksLikeFormula(v)) added.getCell(k + 1).numFmt = TEXT_FORMAT;
    });
  }
  return withQuotePrefix(await workbook.xlsx.writeBuffer());
}
