import { useEffect, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import { useLingui } from "@lingui/react/macro";
import { Img } from "../../ui/Img.tsx";
import { useReducedMotion } from "../../ui/useReducedMotion.ts";
import { BANNER_AUTOPLAY_MS, BANNER_HEIGHT_RATIO } from "./banner.ts";

/** Whether the slides move on by themselves: as the motion preference says, or as the user chose with the button. */
type Autoplay = "as preferred" | "playing" | "paused";

/**
 * SHELL-139..141: a looping carousel (Embla) with clickable pagination that moves on 3 s after each slide
 * came. It holds while pointed at; a button pauses and plays it (WCAG 2.2.2: what moves by itself can
 * be stopped); a user who asks for less motion gets no autoplay (the button can still start it) and
 * pagination that jumps instead of sliding.
 */
export function BannerSlides({ banners }: { banners: Array<{ id?: number; imagePath: string }> }) {
  const { t } = useLingui();
  const reduced = useReducedMotion();
  const [emblaRef, embla] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  const [autoplay, setAutoplay] = useState<Autoplay>("as preferred");
  const [pointedAt, setPointedAt] = useState(false);
  const wanted = autoplay === "as preferred" ? !reduced : autoplay === "playing";
  const playing = wanted && !pointedAt;
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    return () => void embla.off("select", onSelect);
  }, [embla]);
  // SHELL-139: the next slide 3 s after this one came (a slide picked by hand starts the 3 s again)
  useEffect(() => {
    if (!embla || !playing) return;
    const timer = window.setTimeout(() => embla.scrollNext(reduced), BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [embla, playing, reduced, selected]);

  return (
    <>
      <div
        ref={emblaRef}
        className="overflow-hidden"
        aria-live={playing ? "off" : "polite"}
        // a mouse or pen over the slides (a tap has no "leave" to end it: touch never holds them)
        onPointerEnter={(e) => e.pointerType !== "touch" && setPointedAt(true)}
        onPointerLeave={() => setPointedAt(false)}
      >
        {/* its own layer: sliding moves it as a whole instead of painting the slides again at every frame */}
        <div className="flex will-change-transform">
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
      <div
        className="absolute bottom-6 left-0 right-0 flex items-center justify-center gap-3"
        data-testid="banner-pagination"
      >
        {banners.map((_, i) => (
          <button
            key={i}
            type="button"
            aria-label={t`Show slide ${i + 1}`}
            aria-current={i === selected ? "true" : undefined}
            onClick={() => embla?.scrollTo(i, reduced)}
            className={`h-3 w-3 rounded-full border-2 border-white ${i === selected ? "bg-white" : "bg-white/30"}`}
          />
        ))}
        <button
          type="button"
          data-testid="banner-autoplay"
          aria-label={wanted ? t`Pause the slides` : t`Play the slides`}
          onClick={() => setAutoplay(wanted ? "paused" : "playing")}
          className="ml-2 flex h-6 w-6 items-center justify-center rounded-full border-2 border-white text-white"
        >
          <svg viewBox="0 0 10 10" className="h-2.5 w-2.5" aria-hidden="true" fill="currentColor">
            {wanted ? <path d="M1.5 1h2.5v8H1.5zM6 1h2.5v8H6z" /> : <path d="M2 1l7 4-7 4z" />}
          </svg>
        </button>
      </div>
    </>
  );
}
