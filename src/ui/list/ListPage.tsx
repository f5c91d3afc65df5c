import type { ReactNode } from "react";
import { Plural, Trans } from "@lingui/react/macro";
import { Button } from "../Button.tsx";

/**
 * The frame of a list page: the title, the toolbar beside it (the list's own: a lookup, the filter
 * button, an export, its actions) and the list under them (notices, count, table, pager).
 */
export function ListPage({
  title,
  testId,
  toolbar,
  children,
}: {
  title: ReactNode;
  testId: string;
  /** What sits right of the title, in order (e.g. `<FilterButton>`, an export button, an action). */
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-[1280px] py-8" data-testid={testId}>
      <div className="mb-6 flex items-end justify-between gap-6">
        <h1 className="text-2xl font-semibold text-brand">{title}</h1>
        {toolbar ? <div className="flex items-end gap-3">{toolbar}</div> : null}
      </div>
      {children}
    </main>
  );
}

/**
 * The number of rows above a list (the caller's text, e.g. `<Plural value={total} one="# order" …/>`),
 * the number selected when the list selects, and "Clear the filter" when a filter is set.
 */
export function ListCount({
  count,
  selected,
  filters,
  onClearFilter,
}: {
  /** The caller's text of the total, in its own noun. */
  count: ReactNode;
  selected?: number;
  /** How many filter fields are set. */
  filters: number;
  onClearFilter: () => void;
}) {
  return (
    <div className="mb-3 flex items-center justify-between">
      <p className="text-sm text-slate-700" role="status">
        {count}
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
 * What a list's table says when it has no rows: a page past the last one offers the first page; an
 * empty list says whether the filter or the list itself is empty. Every text is the caller's (its noun).
 */
export function ListEmpty({
  total,
  filtered,
  texts,
  hint,
  onFirstPage,
  testId,
}: {
  /** How many rows the whole list has: more than 0 means this page is past the last one. */
  total: number;
  filtered: boolean;
  texts: {
    /** A page past the last one ("There are no orders on this page."). */
    pastLastPage: ReactNode;
    /** The heading of an empty list ("No orders here"). */
    empty: ReactNode;
    /** Under it when a filter is set ("No order matches the filter."). */
    noMatch: ReactNode;
  };
  /** Under it when no filter is set: what would appear here. */
  hint: ReactNode;
  onFirstPage: () => void;
  testId: string;
}) {
  if (total > 0)
    return (
      <div className="flex flex-col items-center gap-3">
        {texts.pastLastPage}
        <Button variant="outline" onClick={onFirstPage}>
          <Trans>First page</Trans>
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col items-center gap-1" data-testid={testId}>
      <span className="text-base font-medium text-slate-800">{texts.empty}</span>
      <span className="text-sm">{filtered ? texts.noMatch : hint}</span>
    </div>
  );
}
