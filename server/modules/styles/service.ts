import type { components } from "../../../openapi/portal.d.ts";
import { accountCents, fabricUsageCents, formatCents } from "../../../domain/money.ts";
import { ORDER_TYPE } from "../../../domain/ids.ts";
import {
  craftField,
  craftKey,
  presetValues,
  splitList,
  styleCraftRefusal,
  styleCraftValueRefusal,
  styleFabricRefusal,
  STYLE_PAGE_SIZE,
  STYLE_SEARCH_MIN,
  STYLE_TEXT_MAX,
  type StyleCrafts,
} from "../../../domain/orderEntry/style.ts";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Locale, MessageKey } from "../../i18n.ts";
import { styleSvg } from "./picture.ts";
import { stylesRepository, type StyleCraftRow, type StylePieceRow, type StyleRow } from "./repository.ts";

/**
 * The style catalogue (000 §3, §7; 002 §2, §7): categories, the paged list, a style, its price with a
 * fabric, the Buy check of step 1, the style search and the pictures. Prices are as the signed-in
 * account pays them: integer cents times the account's price factor, rounded half up once, in the
 * account's currency (the style's `currency`).
 */
type StyleCategory = components["schemas"]["StyleCategory"];
type StyleSummary = components["schemas"]["StyleSummary"];
type StyleDetail = components["schemas"]["StyleDetail"];
type StyleInfo = components["schemas"]["StyleInfo"];
type StyleChoice = components["schemas"]["StyleChoice"];
type StyleBuy = components["schemas"]["StyleBuy"];
type StylePieceHit = components["schemas"]["StylePieceHit"];

/** The signed-in account's pricing: price factor (percent) and currency. */
export interface Pricing {
  priceFactorPct: number;
  moneyType: string;
}

const refuse = (key: MessageKey, params: Record<string, string | number> = {}) => new AppError(1002, key, params);
const nameIn = (zh: boolean, row: { enName: string; zhName: string }) => (zh ? row.zhName : row.enName);
export const imagePath = (styleId: number, n: number) => `/api/pc/style/image/${styleId}/${n}`;

/** One garment's price before the account's factor: each piece's making plus the fabric it uses. */
function piecesCents(
  pieces: ReadonlyArray<Pick<StylePieceRow, "makePriceCents" | "fabricCentimeters">>,
  pricePerMeterCents: number,
) {
  return pieces.map((p) => ({
    makeCents: p.makePriceCents,
    fabricCents: fabricUsageCents(pricePerMeterCents, p.fabricCentimeters),
  }));
}
const sumCents = (lines: ReadonlyArray<{ makeCents: number; fabricCents: number }>) =>
  lines.reduce((sum, l) => sum + l.makeCents + l.fabricCents, 0);

/** SO-025, SO-034, SO-035: the main categories in order with their counts and sub-categories. */
export async function styleCategoryList(db: Db, locale: Locale): Promise<StyleCategory[]> {
  const repository = stylesRepository(db);
  const [rows, counts] = await Promise.all([repository.categories(), repository.counts()]);
  const zh = locale === "zh";
  const countOf = (main: number, sub?: number) =>
    counts
      .filter((c) => c.categoryId === main && (sub === undefined || c.subCategoryId === sub))
      .reduce((sum, c) => sum + c.n, 0);
  return rows
    .filter((r) => r.parentId === null)
    .map((main) => ({
      id: main.id,
      name: nameIn(zh, main),
      count: countOf(main.id),
      children: rows
        .filter((r) => r.parentId === main.id)
        .map((sub) => ({ id: sub.id, name: nameIn(zh, sub), count: countOf(main.id, sub.id) })),
    }));
}

/** SO-026, SO-032, SO-036: one page of styles, by name, each with its lowest price (its cheapest fabric). */
export async function styleList(
  db: Db,
  query: { styleName?: string; pageSize?: number; pageNum?: number; category?: number; subCategory?: number },
  locale: Locale,
  pricing: Pricing,
): Promise<{ data: StyleSummary[]; total: number }> {
  const repository = stylesRepository(db);
  const limit = query.pageSize ?? STYLE_PAGE_SIZE;
  const { rows, total } = await repository.page(
    {
      name: (query.styleName ?? "").trim(),
      category: query.category,
      subCategory: query.subCategory,
      limit,
      offset: ((query.pageNum ?? 1) - 1) * limit,
    },
    locale,
  );
  const zh = locale === "zh";
  const data = rows.map((row) => {
    // "From": the style with its cheapest fabric
    const base = sumCents(piecesCents(row.pieces, Number(row.cheapestCents ?? 0)));
    return {
      id: row.id,
      styleName: nameIn(zh, row),
      previewImage: imagePath(row.id, 1),
      deliveryDays: row.deliveryDays,
      currency: pricing.moneyType,
      price: formatCents(accountCents(base, pricing.priceFactorPct)),
      category: row.categoryId,
      subCategory: row.subCategoryId,
    };
  });
  return { data, total };
}

