import { createFileRoute } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { SubAccountPage, accountQueries } from "../../features/account/index.ts";

/** 001 §2: the sub-accounts and the distributable amount (SUB-001..008). */
export const Route = createFileRoute("/_auth/subAccount")({
  codeSplitGroupings: [["loader", "component"]],
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQueries.info()),
  component: SubAccountRoute,
});

function SubAccountRoute() {
  const info = useQuery(accountQueries.info());
  return <SubAccountPage currency={info.data?.moneyType ?? "USD"} />;
}
