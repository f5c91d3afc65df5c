import { assign, sendParent, setup } from "xstate";
import { isDuplicateSite, type MonogramRefusal, type MonogramRow } from "./monogramRules.ts";

/**
 * The monogram (embroidery) rows of one garment (000 §2.6, §5): rows added, edited and removed, a
 * position used by another row refused (QO-152). Reused by the simple, quick and professional
 * orders; it tells its parent every change (`monogram.changed`), which checks the rows on Next
 * (QO-137..142) and saves them.
 */
export interface MonogramInput {
  rows: MonogramRow[];
}
export interface MonogramContext {
  rows: MonogramRow[];
  refusal: MonogramRefusal | null;
}
export type MonogramEvent =
  | { type: "user.addMonogram" }
  | { type: "user.removeMonogram"; index: number }
  | { type: "user.editMonogram"; index: number; patch: Partial<MonogramRow> }
  /** QO-120: the parent removed the accessory series, which clears the embroidery. */
  | { type: "monogram.clear" };
/** Sent to the parent after every change; `refusal` when the change was refused (QO-152). */
export type MonogramChanged = { type: "monogram.changed"; rows: MonogramRow[]; refusal: MonogramRefusal | null };

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

/** What an event makes of the rows: the rule of each event. */
function nextMonogram(rows: readonly MonogramRow[], event: MonogramEvent): MonogramContext {
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

export const monogramMachine = setup({
  types: { context: {} as MonogramContext, events: {} as MonogramEvent, input: {} as MonogramInput },
  actions: {
    apply: assign(({ context, event }) => nextMonogram(context.rows, event)),
    tellParent: sendParent(({ context }): MonogramChanged => ({
      type: "monogram.changed",
      rows: context.rows,
      refusal: context.refusal,
    })),
  },
  guards: {
    // Only an existing row can be edited or removed
    isRow: ({ context, event }) =>
      "index" in event && Number.isInteger(event.index) && event.index >= 0 && event.index < context.rows.length,
  },
}).createMachine({
  id: "monogram",
  context: ({ input }) => ({ rows: input.rows, refusal: null }),
  on: {
    "user.addMonogram": { actions: ["apply", "tellParent"] },
    "user.editMonogram": { guard: "isRow", actions: ["apply", "tellParent"] },
    "user.removeMonogram": { guard: "isRow", actions: ["apply", "tellParent"] },
    "monogram.clear": { actions: ["apply", "tellParent"] },
  },
});