async function garmentNames(db: Db, zh: boolean): Promise<Map<number, string>> {
  return new Map((await stylesRepository(db).garmentNames()).map((c) => [c.id, nameIn(zh, c)]));
}

/** A style by id; an unknown id is the not-found refusal. */
async function requireStyle(db: Db, id: number): Promise<StyleRow> {
  const row = await stylesRepository(db).byId(id);
  if (!row) throw notFound("catalogue.styleNotFound", { id });
  return row;
}

/** A style and its pieces in order; an unknown style is the not-found refusal. */
export async function styleWithPieces(db: Db, id: number) {
  const style = await requireStyle(db, id);
  return { style, pieces: await stylesRepository(db).piecesOf([id]) };
}

/** The pieces of one style as the contract describes them (SO-016), crafts priced for the account. */
function styleInfos(
  pieces: readonly StylePieceRow[],
  crafts: readonly StyleCraftRow[],
  categoryNames: ReadonlyMap<number, string>,
  zh: boolean,
  pricing: Pricing,
): StyleInfo[] {
  return pieces.map((piece) => ({
    id: piece.id,
    clothCategory: piece.categoryId,
    clothCategoryName: categoryNames.get(piece.categoryId) ?? String(piece.categoryId),
    styleName: nameIn(zh, piece),
    styleCode: piece.styleCode,
    styleCraftList: crafts
      .filter((c) => c.pieceId === piece.id)
      .map((c) => ({
        id: c.id,
        name: nameIn(zh, c),
        type: c.type === 2 ? (2 as const) : (1 as const),
        price: formatCents(accountCents(c.priceCents, pricing.priceFactorPct)),
        imageUrl: "",
        chooseContent: c.chooseContent,
        // issue 20 §6: the choices named in the reader's language (the values stay chooseContent's)
        chooseContentName: zh && c.chooseContentZh ? c.chooseContentZh : c.chooseContent,
        model: c.defaultValue,
      })),
  }));
}

/** SO-015, SO-016, SO-024: a style with its pictures, fabrics, pieces and crafts. */
export async function styleDetail(db: Db, id: number, locale: Locale, pricing: Pricing): Promise<StyleDetail> {
  const style = await requireStyle(db, id);
  const repository = stylesRepository(db);
  const [fabrics, pieces] = await Promise.all([repository.fabricsOf([id]), repository.piecesOf([id])]);
  const crafts = await repository.craftsOf(pieces.map((p) => p.id));
  const zh = locale === "zh";
  const images = Array.from({ length: style.imageCount }, (_, k) => imagePath(id, k + 1));
  const base = sumCents(piecesCents(pieces, fabrics[0]?.pricePerMeterCents ?? 0));
  return {
    id,
    styleName: nameIn(zh, style),
    previewImage: images[0]!,
    images: images.join(","),
    deliveryDays: style.deliveryDays,
    currency: pricing.moneyType,
    property: zh ? style.propertyZh : style.propertyEn,
    model: "",
    fabricCode: fabrics[0]?.fabricCode ?? "",
    chooseFabric: fabrics.map((f) => f.fabricCode).join(","),
    price: formatCents(accountCents(base, pricing.priceFactorPct)),
    category: style.categoryId,
    subCategory: style.subCategoryId,
    styleInfoList: styleInfos(pieces, crafts, await garmentNames(db, zh), zh, pricing),
  };
}

/** SO-023: the style's price with one of its fabrics, as the account pays it (crafts come on top). */
export async function stylePrice(db: Db, id: number, fabricCode: string, locale: Locale, pricing: Pricing) {
  const style = await requireStyle(db, id);
  const repository = stylesRepository(db);
  const [fabrics, pieces] = await Promise.all([repository.fabricsOf([id]), repository.piecesOf([id])]);
  const fabric = offeredFabric(style, fabrics, fabricCode, locale);
  return formatCents(accountCents(sumCents(piecesCents(pieces, fabric.pricePerMeterCents)), pricing.priceFactorPct));
}

function offeredFabric<F extends { fabricCode: string }>(
  style: StyleRow,
  fabrics: readonly F[],
  code: string,
  locale: Locale,
): F {
  const wanted = code.trim().toUpperCase();
  const fabric = fabrics.find((f) => f.fabricCode === wanted);
  if (!fabric) throw refuse("style.fabricNotOffered", { code: code.trim(), style: nameIn(locale === "zh", style) });
  return fabric;
}

