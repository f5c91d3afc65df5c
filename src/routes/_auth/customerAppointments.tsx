import { createFileRoute } from "@tanstack/react-router";
import { searchSchema } from "../../app/search.ts";
import { AppointmentsPage } from "../../features/customers/index.ts";
import { appointmentsSearchShape } from "./-customerSearch.ts";

/** Issue 24: the appointments across every customer of the book for the coming weeks (from /user). */
export const Route = createFileRoute("/_auth/customerAppointments")({
  validateSearch: searchSchema(appointmentsSearchShape),
  component: AppointmentsRoute,
});

function AppointmentsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AppointmentsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
