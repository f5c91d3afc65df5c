/** Monogram (embroidery) rows of order entry (000 §2.6, §5; D-12). */
import { EMBROIDERY_SIZE_CATEGORIES, UPLOADED_FONT_ID } from "./ids.ts";

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

export { EMBROIDERY_SIZE_CATEGORIES, UPLOADED_FONT_ID };

export const offersSizes = (category: number) => EMBROIDERY_SIZE_CATEGORIES.includes(category);

export type MonogramMissing = "site" | "color" | "font" | "size" | "content" | "file";
/** QO-142: the message names the site and the missing item. */
export type MonogramRefusal =
  { key: "monogram.missing"; site: string; missing: MonogramMissing } | { key: "monogram.duplicateSite"; site: string };

/** QO-137..141: what a row lacks first: site, colour, font, size (only where sizes exist), then content or the uploaded file. */
export function missingInRow(
  row: Pick<MonogramRow, "site" | "color" | "font" | "embSize" | "content" | "file">,
  category: number,
): MonogramMissing | null {
  if (row.site === null) return "site";
  if (row.color === null) return "color";
  if (row.font === null) return "font";
  if (offersSizes(category) && row.embSize === null) return "size";
  if (row.font === UPLOADED_FONT_ID) return row.file ? null : "file";
  return row.content.trim() ? null : "content";
}

/** A row a price can be given for: everything but its content or artwork is chosen (a quote leaves the others out). */
export const isPriceable = (missing: MonogramMissing | null) =>
  missing === null || missing === "content" || missing === "file";

/** The first row that lacks something, named by its site (QO-142). */
export function firstMonogramRefusal(rows: readonly MonogramRow[], category: number): MonogramRefusal | null {
  for (const row of rows) {
    const missing = missingInRow(row, category);
    if (missing) return { key: "monogram.missing", site: row.siteName || "", missing };
  }
  return null;
}

/** QO-152: a position already used by another row is refused (and the new pick cleared). */
export function isDuplicateSite(rows: readonly MonogramRow[], rowIndex: number, site: number): boolean {
  return rows.some((row, i) => i !== rowIndex && row.site === site);
}

/** The monogram rows' edits (000 §2.6; QO-152), as the flows receive them. */
export type MonogramEdit =
  | { type: "user.addMonogram" }
  | { type: "user.removeMonogram"; index: number }
  | { type: "user.editMonogram"; index: number; patch: Partial<MonogramRow> }
  /** QO-120: removing the accessory series clears the embroidery. */
  | { type: "monogram.clear" };
export interface MonogramEdited {
  rows: MonogramRow[];
  refusal: MonogramRefusal | null;
}

/** Only an existing row can be edited or removed. */
export const isMonogramRow = (rows: readonly MonogramRow[], index: number) =>
  Number.isInteger(index) && index >= 0 && index < rows.length;

/** A new row (QO-053: added here). */
export const emptyMonogramRow = (): MonogramRow => ({
  site: null,
  siteName: "",
  color: null,
  font: null,
  embSize: null,
  content: "",
  file: null,
  fileName: "",
  sourceType: "add",
});

/** The monogram rows' reducer: what an edit makes of the rows (the rule of each edit). */
export function editMonogram(rows: readonly MonogramRow[], event: MonogramEdit): MonogramEdited {
  switch (event.type) {
    case "user.addMonogram":
      return { rows: [...rows, emptyMonogramRow()], refusal: null };
    case "user.removeMonogram":
      return { rows: rows.filter((_, i) => i !== event.index), refusal: null };
    case "user.editMonogram":
      // QO-152: "position already exists", and the pick is cleared
      if (event.patch.site != null && isDuplicateSite(rows, event.index, event.patch.site)) {
        return {
          rows: rows.map((row, i) => (i === event.index ? { ...row, site: null, siteName: "" } : row)),
          refusal: { key: "monogram.duplicateSite", site: event.patch.siteName ?? "" },
        };
      }
      return { rows: rows.map((row, i) => (i === event.index ? { ...row, ...event.patch } : row)), refusal: null };
    case "monogram.clear":
      return { rows: [], refusal: null };
  }
}
