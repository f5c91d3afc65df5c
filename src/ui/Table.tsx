import type { ReactNode } from "react";
import { cn } from "./cn.ts";
import { LoadingStatus } from "./RouteStatus.tsx";

export interface Column<T> {
  /** Stable id of the column (also the React key). */
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers and money align right. */
  align?: "left" | "right" | "center";
  className?: string;
  /** The cell names its row (a `th scope="row"`), e.g. the measurement a row of changes is about. */
  rowHeader?: boolean;
}

export interface TableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The table's name (its caption, visible to screen readers only unless `showCaption`). */
  caption: ReactNode;
  showCaption?: boolean;
  /** Shown in one full-width row when there are no rows. */
  empty: ReactNode;
  /**
   * The rows are not read yet (a query with no data): the table says "Loading…", never the empty text,
   * which would tell a tailor there is nothing. Its status is announced (the table is not marked busy).
   */
  loading?: boolean;
  /**
   * What is shown is being read again (a page change, a refetch): `aria-busy` and a thin bar along the top
   * of the table; the rows, or the empty text, stay as they are, at full contrast (never dimmed: dimmed text
   * fails contrast).
   */
  refreshing?: boolean;
  /**
   * `compact`: a small table inside a card (a customer's measurement changes, a style piece's crafts):
   * no frame, tight rows. `comfortable` (the default): a page's data table.
   */
  density?: "comfortable" | "compact";
  /** A test id on every body row. */
  rowTestId?: string;
  className?: string;
  "data-testid"?: string;
}

const alignClass = { left: "text-left", right: "text-right", center: "text-center" } as const;

const densities = {
  comfortable: {
    frame: "relative overflow-x-auto rounded border border-slate-200",
    head: "bg-slate-50 text-slate-700",
    th: "px-4 py-3 font-semibold",
    row: "border-t border-slate-200 hover:bg-slate-50",
    td: "px-4 py-3",
    empty: "px-4 py-8",
  },
  compact: {
    frame: "relative overflow-x-auto",
    head: "text-slate-600",
    th: "py-1 pr-3 font-medium last:pr-0",
    row: "border-t border-slate-100",
    td: "py-1 pr-3 last:pr-0",
    empty: "py-2",
  },
} as const;

/** A data table: real `table` semantics (caption, column headers with scope), an empty row, a busy state. */
export function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption,
  empty,
  loading = false,
  refreshing = false,
  density = "comfortable",
  rowTestId,
  className,
  ...rest
}: TableProps<T>) {
  const look = densities[density];
  const notRead = loading && rows.length === 0;
  const busy = refreshing || (loading && rows.length > 0);
  return (
    <div className={cn(look.frame, className)}>
      {busy ? <div aria-hidden="true" className="absolute inset-x-0 top-0 h-0.5 animate-pulse bg-brand" /> : null}
      <table className="w-full border-collapse text-sm" aria-busy={busy || undefined} {...rest}>
        <caption className={showCaption ? "px-4 py-2 text-left font-semibold text-brand" : "sr-only"}>
          {caption}
        </caption>
        <thead className={look.head}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn(look.th, alignClass[column.align ?? "left"], column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={cn(look.empty, "text-center text-slate-600")}>
                {notRead ? (
                  <div className="flex justify-center">
                    <LoadingStatus inline />
                  </div>
                ) : (
                  empty
                )}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={look.row} data-testid={rowTestId}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? "th" : "td";
                  return (
                    <Cell
                      key={column.id}
                      scope={column.rowHeader ? "row" : undefined}
                      className={cn(
                        look.td,
                        alignClass[column.align ?? "left"],
                        column.rowHeader && "font-normal",
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </Cell>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
