import type { QuickOrderContext, RememberedPicks } from "../../../machines/quickOrder/quickOrder.machine.ts";
import { selectRememberedPicks } from "../../../machines/orderEntry/selectors.ts";
import type { OrderEntryRef } from "./orderEntryRef.ts";

/**
 * QO-083, QO-084: the per-garment-category selection cache (craft, contrast and monogram picks),
 * kept in the tab's session storage so it survives the page reload of a category switch and ends
 * with the tab. QO-018: synced COPY accessories (group code → option code) live beside it. Each
 * entry carries when it was written, so a later sync wins over an older remembered category and
 * a later pick in the category wins over an older sync.
 */
const KEY = "mtm.orderEntry.selections";

interface Stored {
  categories: Record<string, { at: number; picks: RememberedPicks }>;
  synced: Record<string, { at: number; option: string }>;
}

function read(): Stored {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Stored>) : {};
    return { categories: parsed.categories ?? {}, synced: parsed.synced ?? {} };
  } catch {
    return { categories: {}, synced: {} };
  }
}

function write(stored: Stored) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the cache is a convenience, the order itself is unaffected.
  }
}

/** A strictly increasing clock, so two writes in one millisecond still order. */
let last = 0;
const now = () => (last = Math.max(Date.now(), last + 1));

/** What a new order of the category starts from: its remembered picks and the newer synced accessories. */
export function recall(categoryId: number): { remembered?: RememberedPicks; synced: Record<string, string> } {
  const stored = read();
  const entry = stored.categories[String(categoryId)];
  const synced = Object.fromEntries(
    Object.entries(stored.synced)
      .filter(([, s]) => !entry || s.at > entry.at)
      .map(([group, s]) => [group, s.option]),
  );
  return { ...(entry ? { remembered: entry.picks } : {}), synced };
}

/** QO-083: remembers the picks of the category, unless they are unchanged. */
export function remember(context: QuickOrderContext) {
  rememberPicks(context.categoryId, selectRememberedPicks({ context }));
}

/** QO-083: remembers the picks the order told for its category, unless they are unchanged. */
export function rememberPicks(categoryId: number, picks: RememberedPicks) {
  const stored = read();
  const key = String(categoryId);
  if (JSON.stringify(stored.categories[key]?.picks) === JSON.stringify(picks)) return;
  stored.categories[key] = { at: now(), picks };
  write(stored);
}

/** QO-018: the choice of a COPY accessory group for the other categories. */
export function sync(group: string, option: string) {
  const stored = read();
  stored.synced[group] = { at: now(), option };
  write(stored);
}

/** An order that was saved or submitted takes its picks with it: the next order of the category starts afresh. */
export function forget(categoryId: number) {
  const stored = read();
  delete stored.categories[String(categoryId)];
  write(stored);
}

/**
 * QO-083, QO-018: keeps the cache for a running order, from the one place outside the views: the
 * order tells when a new order's picks change (`picks.changed`), when a saved or submitted one takes
 * them with it (`picks.settled`) and when a COPY accessory is synced; each is written once, when told.
 * Returns the unsubscribe.
 */
export function keepSelections(order: OrderEntryRef): () => void {
  const subscriptions = [
    order.on("picks.changed", (e) => rememberPicks(e.categoryId, e.picks)),
    order.on("picks.settled", (e) => forget(e.categoryId)),
    order.on("accessory.synced", (e) => sync(e.group, e.option)),
  ];
  return () => subscriptions.forEach((s) => s.unsubscribe());
}
