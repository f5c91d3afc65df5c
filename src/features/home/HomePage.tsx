import { useEffect } from "react";
import { Link, getRouteApi } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import { BannerCarousel } from "./BannerCarousel.tsx";
import { shellQueries } from "../shell/index.ts";
import { sendToSession, useSession } from "../session/index.ts";
import { isSignedIn } from "../../../machines/session/session.selectors.ts";
import { Img } from "../../ui/Img.tsx";
import { buttonVariants } from "../../ui/buttonVariants.ts";

/** SHELL-102: the six numbered steps. */
export const HOME_STEPS = [
  { title: msg`Choose category`, text: msg`Pick the garment: suit, shirt, trousers, coat and more.` },
  { title: msg`Details`, text: msg`Choose the fabric from our stock or send your own.` },
  { title: msg`Crafts`, text: msg`Lapels, pockets, vents, monogram and contrast.` },
  { title: msg`Customer info`, text: msg`Pick your customer from your customer book.` },
  { title: msg`Measurements`, text: msg`Body or finished measurements and body posture.` },
  { title: msg`Check out`, text: msg`Save to the cart or submit against your balance.` },
];

/** SHELL-099..101: the simple-order grid for signed-in users. */
function CategoryGrid() {
  const { t } = useLingui();
  const categories = useQuery(shellQueries.categories(7));
  return (
    <section className="mx-auto mt-14 w-[1280px]" aria-labelledby="simple-order-title">
      <h2 id="simple-order-title" className="mb-6 text-center text-2xl font-semibold text-brand">
        <Trans>Simple order</Trans>
      </h2>
      <ul className="grid grid-cols-6 gap-6" data-testid="home-category-grid">
        {(categories.data ?? []).map((c) => (
          <li key={c.id} className="group relative overflow-hidden rounded border border-slate-200">
            <Img src={c.imagePath} alt={c.name} className="h-64 w-full object-contain" />
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-brand/90 p-3 text-center text-white opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
              <span className="text-lg font-semibold">{c.name}</span>
              {c.onlyCoat && <span className="text-xs">{t`Only the coat is made in a simple order`}</span>}
              <Link
                to="/newOrder"
                search={{ id: c.id }}
                aria-label={t({ message: `Order ${c.name}`, context: "verb" })}
                className={buttonVariants({ variant: "inverse", size: "sm", className: "mt-2" })}
              >
                <Trans context="verb">Order</Trans>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const route = getRouteApi("/");
// Links styled as buttons take the Button primitive's classes (buttonVariants): the home page is
// part of the first load, which stays without tailwind-merge.

export function HomePage() {
  const { i18n, t } = useLingui();
  const signedIn = useSession(isSignedIn, false);
  const { redirect } = route.useSearch();
  // A visitor sent here by the guard is asked to log in, and returns to the target afterwards.
  useEffect(() => {
    if (redirect && !signedIn) sendToSession({ type: "user.openLogin", reason: "pleaseLogIn" });
  }, [redirect, signedIn]);
  return (
    <main>
      <h1 className="sr-only">
        <Trans>Made-to-measure tailoring portal</Trans>
      </h1>
      <BannerCarousel />
      {signedIn && <CategoryGrid />}
      <section className="mx-auto mt-16 w-[1280px]" aria-labelledby="steps-title">
        <h2 id="steps-title" className="mb-8 text-center text-2xl font-semibold text-brand">
          <Trans>Customise in six steps</Trans>
        </h2>
        <ol className="grid grid-cols-6 gap-6" data-testid="home-steps">
          {HOME_STEPS.map((step, i) => (
            <li key={i} className="rounded border border-slate-200 p-5 text-center">
              <span
                className="mx-auto mb-3 flex h-10 w-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="font-semibold text-slate-900">{i18n._(step.title)}</h3>
              <p className="mt-2 text-sm text-slate-700">{i18n._(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="mx-auto mt-16 w-[1280px] text-center" aria-labelledby="choose-title">
        <h2 id="choose-title" className="mb-6 text-2xl font-semibold text-brand">
          <Trans>Choose your category</Trans>
        </h2>
        <Img
          src="/img/home/choose-category.svg"
          alt={t`Suits, shirts, trousers, waistcoats, overcoats and women's wear`}
          className="mx-auto w-full"
        />
        <Link
          to="/contect"
          data-testid="contact-us"
          className={buttonVariants({ variant: "accent", size: "xl", className: "mt-10" })}
        >
          <Trans>Contact us</Trans>
        </Link>
      </section>
    </main>
  );
}
