/** The online mall (002 §2 "Ready-goods catalogue", GOODS-001..024): the catalogue and the product. */
export { MallPage } from "./MallPage.tsx";
export { ProductPage } from "./ProductPage.tsx";
