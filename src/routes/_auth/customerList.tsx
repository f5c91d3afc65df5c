import { createFileRoute } from "@tanstack/react-router";
import { CustomerListPage } from "../../features/customers/index.ts";

/** 001 §2 the customer book (CUST-002..008). */
export const Route = createFileRoute("/_auth/customerList")({
  component: CustomerListPage,
});
