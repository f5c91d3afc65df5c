import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal.d.ts";
import type { AppointmentsSearch } from "../../routes/_auth/-customerSearch.ts";
import { currentLocale } from "../../app/i18n.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { controlVariants } from "../../ui/Field.tsx";
import { ListCount, ListEmpty, ListPage } from "../../ui/list/index.ts";
import { Table, type Column } from "../../ui/Table.tsx";
import { customerQueries } from "./queries.ts";

type Appointment = components["schemas"]["CustomerNote"] & { custName: string };

/** The weeks the page offers; 4 by default (the call's 28 days). */
const APPOINTMENT_WEEKS = [1, 2, 4, 8] as const;
const DEFAULT_WEEKS = 4;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Issue 24: the account's appointments across all its customers for the coming weeks, soonest first
 * (one call, at most 200), each naming its customer with a link to the details. Built on the list frame.
 */
export function AppointmentsPage({
  search,
  onSearch,
}: {
  search: AppointmentsSearch;
  onSearch: (next: AppointmentsSearch) => void;
}) {
  const { t } = useLingui();
  const from = search.from ?? today();
  const weeks = APPOINTMENT_WEEKS.includes(search.weeks as 1) ? search.weeks! : DEFAULT_WEEKS;
  const appointments = useQuery(customerQueries.appointments(from, weeks * 7));
  const rows: Appointment[] = appointments.data ?? [];
  const filtered = search.from !== undefined || search.weeks !== undefined;
  const columns: Column<Appointment>[] = [
    {
      id: "when",
      header: t`Date and time`,
      cell: (a) => (a.appointmentDate ? formatDateTime(a.appointmentDate, currentLocale()) : "—"),
    },
    {
      id: "customer",
      header: t`Customer`,
      cell: (a) => (
        <Link to="/customerDetails" search={{ id: a.customerId }} className="text-brand underline underline-offset-2">
          {a.custName}
        </Link>
      ),
    },
    { id: "content", header: t`Appointment`, cell: (a) => a.content },
  ];
  return (
    <ListPage
      title={<Trans>Appointments</Trans>}
      testId="customer-appointments"
      toolbar={
        <>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            <Trans>First day</Trans>
            <input
              type="date"
              className={controlVariants({ width: "auto" })}
              value={from}
              onChange={(e) => onSearch({ ...search, from: e.target.value || undefined })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            <Trans>Weeks</Trans>
            <select
              className={controlVariants({ width: "auto" })}
              value={weeks}
              onChange={(e) => onSearch({ ...search, weeks: Number(e.target.value) })}
            >
              {APPOINTMENT_WEEKS.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </label>
          <Link to="/customerList" className="pb-2 text-sm text-brand underline-offset-2 hover:underline">
            <Trans>Customers</Trans>
          </Link>
        </>
      }
    >
      <ListCount
        count={<Plural value={rows.length} one="# appointment" other="# appointments" />}
        filters={filtered ? 1 : 0}
        onClearFilter={() => onSearch({})}
      />
      <Table
        columns={columns}
        rows={rows}
        rowKey={(a) => a.id}
        caption={t`Appointments from ${from} for ${weeks} weeks`}
        loading={appointments.isPending}
        empty={
          <ListEmpty
            total={0}
            filtered={filtered}
            texts={{
              pastLastPage: null,
              empty: <Trans>No appointments in these weeks</Trans>,
              noMatch: <Trans>Try another first day or more weeks.</Trans>,
            }}
            hint={<Trans>Appointments added on a customer's page appear here.</Trans>}
            onFirstPage={() => onSearch({})}
            testId="customer-appointments-empty"
          />
        }
      />
    </ListPage>
  );
}
