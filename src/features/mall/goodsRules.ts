/** The mall's rules the pages apply (domain/goods.ts: the server checks the same). */
export {
  GOODS_PAGE_SIZE,
  GOODS_QUANTITY_MAX,
  GOODS_QUANTITY_MIN,
  goodsChoiceRefusal,
  parseGoodsBack,
  splitGoodsList,
  type GoodsCatalogueQuery,
  type GoodsChoiceRefusal,
} from "../../../domain/goods.ts";
