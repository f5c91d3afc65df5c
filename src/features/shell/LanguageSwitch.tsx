import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { activateLocale } from "../../app/i18n.ts";

/** SHELL-003: English and Chinese; the server translates its own messages by Accept-Language. */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const next = i18n.locale === "zh" ? "en" : "zh";
  return (
    <button
      type="button"
      lang={next === "zh" ? "zh-CN" : "en"}
      title={t`Language`}
      onClick={() => void activateLocale(next).then(() => queryClient.invalidateQueries())}
      className="whitespace-nowrap rounded px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100"
    >
      {/* Language names are written in their own language. */}
      {next === "zh" ? "中文" : "English"}
    </button>
  );
}
