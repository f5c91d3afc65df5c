import { useCallback, useEffect, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { useLingui } from "@lingui/react/macro";
import { Img } from "../../ui/Img.tsx";
import { BANNER_AUTOPLAY_MS, BANNER_HEIGHT_RATIO } from "./banner.ts";

/** SHELL-139..141: a looping carousel with 3 s autoplay and clickable pagination (Embla). */
export function BannerSlides({ banners }: { banners: Array<{ id?: number; imagePath: string }> }) {
  const { t } = useLingui();
  const [emblaRef, embla] = useEmblaCarousel({ loop: true }, [
    Autoplay({ delay: BANNER_AUTOPLAY_MS, stopOnInteraction: false }),
  ]);
  const [selected, setSelected] = useState(0);
  const onSelect = useCallback(() => embla && setSelected(embla.selectedScrollSnap()), [embla]);
  useEffect(() => {
    if (!embla) return;
    embla.on("select", onSelect);
    return () => void embla.off("select", onSelect);
  }, [embla, onSelect]);

  return (
    <>
      <div ref={emblaRef} className="overflow-hidden">
        <div className="flex">
          {banners.map((b, i) => (
            <div
              key={b.id ?? i}
              className="min-w-0 flex-[0_0_100%]"
              role="group"
              aria-roledescription="slide"
              aria-label={t`${i + 1} of ${banners.length}`}
            >
              <Img
                src={b.imagePath}
                alt=""
                className="block w-full object-cover"
                style={{ aspectRatio: `1 / ${BANNER_HEIGHT_RATIO}` }}
              />
            </div>
          ))}
        </div>
      </div>
      <div className="absolute bottom-6 left-0 right-0 flex justify-center gap-3" data-testid="banner-pagination">
        {banners.map((_, i) => (
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
    </>
  );
}
