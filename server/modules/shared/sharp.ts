import type sharpModule from "sharp";

/** sharp's function (libvips), as `import sharp from "sharp"` gives it. */
export type Sharp = typeof sharpModule;

let loaded: Promise<Sharp> | undefined;

/**
 * Issue 21: sharp (libvips, native code) is loaded by the first picture drawn or uploaded, not at start. Pictures
 * are not cached between calls (each upload is read once, the goods' renders are kept by their module), and each
 * picture gets one libvips thread: how many are decoded at once is the attachments' decode pool's to say.
 */
export function loadSharp(): Promise<Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  // A failed load is not kept: the next picture tries again.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
