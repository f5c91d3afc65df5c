import { beforeEach, describe, expect, it } from "vitest";
import { forget, recall, remember, sync } from "../../src/features/quickOrder/selectionCache.ts";
import type { QuickOrderContext } from "../../machines/quickOrder/quickOrder.machine.ts";
import { initialContext } from "../../machines/orderEntry/setup.ts";

/** A session storage for node (the browser's is per tab; this one per test). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const context = (categoryId: number, selected: number[]): QuickOrderContext => ({
  ...initialContext({ categoryId }),
  crafts: { selected, texts: {} },
});

beforeEach(() => {
  (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
});

describe("per-category selection cache", () => {
  it("QO-083 QO-084 remembers the picks per category and recalls them", () => {
    remember(context(3000, [11, 21]));
    remember(context(2000, [31]));
    expect(recall(3000).remembered?.crafts.selected).toEqual([11, 21]);
    expect(recall(2000).remembered?.crafts.selected).toEqual([31]);
    expect(recall(1000)).toEqual({ synced: {} });
  });

  it("QO-018 QO-084 a sync newer than a category's picks applies to it; picks made after the sync win", () => {
    remember(context(2000, [31]));
    sync("ACC_BUTTONS", "BTN_COROZO");
    expect(recall(2000).synced).toEqual({ ACC_BUTTONS: "BTN_COROZO" });
    expect(recall(4000).synced).toEqual({ ACC_BUTTONS: "BTN_COROZO" });
    remember(context(2000, [32]));
    expect(recall(2000)).toEqual({
      remembered: expect.objectContaining({ crafts: { selected: [32], texts: {} } }),
      synced: {},
    });
  });

  it("QO-083 an unchanged selection is not written again (its time stays, so a later sync still applies)", () => {
    remember(context(2000, [31]));
    sync("ACC_BUTTONS", "BTN_HORN");
    remember(context(2000, [31]));
    expect(recall(2000).synced).toEqual({ ACC_BUTTONS: "BTN_HORN" });
  });

  it("QO-083 a saved or submitted order's category starts afresh; syncs stay", () => {
    remember(context(3000, [11]));
    sync("ACC_BUTTONS", "BTN_HORN");
    forget(3000);
    expect(recall(3000)).toEqual({ synced: { ACC_BUTTONS: "BTN_HORN" } });
  });

  it("QO-084 unreadable storage is an empty cache, never an error", () => {
    sessionStorage.setItem("mtm.orderEntry.selections", "{not json");
    expect(recall(3000)).toEqual({ synced: {} });
  });
});
