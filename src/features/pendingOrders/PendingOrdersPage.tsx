import { useState } from "react";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { Tabs } from "radix-ui";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { controlVariants } from "../../ui/Field.tsx";
import { ListCount, ListPage, ListPager, selectColumn, useFilterSwitch, useRowSelection } from "../../ui/list/index.ts";
import type { Column } from "../../ui/Table.tsx";
import { Table } from "../../ui/Table.tsx";
import { toasts } from "../../ui/toast.ts";
import { useSubmitQueue } from "../cart/index.ts";
import {
  activeFilterCount,
  DEFAULT_PENDING_STATUS,
  filterOf,
  isOwnOrder,
  LookupNotice,
  MemberNotice,
  MY_ORDER_PAGING,
  OrderCount,
  OrderFilterModal,
  OrderListEmpty,
  OrderListToolbar,
  orderListQueries,
  pendingQuery,
  useExport,
  useOrderColumns,
  viewOf,
  type MyOrderView,
  type OrderListFilter,
  type PendingSearch,
} from "../orderList/index.ts";
import { pendingQueries } from "./queries.ts";
import { mayEditItem } from "./rules.ts";
import { PendingRowActions } from "./PendingRowActions.tsx";
import { RecommendedProducts } from "./RecommendedProducts.tsx";
import { SummaryBar } from "./SummaryBar.tsx";
import { updateOrderCheck } from "./check.ts";

const CHECK_MUTATION = ["pendingOrders", "check"];

type Row = Awaited<ReturnType<NonNullable<ReturnType<typeof pendingQueries.list>["queryFn"]>>>["rows"][number];

/**
 * My order (PENDING, D-09; 002 §2): the orders pending review (CART-024) with the remote order-number
 * lookup (CART-003), the filter (CART-004), the export (CART-005), selection by the stored check flag
 * with select-all and paging (CART-006, CART-034, CART-054), the sticky summary with submit (CART-007)
 * and recommended products (CART-008). A second view, all orders (CART-010, type 3 of CART-056), lists
 * every status with a keyword search and the same filter, without selection, summary or submit. What is
 * shown lives in the address (`search`).
 */
