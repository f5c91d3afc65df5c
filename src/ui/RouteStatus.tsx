import { Link, type ErrorComponentProps } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { isApiError } from "../api/errors.ts";
// The button's look without Button itself (its class merging, tailwind-merge, is 8 kB gzip): this view is loaded
// on every page, also a visitor's home page, which has no Button (issue 21).
import { buttonVariants } from "./buttonVariants.ts";
import { NotOpenToAccount } from "./notOpen.ts";

/** A route's pending view: shown when its loader takes longer than the router's pending delay. */
export function RoutePending() {
  return (
    <main className="mx-auto flex min-h-[60vh] w-[1280px] items-center justify-center" data-testid="route-pending">
      <LoadingStatus />
    </main>
  );
}

/**
 * "Loading…" with its spinner, for a page or a part of one that waits: `inline` in a dialog, a section or a
 * list (small, left to the flow), otherwise centred in the page's own `main`.
 */
export function LoadingStatus({ inline = false }: { inline?: boolean }) {
  return (
    <p
      role="status"
      className={
        inline
          ? "flex items-center gap-2 py-2 text-sm text-slate-700"
          : "flex items-center justify-center gap-3 py-16 text-slate-700"
      }
    >
      <span
        aria-hidden="true"
        className={`${inline ? "h-4 w-4" : "h-5 w-5"} animate-spin rounded-full border-2 border-slate-300 border-t-brand`}
      />
      <Trans>Loading…</Trans>
    </p>
  );
}

/**
 * A route's error view: its loader or its page failed. The server's own message is shown when it sent
 * one; Try again re-runs the route, and home is always one click away. A page the account holds no right
 * to (NotOpenToAccount, from the route's guard) says so instead, with the way home.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  if (error instanceof NotOpenToAccount)
    return (
      <RouteMessage testId="route-not-open" title={<Trans>This page is not open to your account</Trans>}>
        <p role="alert" className="text-slate-700">
          <Trans>Your account does not have access to it. Ask your main account to give you access.</Trans>
        </p>
        <Link to="/" className={buttonVariants()}>
          <Trans>Back to home</Trans>
        </Link>
      </RouteMessage>
    );
  return (
    <RouteMessage testId="route-error" title={<Trans>This page could not be loaded</Trans>}>
      <p role="alert" className="text-slate-700">
        {isApiError(error) && error.message ? error.message : <Trans>Check your connection and try again.</Trans>}
      </p>
      <div className="flex gap-3">
        <button type="button" className={buttonVariants()} onClick={reset}>
          <Trans>Try again</Trans>
        </button>
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </RouteMessage>
  );
}

/** A page-sized message in the page's own `main`: its title, then what it says and offers. */
function RouteMessage({ testId, title, children }: { testId: string; title: ReactNode; children: ReactNode }) {
  return (
    <main
      className="mx-auto flex min-h-[60vh] w-[1280px] flex-col items-center justify-center gap-4 text-center"
      data-testid={testId}
    >
      <h1 className="text-2xl font-semibold text-brand">{title}</h1>
      {children}
    </main>
  );
}
