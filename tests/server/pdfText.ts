import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api.js";

/**
 * The text of a PDF of the server, read back with pdf.js (the order details, the billing statement, the
 * packing list): every page's items with their position and width, and all of it one item a line.
 */
export async function pdfText(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: Array<{ view: number[]; items: TextItem[] }> = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push({ view: page.view, items: content.items.filter((item): item is TextItem => "str" in item) });
  }
  await doc.destroy();
  return { pages, text: pages.flatMap((page) => page.items.map((item) => item.str)).join("\n") };
}