export function PendingOrdersPage({
  search,
  onSearch,
}: {
  search: PendingSearch;
  onSearch: (next: PendingSearch) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const view = viewOf(search);
  const allView = view === "all";
  const list = useSuspenseQuery(pendingQueries.list(search));
  const { rows, total } = list.data;
  const queue = useSubmitQueue();
  const filterSwitch = useFilterSwitch();
  const exporter = useExport(pendingQuery(search));
  const members = useQuery({ ...orderListQueries.members(), enabled: search.userId !== undefined });
  const member = members.data?.find((m) => m.id === search.userId);
  // without the member filter every order is the caller's; with it, only the account itself's (first)
  const own = (row: Row) => search.userId === undefined || isOwnOrder(members.data, row) === true;
  const cols = useOrderColumns<Row>();

  const check = useMutation({
    mutationKey: CHECK_MUTATION,
    mutationFn: updateOrderCheck,
    // read again only once the last of several quick clicks has landed (an earlier answer would untick the later)
    onSettled: () =>
      queryClient.isMutating({ mutationKey: CHECK_MUTATION }) > 1
        ? undefined
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: ["pendingOrders", "list"] }),
            queryClient.invalidateQueries({ queryKey: ["pendingOrders", "sum"] }),
          ]),
    onError: (error) => toasts.show("error", isApiError(error) && error.message ? error.message : t`Update failed`),
  });

  // CART-034: selection is each order's stored check flag (select-all sends the page's ids in one call);
  // PROD-052: only the editable orders take part, per item by the server's isEdit and the order's status
  const selection = useRowSelection({
    rows,
    rowKey: (row) => row.orderId,
    canSelect: mayEditItem,
    store: {
      isSelected: (row) => row.check === 1,
      set: (changed, on) => check.mutate({ orderIds: changed.map((row) => row.orderId), check: on ? 1 : 0 }),
      busy: check.isPending,
    },
  });

  const applyFilter = (filter: OrderListFilter) => {
    onSearch({ size: search.size, list: search.list, keyWord: search.keyWord, ...filter });
  };

  // switching views starts the other list afresh (its own default status), keeping the page size
  const showView = (next: MyOrderView) => onSearch({ size: search.size, list: next === "all" ? "all" : undefined });

  const columns: Column<Row>[] = [
    // CART-010: the all-orders view offers no selection
    ...(allView
      ? []
      : [
          selectColumn(selection, {
            id: "pending-select",
            rowKey: (row) => row.orderId,
            allLabel: t`Select all orders on this page`,
            rowLabel: (row) => t`Select order ${row.orderCode}`,
          }),
        ]),
    // "Read only (member)" names another account's order, never the caller's own (issue 20)
    cols.order({ readOnly: (row) => !own(row) }),
    cols.customer,
    cols.category,
    cols.fabric,
    cols.orderType,
    cols.date,
    cols.qty,
    cols.price,
    cols.status({ withError: true }),
    // a sub-account's order is read-only
    cols.labels({ own }),
    { id: "actions", header: <Trans>Actions</Trans>, cell: (row) => <PendingRowActions row={row} own={own(row)} /> },
  ];

  const filters = activeFilterCount(search);
  return (
    <ListPage
      title={allView ? <Trans>All orders</Trans> : <Trans>Pending</Trans>}
      testId="pending-orders"
      toolbar={
        <OrderListToolbar
          orderNum={search.orderNum}
          filters={filters}
          onFilter={() => filterSwitch.set(true)}
          exportButton={exporter.button}
        />
      }
    >
      <Tabs.Root value={view} onValueChange={(next) => showView(next === "all" ? "all" : "pending")}>
        <Tabs.List aria-label={t`My order`} className="mb-4 flex gap-2 border-b border-slate-200">
          <Tabs.Trigger
            value="pending"
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 data-[state=active]:border-brand data-[state=active]:text-brand"
          >
            <Trans>Pending review</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger
            value="all"
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 data-[state=active]:border-brand data-[state=active]:text-brand"
          >
            <Trans>All orders</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value={view}>
          {allView ? <KeywordSearch key={search.keyWord ?? ""} search={search} onSearch={onSearch} /> : null}

          {exporter.notice}

          <MemberNotice username={search.userId !== undefined ? member?.username : undefined} testId="pending-member" />

          <LookupNotice
            orderNum={search.orderNum}
            showAll={allView ? <Trans>Show every order</Trans> : <Trans>Show every pending order</Trans>}
            onShowAll={() => onSearch({ ...search, orderNum: undefined, page: undefined })}
          />

          <ListCount
            count={<OrderCount total={total} />}
            filters={filters}
            onClearFilter={() => onSearch({ size: search.size, list: search.list, keyWord: search.keyWord })}
          />

          <Table
            columns={columns}
            rows={rows}
            rowKey={(row) => row.orderId}
            caption={allView ? <Trans>All orders</Trans> : <Trans>Pending orders</Trans>}
            data-testid="pending-table"
            empty={
              <OrderListEmpty
                total={total}
                filtered={filters > 0 || (allView && Boolean(search.keyWord))}
                hint={
                  allView ? (
                    <Trans>Your orders appear here.</Trans>
                  ) : (
                    <Trans>Orders waiting for review appear here.</Trans>
                  )
                }
                onFirstPage={() => onSearch({ ...search, page: undefined })}
                testId="pending-empty"
              />
            }
          />

          <ListPager
            id="pending-page-size"
            paging={MY_ORDER_PAGING}
            total={total}
            search={search}
            onSearch={onSearch}
          />

          {allView ? null : (
            <SummaryBar
              selected={selection.selected}
              currency={rows[0]?.moneyType}
              busy={queue.starting || queue.running}
              // CART-019, CART-026: the same submission queue as the cart, one order after another
              onSubmit={() =>
                void queue.start(
                  selection.selected.map((row) => ({
                    id: Number(row.orderId),
                    code: row.orderCode,
                    customer: row.custName,
                    garment: row.clothZhName,
                    priceCents: row.priceCents,
                  })),
                )
              }
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
      {queue.dialog}

      <RecommendedProducts />

      <OrderFilterModal
        filterSwitch={filterSwitch}
        testId="pending-filter"
        status={{ defaultStatus: allView ? undefined : DEFAULT_PENDING_STATUS }}
        initial={filterOf(search)}
        onApply={applyFilter}
      />
    </ListPage>
  );
}

/**
 * CART-010: the all-orders view's keyword (order code, customer order code or customer name), sent to
 * the server as `keyWord` when the form is submitted and kept in the address.
 */
function KeywordSearch({ search, onSearch }: { search: PendingSearch; onSearch: (next: PendingSearch) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(search.keyWord ?? "");
  return (
    <form
      role="search"
      aria-label={t`Search all orders`}
      className="mb-4 flex items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const keyWord = text.trim().slice(0, KEYWORD_MAX) || undefined;
        onSearch({ ...search, keyWord, page: undefined, orderNum: undefined });
      }}
    >
      <div className="w-96">
        <label htmlFor="all-orders-keyword" className="mb-1 block text-sm font-medium text-slate-800">
          <Trans>Order code, customer order code or customer name</Trans>
        </label>
        <input
          id="all-orders-keyword"
          type="search"
          className={controlVariants()}
          value={text}
          maxLength={KEYWORD_MAX}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline">
        <Trans>Search</Trans>
      </Button>
    </form>
  );
}

/** The server's keyWord is at most 50 characters. */
const KEYWORD_MAX = 50;
