/** SHELL-139: autoplay delay. */
export const BANNER_AUTOPLAY_MS = 3000;
/** SHELL-142: banner height is 0.52 × its width. */
export const BANNER_HEIGHT_RATIO = 0.52;
