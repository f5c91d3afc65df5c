import { createFileRoute, Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { intParam, searchSchema } from "../../app/search.ts";
import { CustomerDetailsPage } from "../../features/customers/index.ts";

/** 001 §2 one customer (CUST-009..017): `?id=` names it. */
export const Route = createFileRoute("/_auth/customerDetails")({
  validateSearch: searchSchema({ id: intParam }),
  component: CustomerDetailsRoute,
});

function CustomerDetailsRoute() {
  const { id } = Route.useSearch();
  if (id === undefined)
    return (
      <main className="mx-auto max-w-xl p-10 text-center">
        <h1 className="mb-4 text-xl font-semibold text-brand">
          <Trans>No customer was named</Trans>
        </h1>
        <Link to="/customerList" className="text-brand underline">
          <Trans>Back to the customers</Trans>
        </Link>
      </main>
    );
  return <CustomerDetailsPage customerId={id} />;
}
