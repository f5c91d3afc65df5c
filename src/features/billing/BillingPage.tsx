import { useState } from "react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { BillingSearch } from "../../routes/_auth/-billingSearch.ts";
import { Button } from "../../ui/Button.tsx";
import { SearchForm } from "../../ui/list/SearchForm.tsx";
import { formatDateTime } from "../../ui/dates.ts";
import { Img } from "../../ui/Img.tsx";
import {
  DateRangeField,
  FilterButton,
  FilterModal,
  isRangeReversed,
  ListCount,
  ListEmpty,
  ListPage,
  ListPager,
  useFilterSwitch,
} from "../../ui/list/index.ts";
import { Money } from "../../ui/Money.tsx";
import { ProgressNotice } from "../../ui/ProgressNotice.tsx";
import { Table, type Column } from "../../ui/Table.tsx";
import { downloadStatement, exportDeals } from "./downloads.ts";
import { ChipField, MovementCount, SignedPrice } from "./parts.tsx";
import { billingQueries } from "./queries.ts";
import { BILLING_LIST, shortRemark } from "./rules.ts";
import { StatementDialog } from "./StatementDialog.tsx";
import { useDownload } from "./useDownload.tsx";

type Row = Awaited<ReturnType<NonNullable<ReturnType<typeof billingQueries.deals>["queryFn"]>>>["rows"][number];
type Filter = Omit<BillingSearch, "page" | "size" | "keyword" | "transferId">;

const filterOf = ({ page: _p, size: _s, keyword: _k, transferId: _t, ...filter }: BillingSearch): Filter => filter;
const filterCount = (search: BillingSearch) => Object.values(filterOf(search)).filter((v) => v !== undefined).length;

/**
 * Billing (001 §2; BILL-001..016): the keyword search, the filter (deal dates, deal item, member, delivery
 * dates), the balance line, every movement of the account's ledger (and its sub-accounts' for a main
 * account) 20 a page, the export of the filtered rows as a spreadsheet and a statement PDF for a period.
 * What is shown lives in the address.
 */
