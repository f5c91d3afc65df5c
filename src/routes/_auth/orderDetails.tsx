import { createFileRoute, Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { intParam, searchSchema } from "../../app/search.ts";
import { buttonVariants } from "../../ui/buttonVariants.ts";
import { OrderDetailsPage, orderDetailsQueries } from "../../features/orderDetails/index.ts";

/** 002 §2 order details (PROD-016..021): `?orderId=` names the order. */
export const Route = createFileRoute("/_auth/orderDetails")({
  // The loader (and the reads it imports) loads in the page's chunk, not with the first load.
  codeSplitGroupings: [["loader", "component"]],
  validateSearch: searchSchema({ orderId: intParam }),
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  // The read starts with the route; the page says itself when the order cannot be shown (another
  // account's is "not found"), so a refusal is the page's answer, not a failed route.
  loader: ({ context, deps }) => {
    if (deps.orderId !== undefined) void context.queryClient.prefetchQuery(orderDetailsQueries.detail(deps.orderId));
  },
  component: OrderDetailsRoute,
});

function OrderDetailsRoute() {
  const { orderId } = Route.useSearch();
  if (orderId === undefined)
    return (
      <main
        className="mx-auto flex min-h-[60vh] w-[1280px] flex-col items-center justify-center gap-4"
        data-testid="order-details-unnamed"
      >
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>No order was named</Trans>
        </h1>
        <Link to="/myOrder" className={buttonVariants({ variant: "secondary" })}>
          <Trans>Back to my order</Trans>
        </Link>
      </main>
    );
  return <OrderDetailsPage orderId={orderId} />;
}
