import { parseCents } from "../../../domain/money.ts";
import { REQUIRED_CRAFT_TYPE, splitList, STYLE_SEARCH_MIN } from "../../../domain/orderEntry/style.ts";

/** SO-029: the style search starts at 4 typed characters (the server's minimum too). */
export { STYLE_SEARCH_MIN };

/** The quiet time after the last keystroke before the style search asks the server. */
export const STYLE_SEARCH_DEBOUNCE_MS = 300;

/** The longest keyword the server takes (GET pc/curablestyle: keyword maxLength). */
export const STYLE_SEARCH_MAX = 50;

/**
 * SO-029: the keyword the style search asks for the typed text, or null while fewer than
 * STYLE_SEARCH_MIN characters are typed (after trimming): then nothing is asked.
 */
export function styleSearchKeyword(text: string): string | null {
  const keyword = text.trim().slice(0, STYLE_SEARCH_MAX);
  return keyword.length >= STYLE_SEARCH_MIN ? keyword : null;
}

/** A craft of a piece as the piece panel shows it (SO-030). */
export interface PieceCraftRow {
  id: number;
  name: string;
  /** SO-018: type 2 must have a value. */
  required: boolean;
  /** The values to choose from; empty for free text. */
  choices: string[];
  priceCents: number;
}

/** SO-030: the crafts of a piece found (GET pc/curablestyle/{pid}/{id}), ready for the panel. */
export const pieceCraftRows = (
  crafts: ReadonlyArray<{
    id: number;
    name: string;
    type: number;
    chooseContent: string;
    chooseContentName?: string;
    price: string;
  }>,
): PieceCraftRow[] =>
  crafts.map((craft) => ({
    id: craft.id,
    name: craft.name,
    required: craft.type === REQUIRED_CRAFT_TYPE,
    // issue 20 §6: the choices as the reader's language names them
    choices: splitList(craft.chooseContentName ?? craft.chooseContent),
    priceCents: parseCents(craft.price) ?? 0,
  }));