export function BillingPage({ search, onSearch }: { search: BillingSearch; onSearch: (next: BillingSearch) => void }) {
  const { t, i18n } = useLingui();
  const list = useSuspenseQuery(billingQueries.deals(search));
  const { rows, total, balance, moneyType, totalCapped } = list.data;
  const filterSwitch = useFilterSwitch();
  const [statementOpen, setStatementOpen] = useState(false);
  const members = useQuery(billingQueries.members());
  const dealItems = useQuery(billingQueries.dealItems());
  const download = useDownload();
  const filters = filterCount(search);
  const member = members.data?.find((m) => m.id === search.memberId);

  const columns: Column<Row>[] = [
    { id: "type", header: <Trans>Deal type</Trans>, cell: (row) => row.dealTypeName },
    {
      id: "order",
      header: <Trans>Order number</Trans>,
      cell: (row) =>
        row.orderId !== null ? (
          <Link
            to="/orderDetails"
            search={{ orderId: row.orderId }}
            className="text-brand underline-offset-2 hover:underline"
          >
            {row.orderNo}
          </Link>
        ) : (
          "—"
        ),
    },
    { id: "customer", header: <Trans>Customer</Trans>, cell: (row) => row.customerName || "—" },
    { id: "category", header: <Trans>Category</Trans>, cell: (row) => row.category || "—" },
    {
      id: "fabric",
      header: <Trans>Fabric</Trans>,
      cell: (row) =>
        row.url ? (
          <span className="flex items-center gap-2">
            <Img src={row.url} alt={t`Picture of ${row.category}`} className="h-10 w-10 rounded object-cover" />
            <span>{row.fabric}</span>
          </span>
        ) : (
          "—"
        ),
    },
    { id: "qty", header: <Trans>Quantity</Trans>, align: "right", cell: (row) => row.amount ?? "—" },
    {
      id: "price",
      header: <Trans>Price</Trans>,
      align: "right",
      cell: (row) => <SignedPrice price={row.price} currency={row.moneyType} />,
    },
    { id: "date", header: <Trans>Date</Trans>, cell: (row) => formatDateTime(row.dealDate, i18n.locale) },
    { id: "member", header: <Trans>Account</Trans>, className: "whitespace-nowrap", cell: (row) => row.username },
    {
      id: "remark",
      header: <Trans>Remark</Trans>,
      // BILL-016: cut at 18 characters, the whole text on hover
      cell: (row) => (
        <span title={row.remark} data-testid="billing-remark">
          {shortRemark(row.remark)}
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title={<Trans>Billing</Trans>}
      testId="billing"
      toolbar={
        <>
          <SearchForm
            id="billing-keyword"
            label={<Trans>Keyword</Trans>}
            formLabel={t`Search movements`}
            placeholder={t`Order number, customer or remark`}
            initial={search.keyword ?? ""}
            onSubmit={(text) => onSearch({ ...search, keyword: text || undefined, page: undefined })}
          />
          <FilterButton count={filters} onClick={() => filterSwitch.set(true)} />
          <Button
            variant="secondary"
            disabled={download.state === "preparing"}
            onClick={() => void download.run(() => exportDeals(search))}
          >
            <Trans>Export</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setStatementOpen(true)}>
            <Trans>Statement</Trans>
          </Button>
        </>
      }
    >
      <ProgressNotice state={download.state} preparing={<Trans>Preparing the file…</Trans>} failed={download.error} />
      {/* BILL-003: the balance line */}
      <p className="mb-4 rounded bg-slate-50 px-4 py-3 text-base text-slate-800" data-testid="billing-balance">
        {member && member.id !== members.data?.[0]?.id ? (
          <Trans>
            Balance of {member.username}: <Money amount={balance} currency={moneyType} className="font-semibold" />
          </Trans>
        ) : (
          <Trans>
            Balance: <Money amount={balance} currency={moneyType} className="font-semibold" />
          </Trans>
        )}
      </p>
      {search.transferId !== undefined ? (
        <p className="mb-4 text-sm text-slate-700">
          <Trans>The two sides of one movement.</Trans>{" "}
          <Button variant="link" size="sm" onClick={() => onSearch({ ...search, transferId: undefined })}>
            <Trans>Show every movement</Trans>
          </Button>
        </p>
      ) : null}
      <ListCount
        count={<MovementCount total={total} capped={totalCapped} />}
        filters={filters}
        onClearFilter={() => onSearch({ size: search.size, keyword: search.keyword })}
      />
      <Table
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        caption={<Trans>Movements of the account</Trans>}
        refreshing={list.isFetching}
        data-testid="billing-table"
        empty={
          <ListEmpty
            total={total}
            filtered={filters > 0 || search.keyword !== undefined}
            texts={{
              pastLastPage: <Trans>There are no movements on this page.</Trans>,
              empty: <Trans>No movements yet</Trans>,
              noMatch: <Trans>No movement matches the search.</Trans>,
            }}
            hint={<Trans>Top-ups, payments, refunds and allocations appear here.</Trans>}
            onFirstPage={() => onSearch({ ...search, page: undefined })}
            testId="billing-empty"
          />
        }
      />
      <ListPager id="billing-page-size" paging={BILLING_LIST} total={total} search={search} onSearch={onSearch} />
      <FilterModal<Filter>
        filterSwitch={filterSwitch}
        title={<Trans>Filter movements</Trans>}
        testId="billing-filter"
        backAndSearch
        initial={filterOf(search)}
        invalid={(f) => isRangeReversed(f.dealStart, f.dealEnd) || isRangeReversed(f.deliveryStart, f.deliveryEnd)}
        onApply={(filter) => onSearch({ size: search.size, keyword: search.keyword, ...filter })}
      >
        {(filter, set) => (
          <>
            <DateRangeField
              id="billing-deal-date"
              fromLabel={<Trans>Deal date from</Trans>}
              untilLabel={<Trans>Deal date until</Trans>}
              value={{ from: filter.dealStart, until: filter.dealEnd }}
              onChange={(range) => set({ dealStart: range.from, dealEnd: range.until })}
            />
            <ChipField
              legend={<Trans>Deal item</Trans>}
              testId="billing-deal-chips"
              options={(dealItems.data ?? []).map((item) => ({ value: item.dealItem, label: item.name }))}
              value={filter.dealItem}
              onChange={(dealItem) => set({ dealItem })}
            />
            <ChipField
              legend={<Trans>Member</Trans>}
              testId="billing-member-chips"
              options={(members.data ?? []).map((m) => ({ value: m.id, label: m.username }))}
              value={filter.memberId}
              onChange={(memberId) => set({ memberId })}
            />
            <DateRangeField
              id="billing-delivery-date"
              fromLabel={<Trans>Delivery date from</Trans>}
              untilLabel={<Trans>Delivery date until</Trans>}
              value={{ from: filter.deliveryStart, until: filter.deliveryEnd }}
              onChange={(range) => set({ deliveryStart: range.from, deliveryEnd: range.until })}
            />
          </>
        )}
      </FilterModal>
      {statementOpen ? (
        <StatementDialog
          open
          initial={{ from: search.dealStart, until: search.dealEnd }}
          busy={download.state === "preparing"}
          onClose={() => setStatementOpen(false)}
          onDownload={(range) =>
            void download
              .run(() => downloadStatement({ memberId: search.memberId, ...range }))
              .then((done) => done && setStatementOpen(false))
          }
        />
      ) : null}
    </ListPage>
  );
}
