/** The home page's public face. */
export { HomePage, HOME_STEPS } from "./HomePage.tsx";
