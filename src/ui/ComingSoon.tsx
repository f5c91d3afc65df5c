import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { buttonVariants } from "./buttonVariants.ts";

/** The page of an area a later release builds: reachable, guarded, and honest about it. */
export function ComingSoon({ title }: { title: ReactNode }) {
  return (
    <main
      className="mx-auto flex min-h-[60vh] w-[1280px] flex-col items-center justify-center gap-4 text-center"
      data-testid="coming-soon"
    >
      <h1 className="text-3xl font-semibold text-brand">{title}</h1>
      <p className="text-slate-700">
        <Trans>This page is coming soon.</Trans>
      </p>
      <Link to="/" className={buttonVariants({ variant: "secondary" })}>
        <Trans>Back to home</Trans>
      </Link>
    </main>
  );
}
