/**
 * The pieces every list of every area is built from (README.md beside this file): the page frame, the
 * count, the empty state, the pager, the filter dialog with its button and date ranges, and the row
 * selection with its checkbox column. What is about one area (its columns, its filter fields, its
 * toolbar) lives in that area's feature.
 */
export { ListCount, ListEmpty, ListPage } from "./ListPage.tsx";
export { ListPager } from "./ListPager.tsx";
/** @public PageSizeSelect: for a list that pages without `ListPager` */
export { FilterButton, PageSizeSelect } from "./ListControls.tsx";
export { FilterModal } from "./FilterModal.tsx";
/** @public FilterSwitch: whether a list's filter dialog is open, outside the page */
export { useFilterSwitch, useFilterOpen, type FilterSwitch } from "./filterSwitch.ts";
/** @public DateRange: the value of a `DateRangeField` */
export { DateRangeField, isRangeReversed, type DateRange } from "./DateRangeField.tsx";
/** @public RowSelection, SelectionStore: what a list reads of its selection and where it keeps it */
export { useRowSelection, type RowSelection, type SelectionStore } from "./useRowSelection.ts";
export { selectColumn } from "./selectColumn.tsx";
/** @public the paging of a list's address (pure: the pager's logic, and a list's query reads its page size) */
export { pageCountOf, pageSizeOf, withPage, withPageSize, type ListPaging } from "./paging.ts";
