import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import { Img } from "../../ui/Img.tsx";
import { BANNER_AUTOPLAY_MS, BANNER_HEIGHT_RATIO } from "./banner.ts";

/** How far (px) a drag or swipe must go to turn the slide. */
const SWIPE_PX = 40;

/**
 * A slide's place relative to the shown one, in slide widths: the shown one at 0, the next at 1, the
 * one before at -1 (a loop: from the last slide the next is the first).
 */
const offsetOf = (index: number, selected: number, count: number) => ((index - selected + 1 + count) % count) - 1;

/**
 * SHELL-139..141: a looping carousel with 3 s autoplay (which goes on after a click) and clickable
 * pagination; a drag or swipe turns the slide. Issue 21: its own few lines instead of a carousel
 * library, so the visitor's home loads less. A slide slides only to or from a neighbouring place;
 * one that jumps around the loop moves while out of sight.
 */
export function BannerSlides({ banners }: { banners: Array<{ id?: number; imagePath: string }> }) {
  const { t } = useLingui();
  const count = banners.length;
  // the shown slide, and the one shown before it (which says how each slide moves)
  const [{ selected, from }, setSlide] = useState({ selected: 0, from: 0 });
  const setSelected = (next: (s: number) => number) =>
    setSlide((s) => ({ selected: next(s.selected), from: s.selected }));
  // SHELL-139: the next slide every 3 s, counted from the last change (a click restarts the count)
  useEffect(() => {
    const timer = setTimeout(
      () => setSlide((s) => ({ selected: (s.selected + 1) % count, from: s.selected })),
      BANNER_AUTOPLAY_MS,
    );
    return () => clearTimeout(timer);
  }, [selected, count]);
  const dragStart = useRef<number | undefined>(undefined);
  const onPointerUp = (event: PointerEvent) => {
    const start = dragStart.current;
    dragStart.current = undefined;
    if (start === undefined || Math.abs(event.clientX - start) < SWIPE_PX) return;
    setSelected((s) => (s + (event.clientX < start ? 1 : count - 1)) % count);
  };

  return (
    <>
      <div
        className="relative touch-pan-y overflow-hidden select-none"
        style={{ aspectRatio: `1 / ${BANNER_HEIGHT_RATIO}` }}
        onPointerDown={(event) => (dragStart.current = event.clientX)}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (dragStart.current = undefined)}
        onDragStart={(event) => event.preventDefault()}
      >
        {banners.map((b, i) => {
          const offset = offsetOf(i, selected, count);
          const moves = Math.abs(offset - offsetOf(i, from, count)) <= 1;
          return (
            <div
              key={b.id ?? i}
              className={`absolute inset-0 ${moves ? "transition-transform duration-500 ease-out motion-reduce:transition-none" : ""}`}
              style={{ transform: `translateX(${offset * 100}%)` }}
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
          );
        })}
      </div>
      <div className="absolute bottom-6 left-0 right-0 flex justify-center gap-3" data-testid="banner-pagination">
        {banners.map((_, i) => (
          <button
            key={i}
            type="button"
            aria-label={t`Show slide ${i + 1}`}
            aria-current={i === selected ? "true" : undefined}
            onClick={() => setSelected(() => i)}
            className={`h-3 w-3 rounded-full border-2 border-white ${i === selected ? "bg-white" : "bg-white/30"}`}
          />
        ))}
      </div>
    </>
  );
}