/** A style choice checked: the style, the fabric, and per piece of the style (in order) its priced craft values. */
export interface CheckedStyle {
  style: StyleRow;
  fabricCode: string;
  pieces: Array<{
    row: StylePieceRow;
    makeCents: number;
    fabricCents: number;
    crafts: Array<{ styleCraftId: number; content: string; priceCents: number }>;
    craftCents: number;
  }>;
  /** The garment before the account's price factor. */
  baseCents: number;
}

/**
 * SO-017, SO-018, SO-027: checks a style choice, first refusal first: the style exists; a fabric is
 * chosen ("Please select fabric") and is one of the style's; each piece is the style's (once); each
 * craft is one of its piece (once); a value is one of the craft's choices (or free text of at most 50
 * characters, kept as text); every required craft (type 2) has a value ("<name> Not filled in"). A craft
 * left out takes its preset value (`model`). "quote" leaves out the two "not chosen yet" refusals.
 */
export async function checkStyleChoice(
  db: Db,
  choice: StyleChoice,
  locale: Locale,
  mode: "order" | "quote" = "order",
): Promise<CheckedStyle> {
  const zh = locale === "zh";
  const repository = stylesRepository(db);
  const style = await requireStyle(db, choice.styleId);
  const styleName = nameIn(zh, style);
  const [fabrics, pieces] = await Promise.all([repository.fabricsOf([style.id]), repository.piecesOf([style.id])]);
  // SO-017: Buy requires a fabric
  const fabricCode = choice.fabricCode.trim();
  if (mode === "order" && styleFabricRefusal(fabricCode)) throw refuse("style.fabricRequired");
  const fabric = fabricCode === "" ? null : offeredFabric(style, fabrics, fabricCode, locale);

  const crafts = await repository.craftsOf(pieces.map((p) => p.id));
  // The style as the browser's rules read it (domain/orderEntry/style.ts), and its values: the presets,
  // then what the choice gives. The rules run in the browser's order (STYLE_STEP_RULES.product).
  const product: StyleCrafts = {
    pieces: pieces.map((piece) => ({
      id: piece.id,
      crafts: crafts
        .filter((c) => c.pieceId === piece.id)
        .map((c) => ({
          id: c.id,
          name: nameIn(zh, c),
          type: c.type,
          choices: splitList(c.chooseContent),
          preset: c.defaultValue,
        })),
    })),
  };
  const values = presetValues(product);
  const givenPieces = new Set<number>();
  for (const entry of choice.pieces) {
    const piece = pieces.find((p) => p.id === entry.styleInfoId);
    if (!piece) {
      const other = await repository.pieceById(entry.styleInfoId);
      if (!other) throw notFound("catalogue.stylePieceNotFound", { id: entry.styleInfoId, category: "-" });
      throw refuse("style.pieceOfOtherStyle", { piece: nameIn(zh, other), id: other.id, style: styleName });
    }
    if (givenPieces.has(piece.id)) throw refuse("style.pieceTwice", { piece: nameIn(zh, piece) });
    givenPieces.add(piece.id);
    const givenCrafts = new Set<number>();
    for (const pick of entry.styleCraftList ?? []) {
      const craft = crafts.find((c) => c.id === pick.styleCraftId && c.pieceId === piece.id);
      if (!craft) {
        const other = await repository.craftById(pick.styleCraftId);
        if (!other) throw notFound("catalogue.styleCraftNotFound", { id: pick.styleCraftId });
        throw refuse("style.craftOfOtherPiece", {
          craft: nameIn(zh, other),
          id: other.id,
          piece: nameIn(zh, piece),
          style: styleName,
        });
      }
      if (givenCrafts.has(craft.id)) throw refuse("style.craftTwice", { craft: nameIn(zh, craft) });
      givenCrafts.add(craft.id);
      const content = (pick.content ?? "").trim();
      if (splitList(craft.chooseContent).length === 0 && content.length > STYLE_TEXT_MAX)
        throw refuse("style.textTooLong", { craft: nameIn(zh, craft), max: STYLE_TEXT_MAX });
      values[craftKey(piece.id, craft.id)] = content;
    }
  }
  // SO-009: a craft with choices takes one of them
  const notOffered = styleCraftValueRefusal(product, values);
  if (notOffered) {
    const [craft] = product.pieces.flatMap((p) => p.crafts.filter((c) => craftField(p.id, c.id) === notOffered.field));
    throw refuse("style.valueNotOffered", {
      value: String(notOffered.value),
      craft: String(notOffered.name),
      choices: craft?.choices.join(", ") ?? "",
    });
  }

  // SO-018: each craft of type 2 needs a value (a quote prices what is chosen so far)
  const missing = mode === "order" ? styleCraftRefusal(product, values) : null;
  if (missing) throw refuse("style.craftRequired", { name: String(missing.name) });

  const checked: CheckedStyle["pieces"] = [];
  const lines = piecesCents(pieces, fabric?.pricePerMeterCents ?? 0);
  pieces.forEach((piece, k) => {
    const picks: CheckedStyle["pieces"][number]["crafts"] = [];
    for (const craft of crafts.filter((c) => c.pieceId === piece.id)) {
      const content = values[craftKey(piece.id, craft.id)] ?? "";
      if (content !== "") picks.push({ styleCraftId: craft.id, content, priceCents: craft.priceCents });
    }
    const craftCents = picks.reduce((sum, p) => sum + p.priceCents, 0);
    checked.push({ row: piece, ...lines[k]!, crafts: picks, craftCents });
  });
  return {
    style,
    fabricCode: fabric?.fabricCode ?? "",
    pieces: checked,
    baseCents: checked.reduce((sum, p) => sum + p.makeCents + p.fabricCents + p.craftCents, 0),
  };
}

