/** The shell's public face: the header and footer, and the reads the shell shares with other areas. */
export { Header } from "./Header.tsx";
export { Footer } from "./Footer.tsx";
export { DICT_ORDER_STATUS, DICT_ORDER_TYPES, shellQueries } from "./queries.ts";
