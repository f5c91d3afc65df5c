import { createFileRoute } from "@tanstack/react-router";
import { requireMenuAuthority } from "./-menuAuthority.ts";

/** Code of the authority that opens the flow pictures in production builds. */
const FLOWS_AUTHORITY = "flows";

/**
 * The flow pictures (`/flows` and `/flows/<machine>`), each drawn from its machine's own definition:
 * open in development builds, and in production to accounts holding the `flows` authority.
 */
export const Route = createFileRoute("/_auth/flows")({
  beforeLoad: async ({ context }) => {
    if (import.meta.env.DEV) return;
    await requireMenuAuthority(context, FLOWS_AUTHORITY);
  },
});
