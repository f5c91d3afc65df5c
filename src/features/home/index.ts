/** The home page's public face. */
export { HomePage } from "./HomePage.tsx";
