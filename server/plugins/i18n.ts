import fp from "fastify-plugin";
import { localeOf, type Locale } from "../i18n.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's language from Accept-Language (en by default, zh). */
    readonly locale: Locale;
  }
}

/** Infrastructure: every request knows its language, which the envelopes' messages are translated into. */
export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest("locale", {
      getter() {
        return localeOf(this.headers["accept-language"]);
      },
    });
  },
  { name: "i18n" },
);
