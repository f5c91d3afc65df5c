import { askerOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import {
  addressDictionary,
  createAddress,
  deleteAddress,
  expressDictionary,
  listAddresses,
  requireOwnAddress,
  setDefaultAddress,
  updateAddress,
} from "./service.ts";

/** Delivery addresses and their dictionaries (issue 23, ADDR-023..032). */
export function addressRoutes({ db }: RouteContext) {
  return {
    async listAddress(req: OperationRequest<"listAddress">) {
      return ok(req, await listAddresses(db, askerOf(req), req.query.isDefault));
    },

    async saveAddress(req: OperationRequest<"saveAddress">) {
      return ok(req, await createAddress(db, askerOf(req), req.body), "address.saved");
    },

    async updateAddress(req: OperationRequest<"updateAddress">) {
      // the contract requires the id
      return ok(req, await updateAddress(db, askerOf(req), { ...req.body, id: req.body.id! }), "address.saved");
    },

    async deleteAddress(req: OperationRequest<"deleteAddress">) {
      return ok(req, await deleteAddress(db, askerOf(req), req.query.id), "address.deleted");
    },

    async selectOneAddress(req: OperationRequest<"selectOneAddress">) {
      return ok(req, await requireOwnAddress(db, askerOf(req), req.query.id));
    },

    async setDefaultAddress(req: OperationRequest<"setDefaultAddress">) {
      return ok(req, await setDefaultAddress(db, askerOf(req), req.body.id), "address.defaultSet");
    },

    async expressDictList(req: OperationRequest<"expressDictList">) {
      return ok(req, await expressDictionary(db, req.locale));
    },

    async dictbasicList(req: OperationRequest<"dictbasicList">) {
      return ok(req, await addressDictionary(db, req.locale, req.query));
    },
  };
}
