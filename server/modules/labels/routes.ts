import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { deleteLabel, editOrderLabels, labelList, saveLabel, type LabelCaller } from "./service.ts";

const callerOf = (req: Parameters<typeof memberOf>[0]): LabelCaller => {
  const member = memberOf(req);
  return { memberId: member.memberId, parentId: member.parentId };
};

/** The label library and the labels of an order (issue 12, LABEL-010..013, D-07). */
export function labelRoutes({ db }: RouteContext) {
  return {
    async getLabelList(req: OperationRequest<"getLabelList">) {
      return ok(req, await labelList(db, callerOf(req), req.query.type));
    },

    async saveLabel(req: OperationRequest<"saveLabel">) {
      // LABEL-018: the success message is the documented toast
      return ok(req, await saveLabel(db, callerOf(req), req.body ?? {}), "label.created");
    },

    async deleteLabel(req: OperationRequest<"deleteLabel">) {
      // LABEL-019
      return ok(req, await deleteLabel(db, callerOf(req), Number(req.params.id)), "label.deleted");
    },

    async editOrderLabel(req: OperationRequest<"editOrderLabel">) {
      // LABEL-017
      const { orderId, labelIds } = req.query;
      return ok(req, await editOrderLabels(db, callerOf(req), Number(orderId), labelIds), "label.updated");
    },
  };
}
