import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import type { CustomerPick } from "../../../domain/customer.ts";
import { toasts } from "../../ui/toast.ts";
import { customerQueries } from "./queries.ts";

/** Issue 24: a new order for a customer of the book, from their current measurements or a kept set. */
export interface OrderStart {
  customerId: number;
  measureSetId?: number;
}

/** The order page's flow as this hook drives it: it picks the customer as the user would (QO-011). */
interface PicksCustomer {
  send(event: { type: "user.pickCustomer"; customer: CustomerPick; measureSetId?: number }): void;
}

/**
 * Once the order has loaded, picks the named customer of the book as the autocomplete would; from a
 * kept measurement set, its height and weight, and its sizes (the measurement step loads them through
 * `measureSetId`). The server refuses another account's customer or set; the refusal is shown.
 */
export function useOrderStart(order: PicksCustomer, start: OrderStart | undefined, ready: boolean): void {
  const { t } = useLingui();
  const customerId = start?.customerId ?? 0;
  const setId = start?.measureSetId;
  const detail = useQuery({ ...customerQueries.detail(customerId), enabled: customerId > 0, retry: false });
  const history = useQuery({
    ...customerQueries.history(customerId),
    enabled: customerId > 0 && setId !== undefined,
    retry: false,
  });
  const version = setId === undefined ? undefined : history.data?.find((v) => v.id === setId);
  const missingSet = setId !== undefined && history.isSuccess && !version;
  const failure = detail.error ?? history.error;
  const done = useRef(false);
  useEffect(() => {
    if (!start || !ready || done.current) return;
    if (failure || missingSet) {
      done.current = true;
      toasts.show("error", failure?.message || t`This measurement set is not one of the customer's.`);
      return;
    }
    const c = detail.data;
    if (!c || (setId !== undefined && !version)) return;
    done.current = true;
    const figures = version ?? c;
    order.send({
      type: "user.pickCustomer",
      customer: {
        id: c.id,
        custName: c.custName,
        shortName: c.shortName,
        genderId: c.genderId,
        height: figures.height,
        heightUnit: figures.heightUnit,
        weight: figures.weight,
        weightUnit: figures.weightUnit,
      },
      ...(version ? { measureSetId: version.id } : {}),
    });
  }, [start, ready, failure, missingSet, detail.data, version, setId, order, t]);
}
