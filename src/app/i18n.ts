import { i18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";

export type Locale = "en" | "zh";
export const LOCALES: readonly Locale[] = ["en", "zh"];
const STORAGE_KEY = "locale";

/** SHELL-004: English unless the user chose Chinese before. */
export function initialLocale(): Locale {
  const stored = typeof localStorage === "undefined" ? null : localStorage.getItem(STORAGE_KEY);
  return stored === "zh" ? "zh" : "en";
}

/**
 * Issue 21: English is the messages' own text (the build keeps it beside each id), compiled once on
 * first use by Lingui's own compiler (the one its development mode uses); only Chinese has a catalog,
 * and it is compiled at build time. A first load carries the compiler, not 19 kB of English catalog.
 */
const compiled = new Map<string, ReturnType<typeof compileMessage>>();
i18n.setMessagesCompiler((message) => {
  let result = compiled.get(message);
  if (!result) compiled.set(message, (result = compileMessage(message)));
  return result;
});

/**
 * Loads the catalog lazily (zh is not in the first-load bundle) and switches the app to it. The user's
 * choice (`remember`) is kept for the next visit; the start, which only reads it, writes nothing: a
 * choice made meanwhile (in another tab) is never overwritten by a page still loading.
 */
export async function activateLocale(locale: Locale, { remember = true } = {}): Promise<void> {
  const { messages } = locale === "zh" ? await import("../locales/zh/messages.po") : { messages: {} };
  i18n.loadAndActivate({ locale, messages });
  if (remember) localStorage.setItem(STORAGE_KEY, locale);
  document.documentElement.lang = locale === "zh" ? "zh-CN" : "en";
}

export const currentLocale = (): Locale => (i18n.locale === "zh" ? "zh" : "en");
export { i18n };
