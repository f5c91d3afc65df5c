/** The shell's public face: the header and footer, and the reads the shell shares with other areas. */
export { Header, preloadSignedInMenus } from "./Header.tsx";
export { Footer } from "./Footer.tsx";
export { shellQueries } from "./queries.ts";
export { PROFESSIONAL_FORM_KEY } from "./menu.ts";
