/**
 * The message centre and the contact form (001 §2, §3, §5, §9): the constants and the contact form's checks,
 * shared by the browser's pages and the server's sendEmail.
 */

/** MSG-016: messages per page. */
export const MESSAGE_PAGE_SIZE = 10;

/** MSG-017: the list loads more when scrolled within this many pixels of its bottom. */
export const LOAD_MORE_WITHIN_PX = 10;

/** MSG-003: the urgency tabs; `""` is all. */
export const URGENCY = { normal: 0, urgent: 1 } as const;
export type UrgencyTab = "" | "0" | "1";
export const URGENCY_TABS: readonly UrgencyTab[] = ["", "0", "1"];

/** MSG-017: whether a scrolled box (or the page) is within `LOAD_MORE_WITHIN_PX` of its bottom. */
export function isNearBottom(box: { scrollTop: number; clientHeight: number; scrollHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= LOAD_MORE_WITHIN_PX;
}

/** Designed limits of the contact form's fields (the longest e-mail address RFC 5321 allows). */
export const CONTACT_LIMITS = { name: 100, email: 254, content: 5000 } as const;

/** CONTACT-006: the e-mail pattern (one @, no spaces, a dot in the domain), at most 254 characters. */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

export function isEmailFormat(email: string): boolean {
  return email.length <= CONTACT_LIMITS.email && EMAIL_PATTERN.test(email);
}

export interface ContactForm {
  customerName: string;
  customerEmail: string;
  content: string;
}

/** What a contact form may be refused for, each naming its field. */
export type ContactRefusal =
  | { field: "customerName"; reason: "required" | "tooLong" }
  | { field: "customerEmail"; reason: "required" | "format" }
  | { field: "content"; reason: "required" | "tooLong" };

/**
 * CONTACT-003..007: the first failing check, in the documented order: name (CONTACT-004), e-mail present
 * (CONTACT-005), e-mail format "incorrect format" (CONTACT-006), message (CONTACT-007); then the designed
 * lengths. Fields are trimmed first; null when the form may be sent.
 */
export function firstContactRefusal(form: Partial<ContactForm>): ContactRefusal | null {
  const name = (form.customerName ?? "").trim();
  const email = (form.customerEmail ?? "").trim();
  const content = (form.content ?? "").trim();
  if (name === "") return { field: "customerName", reason: "required" };
  if (email === "") return { field: "customerEmail", reason: "required" };
  if (!isEmailFormat(email)) return { field: "customerEmail", reason: "format" };
  if (content === "") return { field: "content", reason: "required" };
  if (name.length > CONTACT_LIMITS.name) return { field: "customerName", reason: "tooLong" };
  if (content.length > CONTACT_LIMITS.content) return { field: "content", reason: "tooLong" };
  return null;
}
