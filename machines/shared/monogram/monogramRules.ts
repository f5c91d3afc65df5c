/** Monogram (embroidery) rows of order entry (000 §2.6, §5; D-12). */
export interface MonogramRow {
  site: number | null;
  siteName: string;
  color: number | null;
  font: number | null;
  embSize: number | null;
  content: string;
  /** The uploaded artwork's attachment id (font 1500) and its file name. */
  file: string | null;
  fileName?: string;
  /** QO-052: the display names of the chosen colour, font and size. */
  colorName?: string;
  fontName?: string;
  embSizeName?: string;
  /** QO-053: "add" for a row added here, "edit" for a row loaded from a saved order. */
  sourceType?: "add" | "edit";
}

/** D-12: embroidery sizes are offered for these garment categories only. */
export const EMBROIDERY_SIZE_CATEGORIES: readonly number[] = [3000, 5000, 11000];
/** The font that means "the customer uploads the artwork". */
export const UPLOADED_FONT_ID = 1500;

export const offersSizes = (category: number) => EMBROIDERY_SIZE_CATEGORIES.includes(category);

export type MonogramMissing = "site" | "color" | "font" | "size" | "content" | "file";
/** QO-142: the message names the site and the missing item. */
export type MonogramRefusal =
  { key: "monogram.missing"; site: string; missing: MonogramMissing } | { key: "monogram.duplicateSite"; site: string };

/** QO-137..141: site, colour, font, size (only where sizes exist), then content or the uploaded file. */
export function firstMonogramRefusal(rows: readonly MonogramRow[], category: number): MonogramRefusal | null {
  for (const row of rows) {
    const site = row.siteName || "";
    if (row.site === null) return { key: "monogram.missing", site, missing: "site" };
    if (row.color === null) return { key: "monogram.missing", site, missing: "color" };
    if (row.font === null) return { key: "monogram.missing", site, missing: "font" };
    if (offersSizes(category) && row.embSize === null) return { key: "monogram.missing", site, missing: "size" };
    if (row.font === UPLOADED_FONT_ID ? !row.file : !row.content.trim()) {
      return { key: "monogram.missing", site, missing: row.font === UPLOADED_FONT_ID ? "file" : "content" };
    }
  }
  return null;
}

/** QO-152: a position already used by another row is refused (and the new pick cleared). */
export function isDuplicateSite(rows: readonly MonogramRow[], rowIndex: number, site: number): boolean {
  return rows.some((row, i) => i !== rowIndex && row.site === site);
}
