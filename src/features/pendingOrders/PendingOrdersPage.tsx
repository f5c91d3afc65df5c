import { useState } from "react";
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { Tabs } from "radix-ui";
import { Link } from "@tanstack/react-router";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { controlVariants } from "../../ui/Field.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Money } from "../../ui/Money.tsx";
import { Table, type Column } from "../../ui/Table.tsx";
import { toasts } from "../../ui/toast.ts";
import { useSubmitQueue } from "../cart/index.ts";
import { OrderLabelsCell } from "../labels/index.ts";
import { CancelOrderButton, FormulaButton, PreCommitButton, RemarkButton } from "../orderActions/index.ts";
import { ConsumptionQueryButton, OrderCustomerButton, offersOrderTools } from "../orderTools/index.ts";
import {
  activeFilterCount,
  DEFAULT_PENDING_PAGE_SIZE,
  DEFAULT_PENDING_STATUS,
  ListCount,
  ListPage,
  ListPager,
  LookupNotice,
  MemberNotice,
  FilterModal,
  ListEmpty,
  filterOf,
  isOwnOrder,
  orderListQueries,
  PENDING_PAGE_SIZES,
  pendingPageSize,
  pendingQuery,
  StatusBadge,
  useExport,
  useOrderTypes,
  viewOf,
  type MyOrderView,
  type OrderListFilter,
  type PendingSearch,
} from "../orderList/index.ts";
import { pendingQueries } from "./queries.ts";
import { mayEditItem } from "./rules.ts";
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
  const pageSize = pendingPageSize(search);
  const pageCount = Math.ceil(total / pageSize);
  const queue = useSubmitQueue();
  const [filterOpen, setFilterOpen] = useState(false);
  const exporter = useExport(pendingQuery(search));
  const members = useQuery({ ...orderListQueries.members(), enabled: search.userId !== undefined });
  const member = members.data?.find((m) => m.id === search.userId);
  // without the member filter every order is the caller's; with it, only the account itself's (first)
  const own = (row: Row) => search.userId === undefined || isOwnOrder(members.data, row) === true;
  const orderTypes = useOrderTypes();

  // CART-034: selection is each order's stored check flag; only the caller's own editable orders take part
  // PROD-052: per item, by the server's isEdit and the order's status
  const selectable = rows.filter(mayEditItem);
  const selected = selectable.filter((row) => row.check === 1);
  const allSelected = selectable.length > 0 && selected.length === selectable.length;

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

  const applyFilter = (filter: OrderListFilter) => {
    setFilterOpen(false);
    onSearch({ size: search.size, list: search.list, keyWord: search.keyWord, ...filter });
  };

  // switching views starts the other list afresh (its own default status), keeping the page size
  const showView = (next: MyOrderView) => onSearch({ size: search.size, list: next === "all" ? "all" : undefined });

  const selectColumn: Column<Row>[] = [
    {
      id: "select",
      header: (
        <Checkbox
          id="pending-select-all"
          checked={allSelected}
          disabled={selectable.length === 0 || check.isPending}
          onCheckedChange={(checked) =>
            check.mutate({ orderIds: selectable.map((row) => row.orderId), check: checked ? 1 : 0 })
          }
          label={<span className="sr-only">{t`Select all orders on this page`}</span>}
        />
      ),
      cell: (row) => (
        <Checkbox
          id={`pending-select-${row.orderId}`}
          checked={row.check === 1}
          disabled={!mayEditItem(row) || check.isPending}
          onCheckedChange={(checked) => check.mutate({ orderIds: [row.orderId], check: checked ? 1 : 0 })}
          label={<span className="sr-only">{t`Select order ${row.orderCode}`}</span>}
        />
      ),
      className: "w-10",
    },
  ];
  const columns: Column<Row>[] = [
    // CART-010: the all-orders view offers no selection
    ...(allView ? [] : selectColumn),
    {
      id: "order",
      header: <Trans>Order</Trans>,
      cell: (row) => (
        <div>
          {/* PROD-053: the order code opens the order's details */}
          <Link
            to="/orderDetails"
            search={{ orderId: Number(row.orderId) }}
            className="font-medium text-slate-900 underline-offset-2 hover:text-brand hover:underline"
          >
            {row.orderCode}
          </Link>
          {row.cusOrderCode ? (
            <div className="text-xs text-slate-600">
              <Trans>Customer order {row.cusOrderCode}</Trans>
            </div>
          ) : null}
          {!mayEditItem(row) ? (
            <div className="mt-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              <Trans>Read only ({row.username})</Trans>
            </div>
          ) : null}
        </div>
      ),
    },
    { id: "customer", header: <Trans>Customer</Trans>, cell: (row) => row.custName },
    // the category's name in the caller's language
    { id: "category", header: <Trans>Category</Trans>, cell: (row) => row.clothZhName },
    { id: "fabric", header: <Trans>Fabric</Trans>, cell: (row) => row.fabric },
    {
      id: "type",
      header: <Trans>Order type</Trans>,
      cell: (row) => orderTypes.data?.find((type) => type.id === row.orderType)?.name ?? row.orderType,
    },
    { id: "date", header: <Trans>Date</Trans>, cell: (row) => row.pubDate.slice(0, 10) },
    { id: "amount", header: <Trans>Qty</Trans>, cell: (row) => row.amount, align: "right" },
    {
      id: "price",
      header: <Trans>Price</Trans>,
      cell: (row) => <Money cents={row.priceCents} currency={row.moneyType} />,
      align: "right",
    },
    {
      id: "status",
      header: <Trans>Status</Trans>,
      cell: (row) => (
        <div className="max-w-56">
          <StatusBadge order={row} />
          {row.blError ? <p className="mt-1 text-xs text-red-700">{row.blError}</p> : null}
        </div>
      ),
    },
    {
      // CART-021, LABEL-023: the order's labels and its label editor (a sub-account's order is read-only)
      id: "labels",
      header: <Trans>Labels</Trans>,
      cell: (row) => (
        <OrderLabelsCell orderId={row.orderId} orderCode={row.orderCode} labels={row.labels} readOnly={!own(row)} />
      ),
    },
    {
      // issue 12: the order customer, (PROD-006, hidden for 3800000 and goods orders) the consumption query,
      // and of the caller's own orders (D-13) cancel (it renders nothing outside 10030, 10371, 206012),
      // pre-commit and the formula
      id: "actions",
      header: <Trans>Actions</Trans>,
      cell: (row) => (
        <div className="flex w-40 flex-wrap items-center">
          <OrderCustomerButton orderId={Number(row.orderId)} orderCode={row.orderCode} />
          {/* PROD-007: the note; its owner changes it while the order can be changed (PROD-052) */}
          <RemarkButton
            orderId={row.orderId}
            orderCode={row.orderCode}
            remark={row.remark}
            editable={mayEditItem(row)}
          />
          {offersOrderTools(row) ? <ConsumptionQueryButton orderCode={row.orderCode} /> : null}
          {own(row) ? (
            <>
              <CancelOrderButton orderId={row.orderId} orderCode={row.orderCode} statusId={row.status} />
              {/* PROD-055, hidden for 3800000 and goods orders (PROD-038, PROD-039); PROD-054 the formula */}
              {offersOrderTools(row) ? <PreCommitButton order={row} variant="link" /> : null}
              <FormulaButton orderId={row.orderId} orderCode={row.orderCode} variant="link" />
            </>
          ) : null}
        </div>
      ),
    },
  ];

  const filters = activeFilterCount(search);
  return (
    <ListPage
      title={allView ? <Trans>All orders</Trans> : <Trans>Pending</Trans>}
      testId="pending-orders"
      filters={filters}
      onFilter={() => setFilterOpen(true)}
      exportButton={exporter.button}
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
            total={total}
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
              <ListEmpty
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
            sizes={PENDING_PAGE_SIZES}
            defaultSize={DEFAULT_PENDING_PAGE_SIZE}
            pageSize={pageSize}
            pageCount={pageCount}
            search={search}
            onSearch={onSearch}
          />

          {allView ? null : (
            <SummaryBar
              selected={selected}
              currency={rows[0]?.moneyType}
              busy={queue.starting || queue.running}
              // CART-019, CART-026: the same submission queue as the cart, one order after another
              onSubmit={() =>
                void queue.start(
                  selected.map((row) => ({ id: Number(row.orderId), code: row.orderCode, priceCents: row.priceCents })),
                )
              }
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
      {queue.dialog}

      <RecommendedProducts />

      <FilterModal
        key={filterOpen ? JSON.stringify(filterOf(search)) : "closed"}
        open={filterOpen}
        testId="pending-filter"
        defaultStatus={allView ? undefined : DEFAULT_PENDING_STATUS}
        initial={filterOf(search)}
        onApply={applyFilter}
        onClose={() => setFilterOpen(false)}
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
