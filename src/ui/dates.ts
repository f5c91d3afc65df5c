/** A moment as the reader's language writes it, in UTC (the time the server records): "24 Nov 2026, 05:11". */
export const formatDateTime = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale === "zh" ? "zh-CN" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(new Date(iso));
