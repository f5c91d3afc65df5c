import { Trans, useLingui } from "@lingui/react/macro";

/** SHELL-087, SHELL-088: three social networks and the order e-mail (home route only, SHELL-086). */
export const SOCIAL_LINKS = [
  { name: "Facebook", href: "https://www.facebook.com/mtmtailor" },
  { name: "Instagram", href: "https://www.instagram.com/mtmtailor" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/mtmtailor" },
] as const;
export const ORDER_EMAIL = "order@mtmtailor.example";

export function Footer() {
  const { t } = useLingui();
  return (
    <footer data-testid="site-footer" className="mt-16 bg-brand text-slate-100">
      <div className="mx-auto flex w-full max-w-[1440px] flex-wrap items-center justify-between gap-4 px-4 py-10 xl:px-8">
        <nav aria-label={t`Social networks`}>
          <ul className="flex gap-6">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="underline-offset-4 hover:underline"
                >
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          <Trans>Orders:</Trans>{" "}
          <a href={`mailto:${ORDER_EMAIL}`} className="font-semibold underline underline-offset-4">
            {ORDER_EMAIL}
          </a>
        </p>
      </div>
    </footer>
  );
}
