import JSZip from "jszip";

/**
 * The cells of a workbook's first sheet stored as text with the quotePrefix style (the format's own
 * text marker: Excel and LibreOffice keep such a cell text when it is edited), by reference ("C2").
 * Read from the package itself: exceljs, which reads the values back, ignores quotePrefix.
 */
export async function quotePrefixedCells(xlsx: ArrayBuffer | Buffer | Uint8Array): Promise<Set<string>> {
  const zip = await JSZip.loadAsync(xlsx);
  const styles = (await zip.file("xl/styles.xml")?.async("string")) ?? "";
  const sheet = (await zip.file("xl/worksheets/sheet1.xml")?.async("string")) ?? "";
  const cellXfs = /<cellXfs\b[\s\S]*?<\/cellXfs>/.exec(styles)?.[0] ?? "";
  const xfs = [...cellXfs.matchAll(/<xf\b[^>]*>/g)].map((m) => /\bquotePrefix="(1|true)"/.test(m[0]));
  const cells = new Set<string>();
  for (const [cell] of sheet.matchAll(/<c\b[^>]*>/g)) {
    const ref = /\br="([A-Z]+\d+)"/.exec(cell)?.[1];
    const style = Number(/\bs="(\d+)"/.exec(cell)?.[1] ?? 0);
    // a text cell: a shared string, an inline string or a string result
    const text = /\bt="(s|inlineStr|str)"/.test(cell);
    if (ref && text && xfs[style]) cells.add(ref);
  }
  return cells;
}
