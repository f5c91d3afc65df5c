/**
 * The rules the message centre and the contact form apply, from `domain/messages.ts` (the server's sendEmail runs
 * the same checks): the views read them here (views never import domain/ directly).
 */
export {
  CONTACT_LIMITS,
  firstContactRefusal,
  isNearBottom,
  URGENCY_TABS,
  type ContactForm,
  type ContactRefusal,
  type UrgencyTab,
} from "../../../domain/messages.ts";
