import { createFileRoute } from "@tanstack/react-router";
import { AddressBookPage } from "../../features/addresses/index.ts";

export const Route = createFileRoute("/_auth/deliveryAddress")({
  component: AddressBookPage,
});
