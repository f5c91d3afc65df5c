import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal.d.ts";
import { currentLocale } from "../../app/i18n.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { customerQueries } from "./queries.ts";
import { measureChanges, type MeasureChange, type MeasureSet } from "./rules.ts";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";
import { Table, type Column } from "../../ui/Table.tsx";

type Version = components["schemas"]["MeasureVersion"];

/** A kept version as the rule compares it: its sizes grouped by garment and method. */
export function useMeasureSet() {
  const { t } = useLingui();
  return (version: Version): MeasureSet => ({
    height: version.height,
    heightUnit: version.heightUnit,
    weight: version.weight,
    weightUnit: version.weightUnit,
    sizes: version.sizes.map((s) => ({
      partId: s.partId,
      name: s.name,
      partSizeCm: s.partSizeCm,
      group: s.measureType === 10052 ? t`${s.category}, body` : t`${s.category}, finished`,
    })),
  });
}

/** The garment an order from a kept set is for: the one the set measured most (else the order's default). */
function garmentOf(version: Version): number | undefined {
  const counts = new Map<number, number>();
  for (const s of version.sizes) counts.set(s.categoryId, (counts.get(s.categoryId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** What changed between two sets, and by how much, with units (issue 24). */
export function MeasureChangesTable({ changes, caption }: { changes: MeasureChange[]; caption: string }) {
  const { t } = useLingui();
  const value = (n: number | null, unit: string) => (n === null ? "—" : `${n} ${unit}`);
  const columns: Column<MeasureChange>[] = [
    {
      id: "what",
      header: <Trans>Measurement</Trans>,
      rowHeader: true,
      className: "text-slate-800",
      cell: (c) => (c.what === "height" ? t`Height` : c.what === "weight" ? t`Weight` : `${c.group}: ${c.name}`),
    },
    { id: "before", header: <Trans>Before</Trans>, cell: (c) => value(c.before, c.unit) },
    { id: "after", header: <Trans>After</Trans>, cell: (c) => value(c.after, c.unit) },
    {
      id: "change",
      header: <Trans>Change</Trans>,
      className: "font-medium",
      cell: (c) => (c.delta === null ? (c.before === null ? t`new` : t`removed`) : `${signed(c.delta)} ${c.unit}`),
    },
  ];
  return (
    <Table
      density="compact"
      columns={columns}
      rows={changes}
      rowKey={(c) => String(c.what)}
      rowTestId="measure-change"
      caption={caption}
      empty={<Trans>No measurement changed.</Trans>}
    />
  );
}

/** Issue 24: every kept set of the customer's measurements, newest first, with what changed from the one before. */
export function MeasureHistory({ customerId }: { customerId: number }) {
  const { t } = useLingui();
  const history = useQuery(customerQueries.history(customerId));
  const toSet = useMeasureSet();
  const versions = history.data ?? [];
  return (
    <section aria-labelledby="customer-history" className="rounded-md border border-slate-200 bg-white p-5">
      <h2 id="customer-history" className="mb-3 text-lg font-semibold text-brand">
        <Trans>Measurement history</Trans>
      </h2>
      {history.isPending ? (
        <LoadingStatus inline />
      ) : versions.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>No measurements kept yet.</Trans>
        </p>
      ) : (
        <ol className="space-y-4" data-testid="measure-history">
          {versions.map((version, i) => {
            const older = versions[i + 1];
            const changes = measureChanges(older ? toSet(older) : null, toSet(version));
            const when = formatDateTime(version.createTime, currentLocale());
            const code = version.orderCode;
            return (
              <li key={version.id} className="rounded border border-slate-100 p-3" data-testid="measure-version">
                <div className="mb-2 flex items-center justify-between gap-4">
                  <p className="text-sm font-medium text-slate-900">
                    {when} · {code ? <Trans>from order {code}</Trans> : <Trans>saved in the customer book</Trans>}
                    {older ? null : (
                      <>
                        {" "}
                        · <Trans>first kept set</Trans>
                      </>
                    )}
                  </p>
                  {/* Issue 24: an order can start from any past set (its height, weight and sizes) */}
                  <Link
                    to="/quickOrder"
                    search={{ id: garmentOf(version), customer: customerId, measureSet: version.id }}
                    className="shrink-0 rounded border border-brand px-3 py-1 text-sm font-medium text-brand hover:bg-brand/5"
                    data-testid="measure-version-order"
                  >
                    <Trans>Quick order with these measurements</Trans>
                    <span className="sr-only"> ({when})</span>
                  </Link>
                </div>
                {changes.length === 0 ? (
                  <p className="text-sm text-slate-700">
                    <Trans>No measurement changed.</Trans>
                  </p>
                ) : (
                  <MeasureChangesTable changes={changes} caption={t`Changes of ${when}`} />
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
