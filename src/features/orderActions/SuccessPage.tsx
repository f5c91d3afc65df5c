import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { buttonVariants } from "../../ui/buttonVariants.ts";

/**
 * SHELL-045 (002 §2): the success page: a title, a tip and yes/no buttons. Yes follows the order in the
 * production list (the order itself when the address names it); No goes on ordering.
 */
export function SuccessPage({ orderNum }: { orderNum?: string | undefined }) {
  return (
    <main
      className="mx-auto flex min-h-[60vh] w-[1280px] flex-col items-center justify-center gap-4 text-center"
      data-testid="success-page"
    >
      <div
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700"
      >
        ✓
      </div>
      <h1 className="text-3xl font-semibold text-brand">
        <Trans>Submitted successfully</Trans>
      </h1>
      <p className="max-w-xl text-slate-700">
        {orderNum ? (
          <Trans>
            Order {orderNum} is paid and on its way to production. Do you want to follow it in the production list?
          </Trans>
        ) : (
          <Trans>
            Your order is paid and on its way to production. Do you want to follow it in the production list?
          </Trans>
        )}
      </p>
      <div className="flex gap-3">
        <Link
          to="/underProduction"
          search={orderNum ? { orderNum } : {}}
          className={buttonVariants({ variant: "primary" })}
        >
          <Trans>Yes</Trans>
        </Link>
        <Link to="/newOrder" className={buttonVariants({ variant: "secondary" })}>
          <Trans>No, go on ordering</Trans>
        </Link>
      </div>
    </main>
  );
}
