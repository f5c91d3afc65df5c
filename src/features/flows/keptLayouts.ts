/**
 * The kept layouts (layouts/<machine>.<lang>.json, `npm run flows:layouts`): each its own small chunk,
 * loaded by the `/flows/<machine>` route's loader in parallel with the page's code, so that the page's
 * first render can already draw the picture. No layout code here: this module is all the route adds to
 * the app's first load (a table of dynamic imports).
 */
import type { StoredLayout } from "./layout.ts";
import type { Lang } from "./labels.ts";

const KEPT = import.meta.glob<StoredLayout>("./layouts/*.json", { import: "default" });
const loaded = new Map<string, StoredLayout | undefined>();

/** The kept layout of a machine in `lang` (undefined when none is kept). */
export async function loadKept(id: string, lang: Lang): Promise<StoredLayout | undefined> {
  const name = `${id}.${lang}`;
  if (loaded.has(name)) return loaded.get(name);
  const kept = await KEPT[`./layouts/${name}.json`]?.().catch(() => undefined);
  loaded.set(name, kept);
  return kept;
}

/** The kept layout when it is already loaded, at once. */
export const keptNow = (id: string, lang: Lang): StoredLayout | undefined => loaded.get(`${id}.${lang}`);
