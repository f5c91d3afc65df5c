import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { ADDRESS_DICT } from "../../../domain/addresses.ts";
import { unwrap, unwrapWithMessage } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import type { components } from "../../../openapi/portal.d.ts";

export type Address = components["schemas"]["Address"];
export type AddressInput = components["schemas"]["AddressInput"];
export type ExpressCompany = components["schemas"]["ExpressCompany"];
export type DictBasicEntry = components["schemas"]["DictBasicEntry"];

/** Reads of the address book and its dictionaries (001 §7: pc/address, pc/expressdict, pc/dictbasic/list). */
export const addressQueries = {
  // ADDR-023
  list: () =>
    queryOptions({
      queryKey: ["addresses", "list"],
      queryFn: async () => unwrap(await api.GET("/pc/address", {})) ?? [],
    }),
  // ADDR-027
  one: (id: number) =>
    queryOptions({
      queryKey: ["addresses", "one", id],
      queryFn: async () => unwrap(await api.GET("/pc/address/selectOne", { params: { query: { id } } })),
    }),
  // ADDR-029
  express: () =>
    queryOptions({
      queryKey: ["addresses", "express"],
      queryFn: async () => unwrap(await api.GET("/pc/expressdict/list", {})) ?? [],
      staleTime: Infinity,
    }),
  // ADDR-030, ADDR-031: one dictionary (the children of a parent, 0 the top level)
  dict: (category: number, parentId: number) =>
    queryOptions({
      queryKey: ["addresses", "dict", category, parentId],
      queryFn: async () =>
        unwrap(await api.GET("/pc/dictbasic/list", { params: { query: { category, parentId } } })) ?? [],
      staleTime: Infinity,
    }),
};

export const countriesQuery = () => addressQueries.dict(ADDRESS_DICT.country, 0);

/** ADDR-024, ADDR-025: saves the address (create without id, update with it). */
export async function saveAddress(body: AddressInput) {
  return body.id
    ? unwrapWithMessage(await api.PUT("/pc/address", { body: { ...body, id: body.id } }))
    : unwrapWithMessage(await api.POST("/pc/address", { body }));
}

/** ADDR-026 */
export async function deleteAddress(id: number) {
  return unwrapWithMessage(await api.DELETE("/pc/address", { params: { query: { id } } }));
}

/** ADDR-008, ADDR-028 */
export async function setDefaultAddress(id: number) {
  return unwrapWithMessage(await api.POST("/pc/address/setDefault", { body: { id } }));
}

/** The reads an address change makes stale (the book and every single address read). */
export const refreshAddresses = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    queryKey: ["addresses"],
    predicate: (q) => q.queryKey[1] !== "dict" && q.queryKey[1] !== "express",
  });
