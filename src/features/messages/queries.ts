import { infiniteQueryOptions } from "@tanstack/react-query";
import { MESSAGE_PAGE_SIZE, type UrgencyTab } from "../../../domain/messages.ts";
import { unwrap, unwrapWithMessage } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { currentLocale } from "../../app/i18n.ts";

/** The message centre's list (001 §7), ten a page (MSG-011, MSG-016); the header reads the unread count (shell/queries.ts). */
export const messageQueries = {
  list: (urgencyType: UrgencyTab) =>
    infiniteQueryOptions({
      queryKey: ["messages", "list", urgencyType, currentLocale()],
      initialPageParam: 1,
      queryFn: async ({ pageParam }) => {
        const result = await api.GET("/pc/news", {
          params: { query: { pageNum: pageParam, pageSize: MESSAGE_PAGE_SIZE, urgencyType } },
        });
        return { data: unwrap(result) ?? [], pages: result.data?.pages ?? 0, pageNum: pageParam };
      },
      getNextPageParam: (last) => (last.pageNum < last.pages ? last.pageNum + 1 : undefined),
    }),
};

/** MSG-012: marks one message read. */
export async function markRead(id: number) {
  return unwrap(await api.GET("/newsread/updateMessageRead", { params: { query: { id: String(id) } } }));
}

/** MSG-013: marks every message read. */
export async function markAllRead() {
  return unwrapWithMessage(await api.GET("/newsread/updateMessageReadAll"));
}

/** MSG-014: deletes one message. */
export async function deleteMessage(id: number) {
  return unwrapWithMessage(await api.GET("/newsread/updateMessageDelete", { params: { query: { id: String(id) } } }));
}

/** CONTACT-008: the contact form. */
export async function sendContactMessage(form: { customerName: string; customerEmail: string; content: string }) {
  return unwrapWithMessage(await api.POST("/admin/news/sendEmail", { body: form }));
}
