import { Checkbox } from "../Checkbox.tsx";
import type { Column } from "../Table.tsx";
import type { RowSelection } from "./useRowSelection.ts";

/**
 * The checkbox column of a list that selects (`useRowSelection`): select-all in the header, one box
 * per row, each named for screen readers (`allLabel`, `rowLabel`); a row that may not be selected, and
 * every box while a change is on its way, is disabled. Box ids: `${id}-all` and `${id}-${key}`.
 */
export function selectColumn<R>(
  selection: RowSelection<R>,
  {
    id,
    rowKey,
    allLabel,
    rowLabel,
  }: { id: string; rowKey: (row: R) => string; allLabel: string; rowLabel: (row: R) => string },
): Column<R> {
  return {
    id: "select",
    header: (
      <Checkbox
        id={`${id}-all`}
        checked={selection.allSelected}
        disabled={selection.selectable.length === 0 || selection.busy}
        onCheckedChange={selection.setAll}
        label={<span className="sr-only">{allLabel}</span>}
      />
    ),
    cell: (row) => (
      <Checkbox
        id={`${id}-${rowKey(row)}`}
        checked={selection.isSelected(row)}
        disabled={!selection.canSelect(row) || selection.busy}
        onCheckedChange={(on) => selection.set([row], on)}
        label={<span className="sr-only">{rowLabel(row)}</span>}
      />
    ),
    className: "w-10",
  };
}
