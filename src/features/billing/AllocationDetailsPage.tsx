import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AllocationSearch } from "../../routes/_auth/-billingSearch.ts";
import { formatDateTime } from "../../ui/dates.ts";
import {
  DateRangeField,
  FilterButton,
  FilterModal,
  isRangeReversed,
  ListCount,
  ListEmpty,
  ListPage,
  ListPager,
  pageSizeOf,
  useFilterSwitch,
} from "../../ui/list/index.ts";
import { Money } from "../../ui/Money.tsx";
import { Table, type Column } from "../../ui/Table.tsx";
import { AllocationBreadcrumbs, ChipField, MovementCount, SignedPrice, TypeWithDot } from "./parts.tsx";
import { billingQueries } from "./queries.ts";
import { BILLING_LIST } from "./rules.ts";

type Row = Awaited<ReturnType<NonNullable<ReturnType<typeof billingQueries.allocations>["queryFn"]>>>["rows"][number];
type Filter = Omit<AllocationSearch, "page" | "size">;

const filterOf = ({ page: _page, size: _size, ...filter }: AllocationSearch): Filter => filter;
const filterCount = (search: AllocationSearch) => Object.values(filterOf(search)).filter((v) => v !== undefined).length;

/**
 * Allocation details (001 §2; SUB-009..016): the movements between the main account and its sub-accounts
 * (a sub-account sees only its own), newest first, 20 a page; the filter (date range, sub-account chips,
 * transaction-type chips, Back and Search) lives in the address. Each row links to its billing rows and,
 * for a no-limit payment, to the order.
 */
export function AllocationDetailsPage({
  search,
  onSearch,
}: {
  search: AllocationSearch;
  onSearch: (next: AllocationSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const list = useSuspenseQuery(billingQueries.allocations(search));
  const { rows, total, totalCapped } = list.data;
  const filterSwitch = useFilterSwitch();
  const members = useQuery(billingQueries.members());
  const types = useQuery(billingQueries.transactionTypes());
  // a main account's chips are its sub-accounts (the account itself comes first); a sub-account's, itself
  const subAccounts = members.data && members.data.length > 1 ? members.data.slice(1) : (members.data ?? []);
  const first = ((search.page ?? 1) - 1) * pageSizeOf(BILLING_LIST, search);
  const filters = filterCount(search);

  const columns: Column<Row>[] = [
    { id: "no", header: <Trans>No.</Trans>, cell: (row) => first + rows.indexOf(row) + 1 },
    { id: "date", header: <Trans>Date</Trans>, cell: (row) => formatDateTime(row.dealDate, i18n.locale) },
    { id: "member", header: <Trans>Sub account</Trans>, className: "whitespace-nowrap", cell: (row) => row.username },
    {
      id: "type",
      header: <Trans>Transaction type</Trans>,
      cell: (row) => <TypeWithDot type={row.type} name={row.typeName} />,
    },
    {
      id: "price",
      header: <Trans>Price</Trans>,
      align: "right",
      cell: (row) => <SignedPrice price={row.price} currency={row.moneyType} />,
    },
    {
      id: "balance",
      header: <Trans>Usable amount</Trans>,
      align: "right",
      cell: (row) => <Money amount={row.balance} currency={row.moneyType} />,
    },
    {
      id: "links",
      header: <Trans>Details</Trans>,
      cell: (row) => (
        <span className="flex gap-3 whitespace-nowrap">
          <Link
            to="/billing"
            search={{ transferId: row.transferId }}
            className="text-brand underline-offset-2 hover:underline"
            aria-label={t`Billing rows of movement ${first + rows.indexOf(row) + 1}`}
          >
            <Trans>Billing</Trans>
          </Link>
          {row.orderId !== null ? (
            <Link
              to="/orderDetails"
              search={{ orderId: row.orderId }}
              className="text-brand underline-offset-2 hover:underline"
              aria-label={t`Order ${row.orderNo}`}
            >
              {row.orderNo}
            </Link>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title={<Trans>Allocation details</Trans>}
      testId="allocation-details"
      toolbar={<FilterButton count={filters} onClick={() => filterSwitch.set(true)} />}
    >
      <AllocationBreadcrumbs />
      <ListCount
        count={<MovementCount total={total} capped={totalCapped} />}
        filters={filters}
        onClearFilter={() => onSearch({ size: search.size })}
      />
      <Table
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        caption={<Trans>Allocations between the account and its sub-accounts</Trans>}
        refreshing={list.isFetching}
        data-testid="allocation-table"
        empty={
          <ListEmpty
            total={total}
            filtered={filters > 0}
            texts={{
              pastLastPage: <Trans>There are no movements on this page.</Trans>,
              empty: <Trans>No allocations yet</Trans>,
              noMatch: <Trans>No allocation matches the filter.</Trans>,
            }}
            hint={<Trans>Recharges, take-backs and no-limit payments of sub-accounts appear here.</Trans>}
            onFirstPage={() => onSearch({ ...search, page: undefined })}
            testId="allocation-empty"
          />
        }
      />
      <ListPager id="allocation-page-size" paging={BILLING_LIST} total={total} search={search} onSearch={onSearch} />
      <FilterModal<Filter>
        filterSwitch={filterSwitch}
        title={<Trans>Filter allocations</Trans>}
        testId="allocation-filter"
        backAndSearch
        initial={filterOf(search)}
        invalid={(filter) => isRangeReversed(filter.dealStart, filter.dealEnd)}
        onApply={(filter) => onSearch({ size: search.size, ...filter })}
      >
        {(filter, set) => (
          <>
            <DateRangeField
              id="allocation-date"
              fromLabel={<Trans>From</Trans>}
              untilLabel={<Trans>Until</Trans>}
              value={{ from: filter.dealStart, until: filter.dealEnd }}
              onChange={(range) => set({ dealStart: range.from, dealEnd: range.until })}
            />
            <ChipField
              legend={<Trans>Sub account</Trans>}
              testId="allocation-member-chips"
              options={subAccounts.map((m) => ({ value: m.id, label: m.username }))}
              value={filter.memberId}
              onChange={(memberId) => set({ memberId })}
            />
            <ChipField
              legend={<Trans>Transaction type</Trans>}
              testId="allocation-type-chips"
              options={(types.data ?? []).map((type) => ({ value: type.dealItem, label: type.name }))}
              value={filter.dealItem}
              onChange={(dealItem) => set({ dealItem })}
            />
          </>
        )}
      </FilterModal>
    </ListPage>
  );
}
