import type { ReactNode } from "react";
import { Plural, Trans } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { LabelLibraryButton } from "../labels/index.ts";
import { FilterButton, PageSizeSelect } from "./ListControls.tsx";
import { OrderLookup } from "./OrderLookup.tsx";
import type { OrderListSearch } from "./search.ts";

/**
 * The frame every order list shares (my order, under production; shipments next): the page with its
 * title and toolbar (the order lookup, the label library, the filter, the export and what the list
 * adds), the notices under it, and the pager. A list composes these and puts its own table between.
 */
export function ListPage({
  title,
  testId,
  filters,
  onFilter,
  exportButton,
  actions,
  children,
}: {
  title: ReactNode;
  testId: string;
  /** How many filter fields are set (the badge on the Filter button). */
  filters: number;
  onFilter: () => void;
  exportButton: ReactNode;
  /** What the list adds to the toolbar after the export (e.g. "Add to shipment"). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-[1280px] py-8" data-testid={testId}>
      <div className="mb-6 flex items-end justify-between gap-6">
        <h1 className="text-2xl font-semibold text-brand">{title}</h1>
        <div className="flex items-end gap-3">
          <OrderLookup />
          <LabelLibraryButton />
          <FilterButton count={filters} onClick={onFilter} />
          {exportButton}
          {actions}
        </div>
      </div>
      {children}
    </main>
  );
}

/** PROD-051: the notice that the list shows a sub-account's orders (read-only), when it does. */
export function MemberNotice({ username, testId }: { username: string | undefined; testId: string }) {
  if (username === undefined) return null;
  return (
    <p className="mb-4 rounded bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid={testId}>
      <Trans>Showing the orders of {username}. Orders of a sub-account are read-only.</Trans>
    </p>
  );
}

/** The one order a lookup opened (`orderNum`), with the way back to the whole list (`showAll` names it). */
export function LookupNotice({
  orderNum,
  showAll,
  onShowAll,
}: {
  orderNum: string | undefined;
  showAll: ReactNode;
  onShowAll: () => void;
}) {
  if (!orderNum) return null;
  return (
    <p className="mb-4 text-sm text-slate-700">
      <Trans>Order {orderNum}</Trans>{" "}
      <Button variant="link" size="sm" onClick={onShowAll}>
        {showAll}
      </Button>
    </p>
  );
}

/** The number of orders (and of the selected ones, when the list selects) with "Clear the filter" when one is set. */
export function ListCount({
  total,
  selected,
  filters,
  onClearFilter,
}: {
  total: number;
  selected?: number;
  filters: number;
  onClearFilter: () => void;
}) {
  return (
    <div className="mb-3 flex items-center justify-between">
      <p className="text-sm text-slate-700" role="status">
        <Plural value={total} one="# order" other="# orders" />
        {selected ? (
          <>
            {" · "}
            <Plural value={selected} one="# selected" other="# selected" />
          </>
        ) : null}
      </p>
      {filters > 0 ? (
        <Button variant="link" size="sm" onClick={onClearFilter}>
          <Trans>Clear the filter</Trans>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The pager under a list: the page size (the list's sizes; its default leaves the address) and the
 * pages. A new size starts at the first page; the first page leaves the address too.
 */
export function ListPager<S extends OrderListSearch>({
  id,
  sizes,
  defaultSize,
  pageSize,
  pageCount,
  search,
  onSearch,
}: {
  id: string;
  sizes: readonly number[];
  defaultSize: number;
  pageSize: number;
  pageCount: number;
  search: S;
  onSearch: (next: S) => void;
}) {
  return (
    <div className="mt-4 flex items-center justify-between">
      <PageSizeSelect
        id={id}
        sizes={sizes}
        value={pageSize}
        onChange={(size) => onSearch({ ...search, size: size === defaultSize ? undefined : size, page: undefined })}
      />
      <Pagination
        page={search.page ?? 1}
        pageCount={pageCount}
        onPageChange={(next) => onSearch({ ...search, page: next === 1 ? undefined : next })}
      />
    </div>
  );
}
