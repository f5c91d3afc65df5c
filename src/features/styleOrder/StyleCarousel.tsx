import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Img } from "../../ui/Img.tsx";
import { useReducedMotion } from "../../ui/useReducedMotion.ts";

/** SO-002: the carousel moves on every 3000 ms (the banner's autoplay delay, 000 §9), looping. */
export const CAROUSEL_AUTOPLAY_MS = 3000;

/** A picture of the style at the width it is shown (the server honours max_width). */
const sized = (src: string, width: number) => `${src}${src.includes("?") ? "&" : "?"}max_width=${width}`;

/**
 * SO-002: the style's pictures, one large with its thumbnails under it, moving on by itself (looping)
 * until the user points at it, focuses it or picks a thumbnail; a user who asks for less motion gets
 * no autoplay. A view-only part: which picture shows is no part of the order.
 */
export function StyleCarousel({ images, name }: { images: readonly string[]; name: string }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(0);
  const [held, setHeld] = useState(false);
  const count = images.length;
  const reduced = useReducedMotion();
  const playing = count > 1 && !held && !reduced;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setShown((i) => (i + 1) % count), CAROUSEL_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);
  if (count === 0) return <Img src="" alt={name} className="h-[420px] w-full rounded" />;
  const current = Math.min(shown, count - 1);
  return (
    <div
      role="region"
      aria-roledescription={t`carousel`}
      aria-label={t`Pictures of ${name}`}
      data-testid="style-carousel"
      data-playing={playing}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div
        aria-live={playing ? "off" : "polite"}
        className="overflow-hidden rounded border border-slate-200 bg-slate-50"
      >
        <Img
          key={images[current]}
          src={sized(images[current]!, 720)}
          alt={t`${name}, picture ${current + 1} of ${count}`}
          className="mx-auto h-[420px] w-full object-contain"
        />
      </div>
      {count > 1 && (
        <ul className="mt-3 flex gap-2" aria-label={t`Thumbnails`}>
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={t`Show picture ${i + 1}`}
                aria-current={i === current ? "true" : undefined}
                onClick={() => setShown(i)}
                className={`block overflow-hidden rounded border-2 ${i === current ? "border-brand" : "border-transparent hover:border-slate-300"}`}
              >
                <Img src={sized(src, 120)} alt="" className="h-16 w-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {count > 1 && (
        <p className="sr-only">
          <Trans>The pictures change by themselves until you point at or focus them.</Trans>
        </p>
      )}
    </div>
  );
}
