import { createFileRoute } from "@tanstack/react-router";
import { MessageCentrePage } from "../../features/messages/index.ts";

/** 001 §2 the message centre (MSG-001..017), signed in. */
export const Route = createFileRoute("/_auth/message")({
  component: MessageCentrePage,
});
