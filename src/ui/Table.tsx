import type { ReactNode } from "react";
import { cn } from "./cn.ts";

export interface Column<T> {
  /** Stable id of the column (also the React key). */
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers and money align right. */
  align?: "left" | "right" | "center";
  className?: string;
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
  /** The rows are being (re)loaded: `aria-busy`, and the rows dim. */
  loading?: boolean;
  className?: string;
  "data-testid"?: string;
}

const alignClass = { left: "text-left", right: "text-right", center: "text-center" } as const;

/** A data table: real `table` semantics (caption, column headers with scope), an empty row, a busy state. */
export function Table<T>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption,
  empty,
  loading,
  className,
  ...rest
}: TableProps<T>) {
  return (
    <div className={cn("overflow-x-auto rounded border border-slate-200", className)}>
      <table className="w-full border-collapse text-sm" aria-busy={loading || undefined} {...rest}>
        <caption className={showCaption ? "px-4 py-2 text-left font-semibold text-brand" : "sr-only"}>
          {caption}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn("px-4 py-3 font-semibold", alignClass[column.align ?? "left"], column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn(loading && "opacity-60")}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-slate-200 hover:bg-slate-50">
                {columns.map((column) => (
                  <td key={column.id} className={cn("px-4 py-3", alignClass[column.align ?? "left"], column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