/** SO-027: Buy, the checked choice as the pieces of a style order's draft, priced for the account. */
export async function buyStyle(db: Db, choice: StyleChoice, locale: Locale, pricing: Pricing): Promise<StyleBuy> {
  const checked = await checkStyleChoice(db, choice, locale);
  return {
    styleId: checked.style.id,
    clothCategory: checked.pieces[0]!.row.categoryId,
    fabric: checked.fabricCode,
    fabricType: "sys",
    type: ORDER_TYPE.style,
    price: formatCents(accountCents(checked.baseCents, pricing.priceFactorPct)),
    moneyType: pricing.moneyType,
    detailList: checked.pieces.map((p) => ({
      clothCategory: p.row.categoryId,
      styleId: checked.style.id,
      styleInfoId: p.row.id,
      styleCraftList: p.crafts.map((c) => ({ styleCraftId: c.styleCraftId, content: c.content })),
    })),
  };
}

/** SO-028, SO-029: pieces of the garment category whose style name or code holds the keyword (4 characters at least). */
export async function searchStylePieces(
  db: Db,
  query: { pid: number; keyword: string },
  locale: Locale,
): Promise<StylePieceHit[]> {
  const keyword = query.keyword.trim();
  // SO-029: the style search starts at 4 typed characters
  if (keyword.length < STYLE_SEARCH_MIN)
    throw new AppError(400, "style.searchTooShort", { min: STYLE_SEARCH_MIN }, 400);
  const zh = locale === "zh";
  const rows = await stylesRepository(db).searchPieces(query.pid, keyword, 20);
  return rows.map(({ piece, style }) => ({
    id: piece.id,
    styleId: style.id,
    styleName: nameIn(zh, style),
    pieceName: nameIn(zh, piece),
    styleCode: piece.styleCode,
    clothCategory: piece.categoryId,
    previewImage: imagePath(style.id, 1),
  }));
}

/** SO-030: one piece of a style, which must be of the garment category `pid`, with its crafts' currency. */
export async function stylePiece(
  db: Db,
  pid: number,
  id: number,
  locale: Locale,
  pricing: Pricing,
): Promise<StyleInfo & { currency: string }> {
  const repository = stylesRepository(db);
  const piece = await repository.pieceById(id);
  if (!piece || piece.categoryId !== pid) throw notFound("catalogue.stylePieceNotFound", { id, category: pid });
  const crafts = await repository.craftsOf([piece.id]);
  const zh = locale === "zh";
  return { ...styleInfos([piece], crafts, await garmentNames(db, zh), zh, pricing)[0]!, currency: pricing.moneyType };
}

/** SO-033: picture n of a style, at most maxWidth wide. */
export async function styleImage(db: Db, id: number, n: number, maxWidth: number | undefined): Promise<string> {
  const style = await stylesRepository(db).byId(id);
  // An image element shows its fallback on an HTTP error (SO-031), so a missing picture is a 404.
  if (!style || n > style.imageCount) throw new AppError(404, "catalogue.pictureNotFound", { id: `${id}/${n}` }, 404);
  const pieces = await stylesRepository(db).piecesOf([id]);
  return styleSvg(
    { name: style.enName, colorHex: style.colorHex, categoryIds: pieces.map((p) => p.categoryId) },
    n,
    maxWidth,
  );
}
