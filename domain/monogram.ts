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

/** The choices of a row picked from the category's options (QO-032, D-12: size only where offered). */
export type MonogramOptionKind = "site" | "color" | "font" | "size";
/** The fields of a row each kind of pick sets: the option's id and its display name (QO-052). */
const OPTION_FIELDS = {
  site: ["site", "siteName"],
  color: ["color", "colorName"],
  font: ["font", "fontName"],
  size: ["embSize", "embSizeName"],
} as const satisfies Record<MonogramOptionKind, readonly [keyof MonogramRow, keyof MonogramRow]>;

/** The monogram rows' edits (000 §2.6; QO-152), as the flows receive them: views send the intents. */
export type MonogramEdit =
  | { type: "user.addMonogram" }
  | { type: "user.removeMonogram"; index: number }
  | {
      type: "user.pickMonogramOption";
      index: number;
      kind: MonogramOptionKind;
      option: { id: number; name: string } | null;
    }
  | { type: "user.setMonogramText"; index: number; content: string }
  /** QO-032: the uploaded artwork of font 1500 (its attachment id and file name), or none. */
  | { type: "user.attachMonogramFile"; index: number; file: { id: string; name: string } | null }
  /** Several fields at once (a row loaded or filled by a test); the same rules apply. */
  | { type: "user.editMonogram"; index: number; patch: Partial<MonogramRow> }
  /** QO-120: removing the accessory series clears the embroidery. */
  | { type: "monogram.clear" };
export type MonogramRowEdit = Extract<MonogramEdit, { index: number }>;

/** What an edit of one row changes in it. */
function patchOf(event: Exclude<MonogramRowEdit, { type: "user.removeMonogram" }>): Partial<MonogramRow> {
  switch (event.type) {
    case "user.pickMonogramOption": {
      const [id, name] = OPTION_FIELDS[event.kind];
      return { [id]: event.option?.id ?? null, [name]: event.option?.name ?? "" };
    }
    case "user.setMonogramText":
      return { content: event.content };
    case "user.attachMonogramFile":
      return { file: event.file?.id ?? null, fileName: event.file?.name ?? "" };
    case "user.editMonogram":
      return event.patch;
  }
}

export interface MonogramEdited {
  rows: MonogramRow[];
  refusal: MonogramRefusal | null;
}

/** Only an existing row can be edited or removed. */
export const isMonogramRow = (rows: readonly MonogramRow[], index: number) =>
  Number.isInteger(index) && index >= 0 && index < rows.length;

/** The edits that name a row (the flows guard them with isMonogramRow). */
export const editsRow = (event: { type: string }): event is MonogramRowEdit =>
  [
    "user.removeMonogram",
    "user.pickMonogramOption",
    "user.setMonogramText",
    "user.attachMonogramFile",
    "user.editMonogram",
  ].includes(event.type);

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
    case "user.pickMonogramOption":
    case "user.setMonogramText":
    case "user.attachMonogramFile":
    case "user.editMonogram": {
      const patch = patchOf(event);
      // QO-152: "position already exists", and the pick is cleared
      if (patch.site != null && isDuplicateSite(rows, event.index, patch.site)) {
        return {
          rows: rows.map((row, i) => (i === event.index ? { ...row, site: null, siteName: "" } : row)),
          refusal: { key: "monogram.duplicateSite", site: patch.siteName ?? "" },
        };
      }
      return { rows: rows.map((row, i) => (i === event.index ? { ...row, ...patch } : row)), refusal: null };
    }
    case "monogram.clear":
      return { rows: [], refusal: null };
  }
}
