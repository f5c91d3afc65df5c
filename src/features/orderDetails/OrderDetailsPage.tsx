import { useState, type ReactNode } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal.d.ts";
import { isApiError } from "../../api/errors.ts";
import { Button, buttonVariants } from "../../ui/Button.tsx";
import { ProgressNotice, type Progress } from "../../ui/ProgressNotice.tsx";
import { RoutePending } from "../../ui/RouteStatus.tsx";
import { cn } from "../../ui/cn.ts";
import { Img } from "../../ui/Img.tsx";
import { formatDateTime } from "../../ui/dates.ts";
import { Money } from "../../ui/Money.tsx";
import { Table, type Column } from "../../ui/Table.tsx";
import { OrderLabels } from "../labels/index.ts";
import {
  CancelOrderButton,
  FormulaButton,
  OrderTimeline,
  PreCommitButton,
  UrgentButton,
} from "../orderActions/index.ts";
import { isOwnOrder, orderListQueries, statusBadgeClass, useOrderTypes } from "../orderList/index.ts";
import { OrderCustomerButton } from "../orderTools/index.ts";
import { BuyAgainButton } from "../cart/index.ts";
import { exportOrderPdf } from "./exportPdf.ts";
import { orderDetailsQueries } from "./queries.ts";
import { canEditOrderCustomer, offersOrderTools } from "./rules.ts";

type OrderDetail = components["schemas"]["OrderDetail"];
type Piece = OrderDetail["orderDetails"][number];
type Craft = Piece["orderCraftList"][number];
type Emb = Piece["orderEmbList"][number];
type Size = Piece["customerSize"][number];
type Good = OrderDetail["orderGoods"][number];

/** An amount of the answer (a string with two decimals) in the order's currency. */
function Amount({ value, currency }: { value: string; currency: string }) {
  return <Money amount={value} currency={currency} />;
}

/** One labelled value of a field list; an empty value shows a dash. */
function Field({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  const empty = children === "" || children === null || children === undefined;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900" data-testid={testId}>
        {empty ? <span aria-label="—">-</span> : children}
      </dd>
    </div>
  );
}

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded border border-slate-200 bg-white p-6" data-testid={testId}>
      <h2 className="mb-4 text-lg font-semibold text-brand">{title}</h2>
      {children}
    </section>
  );
}

/**
 * Order details (002 §2, PROD-016..021): a breadcrumb back to my order (PROD-016), every documented field,
 * each piece's crafts and monograms with their pictures (a placeholder when one fails, PROD-067), the
 * posture choices, the goods of a goods order, the timeline and the remake links, and Export PDF
 * (PROD-018). PROD-017: the documents' step bar is static sample data, so the page has none.
 */
export function OrderDetailsPage({ orderId }: { orderId: number }) {
  // Issue 20: the page follows the language at once: reading it here re-renders the page on a switch, so
  // the query's key (which names the language) changes and the order is read again in the new language;
  // the order as shown stays on screen meanwhile.
  const { i18n } = useLingui();
  const detail = useQuery({ ...orderDetailsQueries.detail(orderId, i18n.locale), placeholderData: keepPreviousData });
  if (detail.isPending) return <RoutePending />;
  if (detail.isError)
    return (
      <main className="mx-auto flex min-h-[60vh] w-[1280px] flex-col items-center justify-center gap-4 text-center">
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>This order could not be shown</Trans>
        </h1>
        <p role="alert" className="text-slate-700">
          {isApiError(detail.error) && detail.error.message ? (
            detail.error.message
          ) : (
            <Trans>Check your connection and try again.</Trans>
          )}
        </p>
        <div className="flex gap-3">
          <Button onClick={() => void detail.refetch()}>
            <Trans>Try again</Trans>
          </Button>
          <Link to="/myOrder" className={buttonVariants({ variant: "secondary" })}>
            <Trans>Back to my order</Trans>
          </Link>
        </div>
      </main>
    );
  return <OrderDetailsView order={detail.data} />;
}

