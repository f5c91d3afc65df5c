import { useMemo } from "react";
import DOMPurify from "dompurify";

/**
 * HTML that comes from the server (a style's `property` text) as markup the page can show: lists,
 * tables, emphasis and links stay; scripts, event-handler attributes (`onerror`, `onclick` ...),
 * `javascript:` and other unsafe URLs, styles, forms and frames go (DOMPurify). A link that is kept
 * opens in a new tab without access to this page.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
  });
}

DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.hasAttribute("href")) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
});

/** Server HTML rendered only after it was sanitised (never `dangerouslySetInnerHTML` with the raw text). */
export function SafeHtml({ html, className, label }: { html: string; className?: string; label?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className}
      aria-label={label}
      role={label ? "region" : undefined}
      data-testid="safe-html"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
