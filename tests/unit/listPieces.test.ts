// @vitest-environment jsdom
/**
 * The logic of the list pieces every area shares (src/ui/list): paging in the address, the row
 * selection (kept in the page or by the server), and the paging part of every list's search schema
 * (src/app/search.ts). The views themselves are driven in Chromium by the order lists' browser tests.
 */
import { createElement as h, act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { listSearchShape, searchSchema } from "../../src/app/search.ts";
// the pure modules of src/ui/list (its index also holds views, whose Lingui macros only the app's build compiles)
import { pageCountOf, pageSizeOf, withPage, withPageSize } from "../../src/ui/list/paging.ts";
import {
  summariseSelection,
  useRowSelection,
  withKeys,
  type RowSelection,
  type SelectionStore,
} from "../../src/ui/list/useRowSelection.ts";

const paging = { pageSizes: [20, 40, 60, 80], defaultPageSize: 20 } as const;

describe("a list's paging in the address", () => {
  it("CART-054 CART-055 the page size is one the list offers, else its default", () => {
    expect(pageSizeOf(paging, {})).toBe(20);
    for (const size of [40, 60, 80]) expect(pageSizeOf(paging, { size })).toBe(size);
    for (const size of [10, 15, 100, 0]) expect(pageSizeOf(paging, { size })).toBe(20);
  });

  it("counts the pages of a total", () => {
    expect([0, 1, 20, 21, 40, 41].map((total) => pageCountOf(total, 20))).toEqual([0, 1, 1, 2, 2, 3]);
    expect(pageCountOf(5, 0)).toBe(0);
  });

  it("keeps the rest of the address; the first page and the default size leave it", () => {
    const search = { page: 3, size: 40, status: 10030 };
    expect(withPage(search, 4)).toEqual({ page: 4, size: 40, status: 10030 });
    expect(withPage(search, 1)).toEqual({ page: undefined, size: 40, status: 10030 });
    // a new size starts at the first page
    expect(withPageSize(search, 60, paging)).toEqual({ page: undefined, size: 60, status: 10030 });
    expect(withPageSize(search, 20, paging)).toEqual({ page: undefined, size: undefined, status: 10030 });
  });
});

describe("every list's search schema", () => {
  const schema = searchSchema(listSearchShape);
  it("keeps a positive page and size, from a number or its text; drops anything else", () => {
    expect(schema.parse({ page: 2, size: "40" })).toEqual({ page: 2, size: 40 });
    for (const bad of [0, -1, 1.5, "", "two", null, [2], true])
      expect(schema.parse({ page: bad, size: bad })).toEqual({});
  });
  it("an area extends it with its own fields, each dropped alone when malformed", () => {
    const area = searchSchema({ ...listSearchShape, type: listSearchShape.page });
    expect(area.parse({ page: "x", size: 20, type: 3 })).toEqual({ size: 20, type: 3 });
  });
});

interface Row {
  id: string;
  mine: boolean;
  check: 0 | 1;
}
const rows: Row[] = [
  { id: "a", mine: true, check: 1 },
  { id: "b", mine: true, check: 0 },
  { id: "c", mine: false, check: 1 },
];

describe("the row selection's rules", () => {
  it("only selectable rows count; all are selected when every selectable one is", () => {
    const mine = (row: Row) => row.mine;
    const checked = (row: Row) => row.check === 1;
    expect(summariseSelection(rows, mine, checked)).toEqual({
      selectable: [rows[0], rows[1]],
      selected: [rows[0]],
      allSelected: false,
    });
    expect(summariseSelection(rows, mine, () => true).allSelected).toBe(true);
    // nothing selectable is never "all selected"
    expect(
      summariseSelection(
        rows,
        () => false,
        () => true,
      ).allSelected,
    ).toBe(false);
    expect(summariseSelection([], mine, checked).allSelected).toBe(false);
  });

  it("adds and takes out keys; an unchanged selection is the same set", () => {
    const keys = new Set(["a"]);
    expect([...withKeys(keys, ["b", "c"], true)]).toEqual(["a", "b", "c"]);
    expect([...withKeys(keys, ["a", "z"], false)]).toEqual([]);
    expect(withKeys(keys, ["a"], true)).toBe(keys);
    expect(withKeys(keys, ["z"], false)).toBe(keys);
  });
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

/** Renders the hook over `rows` and hands back its latest answer. */
function renderSelection(options: { rows: readonly Row[]; store?: SelectionStore<Row> }) {
  const latest: { current?: RowSelection<Row> } = {};
  function Probe({ rows }: { rows: readonly Row[] }) {
    latest.current = useRowSelection({
      rows,
      rowKey: (row) => row.id,
      canSelect: (row) => row.mine,
      store: options.store,
    });
    return null;
  }
  root = createRoot(document.createElement("div"));
  act(() => root!.render(h(Probe, { rows: options.rows })));
  return {
    get: () => latest.current!,
    rerender: (next: readonly Row[]) => act(() => root!.render(h(Probe, { rows: next }))),
  };
}

describe("useRowSelection", () => {
  it("PROD-003 kept in the page: rows are selected by key, only selectable ones, and select-all takes every one", () => {
    const view = renderSelection({ rows });
    expect(view.get().selected).toEqual([]);
    act(() => view.get().set([rows[1]!, rows[2]!], true));
    // c is not the caller's: it stays out
    expect(view.get().selected.map((row) => row.id)).toEqual(["b"]);
    expect(view.get().isSelected(rows[2]!)).toBe(false);
    act(() => view.get().setAll(true));
    expect(view.get().allSelected).toBe(true);
    act(() => view.get().set([rows[0]!], false));
    expect(view.get().selected.map((row) => row.id)).toEqual(["b"]);
    expect(view.get().busy).toBe(false);
  });

  it("PROD-003 kept across pages: a row selected on one page is selected again when it comes back", () => {
    const view = renderSelection({ rows });
    act(() => view.get().set([rows[0]!], true));
    view.rerender([{ id: "d", mine: true, check: 0 }]);
    expect(view.get().selected).toEqual([]);
    view.rerender(rows);
    expect(view.get().selected.map((row) => row.id)).toEqual(["a"]);
  });

  it("CART-034 kept by the server: the store says what is selected and takes the change, busy while it runs", () => {
    const calls: { ids: string[]; on: boolean }[] = [];
    const store: SelectionStore<Row> = {
      isSelected: (row) => row.check === 1,
      set: (changed, on) => calls.push({ ids: changed.map((row) => row.id), on }),
      busy: true,
    };
    const view = renderSelection({ rows, store });
    expect(view.get().selected.map((row) => row.id)).toEqual(["a"]);
    expect(view.get().busy).toBe(true);
    act(() => view.get().setAll(false));
    act(() => view.get().set([rows[2]!], true));
    act(() => view.get().set([rows[1]!], true));
    // select-all sends the page's selectable rows in one call; a row that may not be selected sends nothing
    expect(calls).toEqual([
      { ids: ["a", "b"], on: false },
      { ids: ["b"], on: true },
    ]);
    // the page keeps nothing itself: the server's flag is the selection
    expect(view.get().selected.map((row) => row.id)).toEqual(["a"]);
  });
});
