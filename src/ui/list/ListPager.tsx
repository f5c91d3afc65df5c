import type { ListSearch } from "../../app/search.ts";
import { Pagination } from "../Pagination.tsx";
import { PageSizeSelect } from "./ListControls.tsx";
import { pageCountOf, pageSizeOf, withPage, withPageSize, type ListPaging } from "./paging.ts";

/**
 * The pager under a list: the page size (the list's sizes; its default leaves the address) and the
 * pages. A new size starts at the first page; the first page leaves the address too. Any search with
 * `{ page?, size? }` (src/app/search.ts `listSearchShape`) is paged by it.
 */
export function ListPager<S extends ListSearch>({
  id,
  paging,
  total,
  search,
  onSearch,
}: {
  /** The id of the page-size select. */
  id: string;
  paging: ListPaging;
  /** How many rows the whole list has (the server's total). */
  total: number;
  search: S;
  onSearch: (next: S) => void;
}) {
  const pageSize = pageSizeOf(paging, search);
  return (
    <div className="mt-4 flex items-center justify-between">
      <PageSizeSelect
        id={id}
        sizes={paging.pageSizes}
        value={pageSize}
        onChange={(size) => onSearch(withPageSize(search, size, paging))}
      />
      <Pagination
        page={search.page ?? 1}
        pageCount={pageCountOf(total, pageSize)}
        onPageChange={(next) => onSearch(withPage(search, next))}
      />
    </div>
  );
}
