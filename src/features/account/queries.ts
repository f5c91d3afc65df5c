import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { unwrap, unwrapWithMessage } from "../../api/envelope.ts";

/** Reads of the account centre (001 §7). */
export const accountQueries = {
  // ACCT-014, ACCT-022
  info: () =>
    queryOptions({
      queryKey: ["account", "info"],
      queryFn: async () => unwrap(await api.GET("/pc/member/getAccountInfo"))!,
    }),
  // ACCT-024, and (x-designed, issue 22) what is reserved and available, a child's monthly limit
  balance: () =>
    queryOptions({
      queryKey: ["account", "balance"],
      queryFn: async () => unwrap(await api.GET("/pc/memberCash/balance"))!,
    }),
};

/** ACCT-023: the password change; the answer's message is the success toast. */
export async function changePassword(body: { originalPassword: string; password: string }) {
  return unwrapWithMessage(await api.POST("/pc/member/changePasswordByOriginalPassword", { body }));
}

/** ACCT-008 (x-designed): a top-up request, then the stand-in for the payment provider's confirmation. */
export async function topUp(price: number, key: string) {
  const request = unwrap(await api.POST("/pc/memberCash/topUp", { body: { price } }))!;
  return unwrapWithMessage(
    await api.POST("/pc/memberCash/confirmTopUp", {
      body: { id: request.id },
      params: { header: { "Idempotency-Key": key } },
    }),
  );
}

/** ACCT-002: the avatar becomes the uploaded picture. */
export async function setHeadImg(attachmentId: string) {
  return unwrap(await api.POST("/pc/member/updateHeadImg", { body: { attachmentId } }));
}
