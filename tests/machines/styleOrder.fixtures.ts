/**
 * A style of the catalogue as the style order's tests read it (tests/machines/styleOrder*.test.ts):
 * a suit in two garment pieces (a jacket in the suit's category 3000, trousers in 2000: the suit's
 * add-product, so measured as one, QO-040), each with a style code, a required choice craft (type 2, SO-018),
 * an optional free-text craft and an optional choice craft (SO-009).
 */
import type { StyleLoad, StyleProduct } from "../../machines/styleOrder/styleOrder.machine.ts";
import { METHODS } from "./quickOrder.fixtures.ts";

export const STYLE_ID = 7001;
export const STYLE_FABRICS = ["VB1000", "VB1005"];

export const STYLE: StyleProduct = {
  id: STYLE_ID,
  styleName: "Milano two-piece suit",
  images: ["/api/pc/style/image/7001/1", "/api/pc/style/image/7001/2", "/api/pc/style/image/7001/3"],
  deliveryDays: 15,
  currency: "USD",
  property: "<ul><li>Half canvas</li></ul>",
  categoryId: 3000,
  fabrics: STYLE_FABRICS,
  pieces: [
    {
      id: 71,
      clothCategory: 3000,
      styleName: "Milano jacket",
      styleCode: "MJ-01",
      crafts: [
        {
          id: 901,
          name: "Lapel width",
          type: 2,
          price: "0.00",
          imageUrl: "",
          choices: ["7 cm", "8 cm", "9 cm"],
          choiceNames: ["7 cm", "8 cm", "9 cm"],
          preset: "",
        },
        {
          id: 902,
          name: "Lining colour",
          type: 1,
          price: "12.50",
          imageUrl: "",
          choices: [],
          choiceNames: [],
          preset: "",
        },
      ],
    },
    {
      id: 72,
      clothCategory: 2000,
      styleName: "Milano trousers",
      styleCode: "MT-01",
      crafts: [
        {
          id: 903,
          name: "Trouser hem",
          type: 2,
          price: "5.00",
          imageUrl: "",
          choices: ["Plain", "Turn-up"],
          choiceNames: ["Plain", "Turn-up"],
          preset: "Plain",
        },
      ],
    },
  ],
};

/** What loadStyle answers: the style and its category's setup (no craft tree: the style's crafts are its own). */
export const STYLE_LOAD: StyleLoad = { product: STYLE, setup: { ecode: "MSUIT", tree: [], methods: METHODS } };
