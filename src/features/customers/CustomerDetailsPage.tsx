import { useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Dialog as RadixDialog } from "radix-ui";
import { Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal.d.ts";
import { CUSTOMER_DETAIL_PAGE_SIZE, CUSTOMER_NOTE_TYPE } from "./rules.ts";
import { api } from "../../api/client.ts";
import { isSuccessCode } from "../../api/envelope.ts";
import { currentLocale } from "../../app/i18n.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { formatDateTime } from "../../ui/dates.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { Table, type Column } from "../../ui/Table.tsx";
import { toasts } from "../../ui/toast.ts";
import { OrderLabelsCell } from "../labels/index.ts";
import { OrderDetailsPage } from "../orderDetails/index.ts";
import { PictureUpload } from "../upload/index.ts";
import { CustomerFormModal, type CustomerTab } from "./CustomerFormModal.tsx";
import { Avatar } from "./CustomerListPage.tsx";
import { MeasureHistory } from "./MeasureChanges.tsx";
import { NotesPanel } from "./NotesPanel.tsx";
import { customerQueries } from "./queries.ts";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";

type Detail = components["schemas"]["CustomerDetail"];
type Order = components["schemas"]["CartOrder"];

/** A section of the details with its edit button (CUST-011). */
function Section(props: { id: string; title: ReactNode; onEdit: () => void; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="rounded-md border border-slate-200 bg-white p-5">
      <div className="mb-3 flex items-center justify-between">
        <h2 id={props.id} className="text-lg font-semibold text-brand">
          {props.title}
        </h2>
        <Button size="sm" variant="outline" onClick={props.onEdit} data-testid={`${props.id}-edit`}>
          <Trans>Edit</Trans>
          <span className="sr-only"> {props.title}</span>
        </Button>
      </div>
      {props.children}
    </section>
  );
}

function Facts({ rows }: { rows: Array<[ReactNode, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, value], i) => (
        <div key={i} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-slate-900">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * CUST-023: change picture: the upload machine uploads the image (checked by content on the server),
 * then the link is saved (hostName customer, type 1), then the old picture is deleted; a failed step
 * leaves the old picture or the new one, never none.
 */
function PictureModal({ detail, onClose }: { detail: Detail; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [uploaded, setUploaded] = useState<{ id: string; urlPath: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!uploaded) return;
    setBusy(true);
    try {
      const linked = await api.POST("/pc/attachment/save", {
        body: { id: uploaded.id, hostId: detail.id, hostName: "customer", type: 1 },
      });
      if (!isSuccessCode(linked.data?.code)) {
        toasts.show("error", linked.data?.message ?? linked.error?.message ?? t`The picture could not be saved.`);
        return;
      }
      toasts.show("success", linked.data?.message ?? "");
      if (detail.attachId) await api.DELETE("/pc/attachment", { params: { query: { ids: detail.attachId } } });
      await queryClient.invalidateQueries({ queryKey: ["customers"] });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      width={520}
      title={t`Change picture`}
      testId="customer-picture-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={() => void save()} disabled={!uploaded || busy} data-testid="customer-picture-save">
            <Trans>Save picture</Trans>
          </Button>
        </>
      }
    >
      <PictureUpload
        label={t`Picture (png, jpg or jpeg, at most 2048 KB)`}
        value={uploaded?.urlPath ?? null}
        onChange={(file) => setUploaded(file ? { id: file.id, urlPath: file.urlPath } : null)}
      />
    </Modal>
  );
}

/** CUST-013: an order of the customer in the full-screen order details. */
function FullScreenOrder({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content className="fixed inset-0 z-50 overflow-auto bg-white" data-testid="customer-order-details">
          <RadixDialog.Title className="sr-only">{t`Order details`}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">{t`Order details`}</RadixDialog.Description>
          <div className="sticky top-0 z-10 flex justify-end border-b border-slate-200 bg-white px-6 py-3">
            <RadixDialog.Close asChild>
              <Button variant="outline">
                <Trans>Close</Trans>
              </Button>
            </RadixDialog.Close>
          </div>
          <OrderDetailsPage orderId={orderId} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** CUST-012, CUST-013, CUST-016: the customer's orders, 20 a page, each with its labels editor and full-screen details. */
function CustomerOrders({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const orders = useQuery(customerQueries.orders(customerId, page));
  const columns: Column<Order>[] = [
    { id: "code", header: t`Order number`, cell: (o) => o.orderCode },
    { id: "garment", header: t`Garment`, cell: (o) => o.clothZhName },
    { id: "status", header: t`Status`, cell: (o) => o.statusName },
    { id: "date", header: t`Date`, cell: (o) => formatDateTime(o.pubDate, currentLocale()) },
    {
      id: "labels",
      header: t`Labels`,
      cell: (o) => (
        <OrderLabelsCell orderId={o.orderId} orderCode={o.orderCode} labels={o.labels} readOnly={o.isEdit !== 1} />
      ),
    },
    {
      id: "open",
      header: <span className="sr-only">{t`Details`}</span>,
      cell: (o) => (
        <Button size="sm" variant="outline" onClick={() => setOpen(Number(o.orderId))}>
          <Trans>Details</Trans>
          <span className="sr-only"> {o.orderCode}</span>
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby="customer-orders" className="rounded-md border border-slate-200 bg-white p-5">
      <h2 id="customer-orders" className="mb-3 text-lg font-semibold text-brand">
        <Trans>Orders</Trans>
      </h2>
      <Table
        columns={columns}
        rows={orders.data?.rows ?? []}
        rowKey={(o) => o.orderId}
        caption={t`Orders of this customer`}
        loading={orders.isPending}
        empty={<Trans>No orders for this customer yet.</Trans>}
      />
      <Pagination
        page={page}
        pageCount={Math.ceil((orders.data?.total ?? 0) / CUSTOMER_DETAIL_PAGE_SIZE)}
        onPageChange={setPage}
        className="mt-3"
      />
      {open !== null ? <FullScreenOrder orderId={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

/** CUST-009..017: one customer: breadcrumbs, profile card, the editable sections, orders, appointments and notes. */
export function CustomerDetailsPage({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  const detail = useQuery(customerQueries.detail(customerId));
  const [editing, setEditing] = useState<CustomerTab | null>(null);
  const [picture, setPicture] = useState(false);
  if (detail.isPending) return <LoadingStatus />;
  if (detail.isError)
    return (
      <main className="mx-auto max-w-xl p-10 text-center">
        <h1 className="mb-4 text-xl font-semibold text-brand">{detail.error.message}</h1>
        <Link to="/customerList" className="text-brand underline">
          <Trans>Back to the customers</Trans>
        </Link>
      </main>
    );
  const c = detail.data;
  return (
    <main className="mx-auto max-w-[1280px] space-y-5 px-6 py-8">
      <nav aria-label={t`Breadcrumb`} className="text-sm">
        <ol className="flex gap-2 text-slate-700">
          <li>
            <Link to="/user" className="text-brand underline-offset-2 hover:underline">
              <Trans>Individual account</Trans>
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/customerList" className="text-brand underline-offset-2 hover:underline">
              <Trans>Customers</Trans>
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{c.custName}</li>
        </ol>
      </nav>
      <section
        aria-labelledby="customer-name"
        className="flex items-center gap-6 rounded-md border border-slate-200 bg-white p-5"
        data-testid="customer-profile"
      >
        <Avatar name={c.custName} imagePath={c.imagePath} size={96} />
        <div className="flex-1">
          <h1 id="customer-name" className="text-2xl font-semibold text-slate-900">
            {c.custName}
          </h1>
          <Facts
            rows={[
              [t`Gender`, c.genderName],
              [t`Height`, `${c.height} ${c.heightUnitName}`],
              [t`Weight`, `${c.weight} ${c.weightUnitName}`],
              [t`Orders`, String(c.orderCount)],
            ]}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Button variant="outline" onClick={() => setPicture(true)} data-testid="customer-picture-open">
            <Trans>Change picture</Trans>
          </Button>
          <Button onClick={() => setEditing("basic")} data-testid="customer-edit">
            <Trans>Edit customer</Trans>
          </Button>
          {/* Issue 24: order entry reads the same book: a new quick order for this customer */}
          <Link
            to="/quickOrder"
            search={{ customer: c.id }}
            className="rounded border border-brand px-3 py-2 text-center text-sm font-medium text-brand hover:bg-brand/5"
            data-testid="customer-order"
          >
            <Trans>Quick order for this customer</Trans>
          </Link>
        </div>
      </section>
      <div className="grid grid-cols-2 gap-5">
        <Section id="customer-personal" title={t`Personal information`} onEdit={() => setEditing("basic")}>
          <Facts
            rows={[
              [t`Nickname`, c.shortName],
              [t`Phone`, c.phone],
              [t`E-mail`, c.email],
              [t`Address`, c.address],
              [t`Birthday`, c.birthdate],
              [t`Remark`, c.remark],
            ]}
          />
        </Section>
        <Section id="customer-style" title={t`Dress style`} onEdit={() => setEditing("style")}>
          <Facts
            rows={[
              [t`Style`, c.styleList.map((s) => s.name).join(", ")],
              ...c.customerSpecialList.map((s): [ReactNode, ReactNode] => [s.desName, s.specName]),
            ]}
          />
        </Section>
        <Section id="customer-body" title={t`Body measurements`} onEdit={() => setEditing("body")}>
          {c.customerSizeList.length === 0 ? (
            <p className="text-sm text-slate-700">
              <Trans>No body measurements yet.</Trans>
            </p>
          ) : (
            <Facts
              rows={c.customerSizeList.map((s): [ReactNode, ReactNode] => [
                s.partName,
                `${s.partSize} ${c.heightUnitName}`,
              ])}
            />
          )}
        </Section>
        <Section id="customer-tailor" title={t`Tailor measurements`} onEdit={() => setEditing("tailor")}>
          {c.cySizeList.length === 0 ? (
            <p className="text-sm text-slate-700">
              <Trans>No finished measurements yet.</Trans>
            </p>
          ) : (
            c.cySizeList.map((cloth) => (
              <div key={cloth.clothId} className="mb-2">
                <h3 className="mb-1 text-sm font-semibold text-slate-800">{cloth.name}</h3>
                <Facts
                  rows={cloth.partList.map((p): [ReactNode, ReactNode] => [
                    p.name,
                    `${p.partSize} ${c.heightUnitName}`,
                  ])}
                />
              </div>
            ))
          )}
        </Section>
      </div>
      <CustomerOrders customerId={c.id} />
      <MeasureHistory customerId={c.id} />
      <div className="grid grid-cols-2 gap-5">
        <NotesPanel customerId={c.id} type={CUSTOMER_NOTE_TYPE.appointment} />
        <NotesPanel customerId={c.id} type={CUSTOMER_NOTE_TYPE.note} />
      </div>
      {editing ? <CustomerFormModal open detail={c} initialTab={editing} onClose={() => setEditing(null)} /> : null}
      {picture ? <PictureModal detail={c} onClose={() => setPicture(false)} /> : null}
    </main>
  );
}
