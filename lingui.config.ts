import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "zh"],
  fallbackLocales: { default: "en" },
  catalogs: [{ path: "<rootDir>/src/locales/{locale}/messages", include: ["src", "machines"] }],
  format: formatter({ lineNumbers: false }),
});
