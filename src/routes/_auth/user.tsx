import { createFileRoute } from "@tanstack/react-router";
import { AccountPage, accountQueries } from "../../features/account/index.ts";

/** 001 §2: the account centre (ACCT-002..012); ACCT-025: the recharge target. */
export const Route = createFileRoute("/_auth/user")({
  codeSplitGroupings: [["loader", "component"]],
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQueries.info()),
  component: AccountPage,
});
