import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { sendContact } from "./contact.ts";
import { deleteMessage, messagePage, readAllMessages, readMessage, unreadCount } from "./service.ts";

/** The message centre (MSG-011..014) and the contact form (CONTACT-008), issue 25. */
export function messageRoutes({ db, config }: RouteContext) {
  return {
    async getNewsList(req: OperationRequest<"getNewsList">) {
      const page = await messagePage(db, memberOf(req).memberId, req.locale, req.query);
      return { ...ok(req, page.data), total: page.total, pages: page.pages };
    },

    async getUnreadCount(req: OperationRequest<"getUnreadCount">) {
      return ok(req, await unreadCount(db, memberOf(req).memberId));
    },

    async updateMessageRead(req: OperationRequest<"updateMessageRead">) {
      return ok(req, await readMessage(db, memberOf(req).memberId, Number(req.query.id)), "message.read");
    },

    async updateMessageReadAll(req: OperationRequest<"updateMessageReadAll">) {
      return ok(req, await readAllMessages(db, memberOf(req).memberId), "message.readAll");
    },

    async updateMessageDelete(req: OperationRequest<"updateMessageDelete">) {
      return ok(req, await deleteMessage(db, memberOf(req).memberId, Number(req.query.id)), "message.deleted");
    },

    async sendEmail(req: OperationRequest<"sendEmail">) {
      // A signed-in sender's entry records the account (a visitor's none); the form is open to both.
      const receipt = await sendContact(db, config, req.body ?? {}, {
        address: req.ip,
        memberId: req.member?.memberId,
      });
      return ok(req, receipt, receipt.sent ? "contact.sent" : "contact.queued");
    },
  };
}
