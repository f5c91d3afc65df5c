import { Suspense, lazy } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { shellQueries } from "../shell/index.ts";
import { Img } from "../../ui/Img.tsx";
import { BANNER_HEIGHT_RATIO } from "./banner.ts";

// The carousel library loads after the first banner is on screen.
const BannerSlides = lazy(() => import("./BannerSlides.tsx").then((m) => ({ default: m.BannerSlides })));

/** SHELL-098: the home banner carousel, from GET pc/banner (SHELL-125). */
export function BannerCarousel() {
  const { t } = useLingui();
  const banners = useQuery(shellQueries.banners());
  const list = banners.data ?? [];
  const first = list[0];
  const still = first ? (
    <Img
      src={first.imagePath}
      alt=""
      className="block w-full object-cover"
      style={{ aspectRatio: `1 / ${BANNER_HEIGHT_RATIO}` }}
    />
  ) : (
    <div className="w-full bg-slate-200" style={{ aspectRatio: `1 / ${BANNER_HEIGHT_RATIO}` }} />
  );
  return (
    <section aria-roledescription="carousel" aria-label={t`Featured`} className="relative w-full" data-testid="banner">
      {list.length > 1 ? (
        <Suspense fallback={still}>
          <BannerSlides banners={list} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
