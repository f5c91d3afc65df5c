import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/envelope.ts";
import { currentLocale } from "../../app/i18n.ts";
import type { AllocationSearch, BillingSearch } from "../../routes/_auth/-billingSearch.ts";
import { pageSizeOf } from "../../ui/list/index.ts";
import { BILLING_LIST } from "./rules.ts";

/** The billing filter of the address as the server's query (BILL-009), without paging. */
export const dealQuery = (search: BillingSearch) => ({
  memberId: search.memberId,
  dealItem: search.dealItem as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | undefined,
  dealStart: search.dealStart,
  dealEnd: search.dealEnd,
  keyword: search.keyword,
  deliveryStart: search.deliveryStart,
  deliveryEnd: search.deliveryEnd,
  transferId: search.transferId,
});

/** The reads of the billing ledger and the allocation details (001 §7). */
export const billingQueries = {
  // BILL-012: one page of the ledger's movements, their number and the balance line
  deals: (search: BillingSearch) =>
    queryOptions({
      queryKey: ["billing", "deals", search, currentLocale()],
      queryFn: async () => {
        const result = await api.GET("/pc/memberDeal", {
          params: {
            query: {
              ...dealQuery(search),
              pageNum: search.page ?? 1,
              pageSize: pageSizeOf(BILLING_LIST, search),
            },
          },
        });
        const rows = unwrap(result) ?? [];
        return {
          rows,
          total: result.data?.total ?? 0,
          totalCapped: result.data?.totalCapped ?? false,
          balance: result.data?.balance ?? "0.00",
          moneyType: result.data?.moneyType ?? "",
        };
      },
      placeholderData: keepPreviousData,
    }),
  // SUB-041: one page of the allocations
  allocations: (search: AllocationSearch) =>
    queryOptions({
      queryKey: ["billing", "allocations", search, currentLocale()],
      queryFn: async () => {
        const result = await api.GET("/pc/memberDeal/allocationDetails", {
          params: {
            query: {
              memberId: search.memberId,
              dealItem: search.dealItem as 3 | 4 | 5 | 6 | undefined,
              dealStart: search.dealStart,
              dealEnd: search.dealEnd,
              pageNum: search.page ?? 1,
              pageSize: pageSizeOf(BILLING_LIST, search),
            },
          },
        });
        return {
          rows: unwrap(result) ?? [],
          total: result.data?.total ?? 0,
          totalCapped: result.data?.totalCapped ?? false,
        };
      },
      placeholderData: keepPreviousData,
    }),
  // BILL-013: the allocation details' transaction types
  transactionTypes: () =>
    queryOptions({
      queryKey: ["billing", "transactionTypes", currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/memberDeal/getTransactionType")),
      staleTime: Infinity,
    }),
  // BILL-014: the deal items of the billing filter
  dealItems: () =>
    queryOptions({
      queryKey: ["billing", "dealItems", currentLocale()],
      queryFn: async () => unwrap(await api.GET("/pc/dictsystem/getDealItem")),
      staleTime: Infinity,
    }),
  // BILL-011, SUB-037: the member filter, the account itself first (isContainsSelf 1)
  members: () =>
    queryOptions({
      queryKey: ["billing", "members"],
      queryFn: async () =>
        unwrap(await api.GET("/pc/member/findAllSubAccount", { params: { query: { isContainsSelf: 1 } } })),
    }),
};
