import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "../features/messages/index.ts";

/** 001 §2 contact us (CONTACT-001..009), open to visitors (D-01). */
export const Route = createFileRoute("/contect")({
  component: ContactPage,
});
