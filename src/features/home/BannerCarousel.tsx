import { useCallback, useEffect, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { shellQueries } from "../shell/queries.ts";
import { Img } from "../../ui/Img.tsx";

/** SHELL-139: autoplay delay. */
export const BANNER_AUTOPLAY_MS = 3000;
/** SHELL-142: banner height is 0.52 × its width. */
export const BANNER_HEIGHT_RATIO = 0.52;

/** SHELL-098, SHELL-140, SHELL-141: a looping carousel with clickable pagination. */
export function BannerCarousel() {
  const { t } = useLingui();
  const banners = useQuery(shellQueries.banners());
  const [emblaRef, embla] = useEmblaCarousel({ loop: true }, [Autoplay({ delay: BANNER_AUTOPLAY_MS, stopOnInteraction: false })]);
  const [selected, setSelected] = useState(0);
  const onSelect = useCallback(() => embla && setSelected(embla.selectedScrollSnap()), [embla]);
  useEffect(() => {
    if (!embla) return;
    embla.on("select", onSelect);
    embla.reInit();
    return () => void embla.off("select", onSelect);
  }, [embla, onSelect, banners.data]);

  const list = banners.data ?? [];
  return (
    <section aria-roledescription="carousel" aria-label={t`Featured`} className="relative w-full" data-testid="banner">
      <div ref={emblaRef} className="overflow-hidden">
        <div className="flex">
          {list.map((b, i) => (
            <div key={b.id ?? i} className="min-w-0 flex-[0_0_100%]" role="group" aria-roledescription="slide" aria-label={t`${i + 1} of ${list.length}`}>
              <Img src={b.imagePath} alt="" className="block w-full object-cover" style={{ aspectRatio: `1 / ${BANNER_HEIGHT_RATIO}` }} />
            </div>
          ))}
          {list.length === 0 && <div className="w-full bg-slate-200" style={{ aspectRatio: `1 / ${BANNER_HEIGHT_RATIO}` }} />}
        </div>
      </div>
      <div className="absolute bottom-6 left-0 right-0 flex justify-center gap-3" data-testid="banner-pagination">
        {list.map((_, i) => (
          <button
            key={i}
            type="button"
            aria-label={t`Show slide ${i + 1}`}
            aria-current={i === selected ? "true" : undefined}
            onClick={() => embla?.scrollTo(i)}
            className={`h-3 w-3 rounded-full border-2 border-white ${i === selected ? "bg-white" : "bg-white/30"}`}
          />
        ))}
      </div>
    </section>
  );
}
