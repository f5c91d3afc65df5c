import type { LoadedOrder } from "../../../domain/orderEntry/form.ts";
import { PROFESSIONAL_FORM_KEY } from "../shell/index.ts";

/**
 * PO-020, PO-021: the unsaved professional forms kept in session storage while another garment
 * category is open, one per category, under the key the header's NEW ORDER panel clears (SHELL-071).
 * What is read back is only trusted as far as its shape: anything else is no kept form.
 */
type Kept = Record<string, LoadedOrder>;

function read(): Kept {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(PROFESSIONAL_FORM_KEY) ?? "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Kept) : {};
  } catch {
    return {};
  }
}

const looksKept = (form: unknown): form is LoadedOrder => {
  if (!form || typeof form !== "object") return false;
  const f = form as Partial<LoadedOrder>;
  return (
    typeof f.basic === "object" &&
    typeof f.fabric === "object" &&
    typeof f.crafts === "object" &&
    Array.isArray(f.crafts?.selected) &&
    Array.isArray(f.monogram) &&
    Array.isArray(f.contrast) &&
    typeof f.size === "object" &&
    Array.isArray(f.size?.pieces)
  );
};

/** PO-020: the category's unsaved form, kept while the user switches to another category. */
export function keepForm(categoryId: number, form: LoadedOrder): void {
  try {
    sessionStorage.setItem(PROFESSIONAL_FORM_KEY, JSON.stringify({ ...read(), [categoryId]: form }));
  } catch {
    // storage full or denied: the form is simply not kept
  }
}

/** PO-020: the form kept for the category (taken out: it is the page's own again), if any. */
export function takeKeptForm(categoryId: number): LoadedOrder | undefined {
  const kept = read();
  const form = kept[categoryId];
  if (form === undefined) return undefined;
  delete kept[categoryId];
  try {
    sessionStorage.setItem(PROFESSIONAL_FORM_KEY, JSON.stringify(kept));
  } catch {
    // nothing to undo
  }
  return looksKept(form) ? form : undefined;
}

/** PO-021: leaving the page or submitting drops every kept form. */
export function dropKeptForms(): void {
  try {
    sessionStorage.removeItem(PROFESSIONAL_FORM_KEY);
  } catch {
    // nothing kept
  }
}
