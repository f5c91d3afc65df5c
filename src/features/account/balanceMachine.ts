import { fromPromise } from "xstate";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/envelope.ts";
import {
  balanceDistributionMachine,
  type DistributionRequest,
  type SubAccountRow,
} from "../../../machines/balanceDistribution/balanceDistribution.machine.ts";

// Issue 21: apart from queries.ts, which the routes' loaders import, so that the machine and xstate load
// with the sub-accounts page only.
/** The balance-distribution page machine bound to the client (SUB-038..040). */
export const boundBalanceMachine = balanceDistributionMachine.provide({
  actors: {
    loadAccounts: fromPromise<SubAccountRow[], { username: string }>(
      async ({ input }) =>
        unwrap(
          await api.GET("/pc/memberCash/cashDetails", {
            params: { query: input.username ? { username: input.username } : {} },
          }),
        ) ?? [],
    ),
    distribute: fromPromise<SubAccountRow, DistributionRequest>(async ({ input }) => {
      const { idempotencyKey, ...body } = input;
      return unwrap(
        await api.POST("/pc/memberCash/balanceDistribution", {
          body,
          params: { header: { "Idempotency-Key": idempotencyKey } },
        }),
      )!;
    }),
    updateStatus: fromPromise<SubAccountRow, { username: string; status: number }>(async ({ input }) =>
      unwrap(
        await api.POST("/pc/member/updateMemberStatus", {
          body: { username: input.username, status: input.status as 0 | 1 },
        }),
      )!,
    ),
    endNoLimit: fromPromise<SubAccountRow, { memberId: number }>(async ({ input }) =>
      unwrap(await api.POST("/pc/memberCash/endNoLimit", { body: input }))!,
    ),
  },
});