function OrderDetailsView({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui();
  const orderTypes = useOrderTypes();
  // while the order types are read again in a new language, the page shows none rather than the bare id
  const [exporting, setExporting] = useState<Progress>("idle");
  const [exportMessage, setExportMessage] = useState("");
  const currency = order.moneyType;
  const { customer } = order;
  // the caller's own order offers its actions; a sub-account's order is read-only (known once the members are read)
  const members = useQuery(orderListQueries.members());
  const own = isOwnOrder(members.data, order);

  async function runExport() {
    setExporting("preparing");
    try {
      const name = await exportOrderPdf(order.orderId, order.orderCode);
      setExportMessage(t`Downloaded ${name}`);
      setExporting("done");
    } catch (error) {
      setExportMessage(isApiError(error) && error.message ? error.message : t`The PDF could not be made.`);
      setExporting("failed");
    }
  }

  const orderType =
    orderTypes.data?.find((type) => type.id === order.orderType)?.name ??
    (orderTypes.isPending ? "" : String(order.orderType));
  const measure = (value: number | null, unit: string) => (value === null ? "" : `${value} ${unit}`.trim());

  return (
    <main className="mx-auto w-[1280px] py-8" data-testid="order-details">
      <nav aria-label={t`Breadcrumb`} className="mb-4 text-sm">
        <ol className="flex items-center gap-2 text-slate-600">
          <li>
            <Link to="/myOrder" className="text-brand underline-offset-2 hover:underline">
              <Trans>My order</Trans>
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-900">
            <Trans>Order details</Trans>
          </li>
        </ol>
      </nav>

      <div className="mb-6 flex items-end justify-between gap-6">
        <div>
          <h1 className="text-2xl font-semibold text-brand">
            <Trans>Order {order.orderCode}</Trans>
          </h1>
          <span className={cn("mt-2", statusBadgeClass(order.color))} data-status={order.status}>
            {order.statusName}
          </span>
          {order.blError ? <p className="mt-1 text-sm text-red-700">{order.blError}</p> : null}
          <div className="mt-2">
            <OrderLabels labels={order.labels} />
          </div>
        </div>
        <div
          className="flex flex-wrap items-center justify-end gap-2"
          data-testid="details-actions"
          data-own={own === undefined ? undefined : String(own)}
        >
          <OrderActions order={order} own={own === true} />
          <Button variant="secondary" onClick={() => void runExport()} disabled={exporting === "preparing"}>
            <Trans>Export PDF</Trans>
          </Button>
        </div>
      </div>

      <ProgressNotice
        state={exporting}
        preparing={<Trans>Preparing the PDF…</Trans>}
        done={exportMessage}
        failed={exportMessage}
      />

      <div className="flex flex-col gap-6">
        <Section title={<Trans>Order</Trans>} testId="details-order">
          <div className="flex gap-6">
            <Img
              src={order.clothUrl}
              alt={order.clothZhName}
              className="h-32 w-32 shrink-0 rounded border border-slate-200 object-contain"
            />
            <dl className="grid flex-1 grid-cols-4 gap-x-6 gap-y-4">
              <Field label={<Trans>Order number</Trans>} testId="details-orderCode">
                {order.orderCode}
              </Field>
              <Field label={<Trans>Category</Trans>}>{order.clothZhName}</Field>
              <Field label={<Trans>Fabric</Trans>}>{order.fabric}</Field>
              <Field label={<Trans>Order date</Trans>}>{formatDateTime(order.pubDate, i18n.locale)}</Field>
              <Field label={<Trans>Measurement method</Trans>}>{order.sizeCategoryName}</Field>
              <Field label={<Trans>Size area</Trans>}>{order.sizeAreaName}</Field>
              <Field label={<Trans>Quantity</Trans>}>{order.amount}</Field>
              <Field label={<Trans>Price</Trans>} testId="details-price">
                <Amount value={order.price} currency={currency} />
              </Field>
              <Field label={<Trans>Status</Trans>}>{order.statusName}</Field>
              <Field label={<Trans>Order type</Trans>}>{orderType}</Field>
              <Field label={<Trans>Additional charges</Trans>}>
                {order.flInfo.length === 0 ? null : (
                  <ul>
                    {order.flInfo.map((fl) => (
                      <li key={fl.flCode}>
                        {fl.flCode} <Amount value={fl.flPrice} currency={currency} />
                      </li>
                    ))}
                  </ul>
                )}
              </Field>
              <Field label={<Trans>Remark</Trans>}>{order.remark}</Field>
            </dl>
          </div>
          {order.remakeOf || order.remadeAs.length > 0 ? (
            <div
              className="mt-4 flex flex-col gap-1 border-t border-slate-200 pt-4 text-sm"
              data-testid="details-remake"
            >
              {order.remakeOf ? (
                <p>
                  <Trans>
                    Remake of{" "}
                    <Link
                      to="/orderDetails"
                      search={{ orderId: Number(order.remakeOf.orderId) }}
                      className="font-medium text-brand underline"
                    >
                      {order.remakeOf.orderCode}
                    </Link>
                  </Trans>
                  {order.remakeReason ? (
                    <span className="text-slate-700">
                      {" "}
                      <Trans>(reason: {order.remakeReason})</Trans>
                    </span>
                  ) : null}
                </p>
              ) : null}
              {order.remadeAs.map((remake) => (
                <p key={remake.orderId}>
                  <Trans>
                    Remade as{" "}
                    <Link
                      to="/orderDetails"
                      search={{ orderId: Number(remake.orderId) }}
                      className="font-medium text-brand underline"
                    >
                      {remake.orderCode}
                    </Link>
                  </Trans>
                </p>
              ))}
            </div>
          ) : null}
        </Section>

        <Section title={<Trans>Customer</Trans>} testId="details-customer">
          <dl className="grid grid-cols-4 gap-x-6 gap-y-4">
            <Field label={<Trans>Name</Trans>} testId="details-custName">
              {customer.custName}
            </Field>
            <Field label={<Trans>Customer order number</Trans>}>{customer.cusOrderCode}</Field>
            <Field label={<Trans>Gender</Trans>}>{customer.genderName}</Field>
            <Field label={<Trans>Birth date</Trans>}>{customer.birthdate}</Field>
            <Field label={<Trans>Height</Trans>}>{measure(customer.height, customer.heightUnitName)}</Field>
            <Field label={<Trans>Weight</Trans>}>{measure(customer.weight, customer.weightUnitName)}</Field>
            <Field label={<Trans>Phone</Trans>}>{customer.phone}</Field>
            <Field label={<Trans>Email</Trans>}>{customer.email}</Field>
          </dl>
        </Section>

        {order.orderDetails.map((piece, index) => (
          <PieceSection key={`${piece.clothCategory}-${index}`} piece={piece} currency={currency} />
        ))}

        {order.customerSpecial.length > 0 ? (
          <Section title={<Trans>Special body types</Trans>} testId="details-special">
            <ul className="grid grid-cols-4 gap-4">
              {order.customerSpecial.map((special) => (
                <li key={`${special.desName}-${special.specName}`} className="flex items-center gap-3">
                  <Img
                    src={special.imagePath}
                    alt={special.specName}
                    className="h-16 w-16 shrink-0 rounded border border-slate-200 object-contain"
                  />
                  <span className="text-sm">
                    <span className="block text-slate-600">{special.desName}</span>
                    <span className="block text-slate-900">{special.specName}</span>
                  </span>
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        {order.orderGoods.length > 0 ? <GoodsSection goods={order.orderGoods} currency={currency} /> : null}

        <Section title={<Trans>Timeline</Trans>} testId="details-timeline">
          <OrderTimeline events={order.timeline} />
        </Section>
      </div>
    </main>
  );
}

/**
 * The order's actions on its details page, as on the lists: only for the caller's own order (a
 * sub-account's order is read-only for its main account). Cancel for 10030, 10371 and 206012 (D-13),
 * pre-commit (PROD-055) unless the category or type hides it (PROD-038, PROD-039), the formula (PROD-054)
 * and the order customer edit until cutting starts (PROD-047..050). Each refreshes every read after a
 * change, this page's details and timeline among them.
 */
function OrderActions({ order, own }: { order: OrderDetail; own: boolean }) {
  if (!own) return null;
  const tools = offersOrderTools(order);
  return (
    <>
      <CancelOrderButton orderId={order.orderId} orderCode={order.orderCode} statusId={order.status} size="md" />
      {tools ? <PreCommitButton order={order} size="md" /> : null}
      <FormulaButton orderId={order.orderId} orderCode={order.orderCode} statusId={order.status} size="md" />
      {/* PROD-005: urgent production while the order is being made */}
      <UrgentButton
        orderId={order.orderId}
        orderCode={order.orderCode}
        statusId={order.status}
        size="md"
        variant="outline"
      />
      {canEditOrderCustomer(order.status) ? (
        <OrderCustomerButton orderId={Number(order.orderId)} orderCode={order.orderCode} variant="outline" size="md" />
      ) : null}
      {/* D-03, PROD-015; issue 12: a delivered order may be bought again as its remake */}
      <BuyAgainButton
        order={order}
        orderCode={order.orderCode}
        status={order.status}
        remark={order.remark}
        variant="outline"
        size="md"
      />
    </>
  );
}

/** One garment piece: its style and fit, measurements, crafts (PROD-020) and monograms (PROD-021). */
function PieceSection({ piece, currency }: { piece: Piece; currency: string }) {
  const { t } = useLingui();
  const craftColumns: Column<Craft>[] = [
    {
      id: "picture",
      header: <Trans>Picture</Trans>,
      cell: (craft) =>
        craft.craftUrl ? (
          <Img src={craft.craftUrl} alt={craft.craftName} className="h-12 w-12 rounded object-contain" />
        ) : null,
      className: "w-16",
    },
    { id: "parent", header: <Trans>Craft group</Trans>, cell: (craft) => craft.parentName },
    { id: "name", header: <Trans>Craft</Trans>, cell: (craft) => craft.craftName },
    { id: "code", header: <Trans>Code</Trans>, cell: (craft) => craft.blEcode },
    {
      id: "content",
      header: <Trans>Content</Trans>,
      cell: (craft) => (
        <>
          {craft.content}
          {craft.url ? (
            <a href={craft.url} className="ml-2 text-brand underline" target="_blank" rel="noreferrer">
              <Trans>Uploaded file</Trans>
            </a>
          ) : null}
        </>
      ),
    },
    {
      id: "price",
      header: <Trans>Price</Trans>,
      cell: (craft) => <Amount value={craft.price} currency={currency} />,
      align: "right",
    },
  ];
  const embColumns: Column<Emb>[] = [
    { id: "site", header: <Trans>Position</Trans>, cell: (emb) => emb.site },
    { id: "color", header: <Trans>Colour</Trans>, cell: (emb) => emb.color },
    { id: "font", header: <Trans>Font</Trans>, cell: (emb) => emb.font },
    { id: "size", header: <Trans>Size</Trans>, cell: (emb) => emb.embSize },
    { id: "content", header: <Trans>Content</Trans>, cell: (emb) => emb.embContent },
    {
      id: "file",
      header: <Trans>File</Trans>,
      cell: (emb) =>
        emb.embUrl ? (
          <a href={emb.embUrl} className="text-brand underline" target="_blank" rel="noreferrer">
            {emb.embFileName || t`Uploaded file`}
          </a>
        ) : null,
    },
    {
      id: "price",
      header: <Trans>Price</Trans>,
      cell: (emb) => <Amount value={emb.embPrice} currency={currency} />,
      align: "right",
    },
  ];
  const sizeColumns: Column<Size>[] = [
    { id: "part", header: <Trans>Measurement</Trans>, cell: (size) => size.partName },
    { id: "value", header: <Trans>Value</Trans>, cell: (size) => size.partValue, align: "right" },
  ];
  return (
    <Section title={piece.clothName} testId={`details-piece-${piece.clothCategory}`}>
      <dl className="mb-4 grid grid-cols-4 gap-x-6 gap-y-4">
        <Field label={<Trans>Style</Trans>}>
          {piece.styleInfoName ? `${piece.styleInfoName} ${piece.styleInfoCode}`.trim() : piece.styleName}
        </Field>
        <Field label={<Trans>Fit</Trans>}>{piece.shape}</Field>
      </dl>
      <div className="flex flex-col gap-4">
        <Table
          columns={craftColumns}
          rows={piece.orderCraftList}
          rowKey={(craft) => `${craft.blEcode}-${craft.craftName}`}
          caption={t`Crafts of ${piece.clothName}`}
          showCaption
          empty={<Trans>No crafts chosen.</Trans>}
        />
        {piece.orderEmbList.length > 0 ? (
          <Table
            columns={embColumns}
            rows={piece.orderEmbList}
            rowKey={(emb) => `${emb.site}-${emb.embContent}-${emb.embFileName}`}
            caption={t`Embroidery of ${piece.clothName}`}
            showCaption
            empty={null}
          />
        ) : null}
        {piece.customerSize.length > 0 ? (
          <Table
            columns={sizeColumns}
            rows={piece.customerSize}
            rowKey={(size) => size.partId}
            caption={t`Measurements of ${piece.clothName}`}
            showCaption
            empty={null}
            className="max-w-md"
          />
        ) : null}
      </div>
    </Section>
  );
}

/** PROD-019 orderGoods, PROD-071: the products of a goods order (type 9). */
function GoodsSection({ goods, currency }: { goods: readonly Good[]; currency: string }) {
  const { t } = useLingui();
  const columns: Column<Good>[] = [
    {
      id: "picture",
      header: <Trans>Picture</Trans>,
      cell: (good) =>
        good.images[0] ? (
          <Img src={good.images[0]} alt={good.goodName} className="h-12 w-12 rounded object-contain" />
        ) : null,
      className: "w-16",
    },
    { id: "name", header: <Trans>Product</Trans>, cell: (good) => good.goodName },
    { id: "category", header: <Trans>Category</Trans>, cell: (good) => good.categoryName },
    { id: "sku", header: <Trans>SKU</Trans>, cell: (good) => good.goodSku },
    { id: "spec", header: <Trans>Size</Trans>, cell: (good) => good.spec },
    { id: "color", header: <Trans>Colour</Trans>, cell: (good) => good.color },
    { id: "amount", header: <Trans>Quantity</Trans>, cell: (good) => good.amount, align: "right" },
    {
      id: "price",
      header: <Trans>Price</Trans>,
      cell: (good) => <Amount value={good.price} currency={currency} />,
      align: "right",
    },
  ];
  return (
    <Section title={<Trans>Goods</Trans>} testId="details-goods">
      <Table
        columns={columns}
        rows={goods}
        rowKey={(good) => `${good.goodSku}-${good.spec}-${good.color}`}
        caption={t`Goods`}
        empty={null}
      />
    </Section>
  );
}
