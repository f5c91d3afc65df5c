import type { ListSearch } from "../../app/search.ts";

/** The page sizes a list offers and the one it shows when the address names none (or one it does not offer). */
export interface ListPaging<Size extends number = number> {
  pageSizes: readonly Size[];
  defaultPageSize: Size;
}

/** The page size the address names when it is one the list offers, else the list's default. */
export const pageSizeOf = <Size extends number>(paging: ListPaging<Size>, search: ListSearch): Size =>
  paging.pageSizes.find((size) => size === search.size) ?? paging.defaultPageSize;

/** How many pages `total` rows fill at `size` a page (0 for an empty list). */
export const pageCountOf = (total: number, size: number) => (size > 0 ? Math.ceil(total / size) : 0);

/** The address of another page: the first page leaves the address (a clean link). */
export const withPage = <S extends ListSearch>(search: S, page: number): S => ({
  ...search,
  page: page <= 1 ? undefined : page,
});

/** The address with a new page size: it starts at the first page; the default size leaves the address. */
export const withPageSize = <S extends ListSearch>(search: S, size: number, paging: ListPaging): S => ({
  ...search,
  size: size === paging.defaultPageSize ? undefined : size,
  page: undefined,
});
