import type { Db } from "../../db/client.ts";
import {
  DICT_CATEGORY,
  FIT,
  FIT_IDS,
  MEASURE_METHOD as MEASURE,
  ORDER_TYPE,
  UPLOADED_FONT_ID,
} from "../../../domain/ids.ts";
import { firstBasicInfoRefusal, joinBirthday, type BasicInfoRefusal } from "../../../domain/customer.ts";
import { measureFault } from "../../../domain/measurements/sizes.ts";
import {
  embroideryEnabled,
  indexRows,
  lacksSeries,
  disabledParts,
  radioConflict,
  unfinishedText,
  type ChooseType,
  type CraftIndex,
  type SourceType,
} from "../../../domain/crafts.ts";
import { missingInPick, type ContrastPick } from "../../../domain/contrast.ts";
import { isPriceable, missingInRow, offersSizes } from "../../../domain/monogram.ts";
import { fabricUsageCents } from "../../../domain/money.ts";
import { lengthFromCm, lengthUnitName, round2 } from "../../../domain/units.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Locale, MessageKey } from "../../i18n.ts";
import { requireOwnCustomer } from "../customers/service.ts";
import { permittedCraftRows, requireStyleBasicOf } from "../styleBasics/service.ts";
import type { Draft, FinishedPart, OrderPieceDetail, Piece } from "./draftTypes.ts";
import { professionalRefusal } from "./professionalCheck.ts";
import { styleCustomerRefusal } from "../../../domain/orderEntry/style.ts";
import { draftRepository, type CategoryPriceRow, type CraftRow } from "./repository.ts";

type DraftRepository = ReturnType<typeof draftRepository>;

/**
 * The server's own check of an order draft (never trust the client): every rule of 000 §5 that the
 * browser checks is checked again here, in the browser's order (customer, fabric, crafts, monogram,
 * contrast, sizes), and the first failure refuses the draft with a translated message (HTTP 200,
 * code 1002; 1003 for something that does not exist or is not the caller's). A draft that passes
 * comes back with its pieces checked and priced in cents, before the account's price factor.
 */
export interface CheckedDraft {
  draft: Draft;
  customerName: string;
  /** The catalogue fabric code (upper case) or the customer's own fabric as typed (trimmed). */
  fabricCode: string;
  pieces: OrderPieceDetail[];
  /** The sum of the pieces' prices, before the account's price factor. */
  baseCents: number;
}

/**
 * "order" checks everything saveOrder and saveSubmitOrder need; "sizes" only what getFinishedSize
 * needs; "quote" prices what is chosen so far (an unfinished monogram row or contrast pick is left
 * out, customer and measurements are not asked for), as the order would be priced on saving.
 */
export type CheckMode = "order" | "sizes" | "quote";

const refuse = (key: MessageKey, params: Record<string, string | number> = {}) => new AppError(1002, key, params);

/** QO-103: the client shows measurements in inches when the height unit is inch (domain/units.ts converts). */
const toUnit = (cm: number, heightUnit: number | null) => lengthFromCm(cm, heightUnit);

/** The server's message of each step-1 refusal of the browser (the same rule, the server's catalogue). */
const BASIC_INFO_MESSAGE: Record<BasicInfoRefusal["key"], MessageKey> = {
  "customer.nameRequired": "customer.nameRequired",
  "customer.nicknameRequired": "customer.shortNameRequired",
  "customer.heightRequired": "customer.heightRequired",
  "customer.weightRequired": "customer.weightRequired",
  "customer.heightOutOfRange": "customer.heightOutOfRange",
  "customer.weightOutOfRange": "customer.weightOutOfRange",
  "customer.weightUnitRequired": "customer.weightUnitRequired",
  "customer.genderRequired": "customer.genderRequired",
  "order.fabricRequired": "newOrder.fabricRequired",
};

/** A step-1 refusal as the server says it: its message and, for a limit, the limit's values. */
const basicRefusal = (refusal: BasicInfoRefusal) =>
  refuse(
    BASIC_INFO_MESSAGE[refusal.key],
    "min" in refusal ? { min: refusal.min, max: refusal.max, unit: refusal.unit } : {},
  );

/** A birthday as year-month-day: a real date (the browser's joinBirthday, domain/customer.ts), from 1900 on. */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && Number(match[1]) >= 1900 && joinBirthday(match[2]!, match[3]!, match[1]!) === text;
}

function checkJson(field: string, text: string) {
  if (text === "") return;
  try {
    JSON.parse(text);
  } catch {
    throw new AppError(400, "validation.json", { field }, 400);
  }
}

async function requireOwnAttachment(repo: DraftRepository, memberId: number, id: string) {
  if (!(await repo.isOwnAttachment(memberId, id))) throw notFound("attachment.notFound", { id });
}

/**
 * What a flow checks differently: `customer: "style"` asks the style order's customer fields
 * (SO-019..022: name, height, weight unit, gender), as its step 2 does (styles/styleCheck.ts).
 */
export interface CheckOptions {
  customer?: "style";
}

export async function checkDraft(
  db: Db,
  memberId: number,
  draft: Draft,
  locale: Locale,
  mode: CheckMode,
  options: CheckOptions = {},
): Promise<CheckedDraft> {
  const zh = locale === "zh";
  const repo = draftRepository(db);
  const categoryRows = await repo.categories();
  const categoryName = new Map(categoryRows.map((c) => [c.id, zh ? c.zhName : c.enName]));
  const nameOf = (id: number) => categoryName.get(id) ?? String(id);

  // The garment and its pieces: the first piece is the order's category, further pieces its add-products.
  if (!categoryName.has(draft.clothCategory)) throw notFound("catalogue.categoryNotFound", { id: draft.clothCategory });
  const pieces = draft.detailList;
  if (pieces[0]!.clothCategory !== draft.clothCategory)
    throw refuse("order.firstPiece", { category: nameOf(draft.clothCategory) });
  if (pieces.length > 1) {
    const offered = new Set(await repo.addProductIds(draft.clothCategory));
    const seen = new Set<number>([draft.clothCategory]);
    for (const piece of pieces.slice(1)) {
      if (seen.has(piece.clothCategory)) throw refuse("order.pieceTwice", { piece: nameOf(piece.clothCategory) });
      if (!offered.has(piece.clothCategory))
        throw refuse("order.pieceNotOffered", {
          piece: nameOf(piece.clothCategory),
          category: nameOf(draft.clothCategory),
        });
      seen.add(piece.clothCategory);
    }
  }
  const pieceCategories = pieces.map((p) => p.clothCategory);

  // QO-063, D-02: the order type must have a price list for every piece.
  const prices = new Map<number, CategoryPriceRow>();
  if (mode !== "sizes") {
    const rows = await repo.prices(pieceCategories, draft.type);
    for (const row of rows) prices.set(row.categoryId, row);
    for (const id of pieceCategories)
      if (!prices.has(id)) throw refuse("order.typeNotOffered", { category: nameOf(id), type: draft.type });
  }

  let customerName = draft.customerName.trim();
  let fabric: { code: string; pricePerMeterCents: number } = { code: draft.fabric.trim(), pricePerMeterCents: 0 };
  if (mode === "order") {
    checkJson("custInfo", draft.custInfo);
    checkJson("orderInfo", draft.orderInfo);
    // QO-165: only the account's own customers.
    if (draft.customerId !== null) await requireOwnCustomer(db, memberId, draft.customerId);
    // The browser's checks of the order type, first refusal first. PO-022: the professional order (8)
    // runs its documented list (domain/orderEntry/professional.ts: fabric, crafts, embroidery, customer,
    // sizes); the others the step-1 check (QO-130..134, D-06: name, nickname, height, weight, weight
    // unit, gender, then the fabric, QO-134, QO-149).
    if (draft.type === ORDER_TYPE.professional) {
      const refusal = await professionalRefusal(repo, draft, zh, nameOf);
      if (refusal) throw refusal;
    } else if (options.customer === "style") {
      const refusal = styleCustomerRefusal({
        customerName,
        height: draft.height === null ? "" : String(draft.height),
        heightUnit: draft.heightUnit,
        weight: draft.weight === null ? "" : String(draft.weight),
        weightUnit: draft.weightUnit,
        genderId: draft.genderId,
      });
      if (refusal) throw basicRefusal(refusal as BasicInfoRefusal);
    } else {
      const basic = firstBasicInfoRefusal({
        customerName,
        shortName: draft.shortName,
        height: draft.height === null ? "" : String(draft.height),
        heightUnit: draft.heightUnit,
        weight: draft.weight === null ? "" : String(draft.weight),
        weightUnit: draft.weightUnit,
        genderId: draft.genderId,
        fabric: fabric.code,
      });
      if (basic) throw basicRefusal(basic);
    }
    // What the browser's form cannot leave out or get wrong (its height unit always has a value).
    if (draft.heightUnit === null) throw refuse("customer.heightUnitRequired");
    if (draft.birthdate !== "" && !isCalendarDate(draft.birthdate))
      throw refuse("customer.birthdateInvalid", { value: draft.birthdate });
    customerName = customerName.slice(0, 64);

    // QO-163: a catalogue fabric must be in stock and made for the garment.
    if (draft.fabricType === "sys") {
      const code = fabric.code.toUpperCase();
      const row = await repo.fabric(code);
      if (!row) throw notFound("fabric.notFound", { code: fabric.code });
      if (row.stock <= 0) throw refuse("fabric.outOfStock");
      const kinds = await repo.fabricKinds(pieceCategories);
      for (const id of pieceCategories) {
        if (!kinds.some((k) => k.categoryId === id && k.kind === row.kind))
          throw refuse("order.fabricNotForCategory", { code: row.code, category: nameOf(id) });
      }
      fabric = { code: row.code, pricePerMeterCents: row.price };
    }

    // Body posture: details of the pieces' specs, one per spec.
    if (draft.bodyTypeList.length > 0) {
      const rows = await repo.postureChoices(draft.bodyTypeList);
      const specsSeen = new Set<number>();
      for (const id of draft.bodyTypeList) {
        const row = rows.find((r) => r.id === id);
        if (!row || !pieceCategories.includes(row.categoryId))
          throw refuse("order.bodyTypeNotFound", { id, category: nameOf(draft.clothCategory) });
        if (specsSeen.has(row.specId)) throw refuse("order.bodyTypeTwice", { spec: zh ? row.zh : row.en });
        specsSeen.add(row.specId);
      }
    }
  } else if (mode === "quote") {
    // The fabric's price (a catalogue fabric must exist; stock is asked on saving)
    if (draft.fabricType === "sys" && fabric.code) {
      const row = await repo.fabric(fabric.code.toUpperCase());
      if (!row) throw notFound("fabric.notFound", { code: fabric.code });
      fabric = { code: row.code, pricePerMeterCents: row.price };
    }
  } else if (draft.sizeCategoryId !== MEASURE.body) {
    // QO-097: the pre-calculation turns body measurements into finished ones.
    throw refuse("size.bodyOnly");
  }

  // QO-093: a base style (styleBasicId) must be the category's, and the first piece's crafts ones it offers.
  if (draft.styleBasicId !== null) {
    const base = await requireStyleBasicOf(db, draft.clothCategory, draft.styleBasicId);
    const permitted = new Set((await permittedCraftRows(db, base)).map((row) => row.id));
    for (const pick of pieces[0]!.craftList) {
      if (permitted.has(pick.craftId)) continue;
      const row = await repo.craft(pick.craftId);
      if (row && row.categoryId === draft.clothCategory) {
        throw refuse("craft.notForStyle", {
          craft: zh ? row.zhName : row.enName,
          style: zh ? base.zhName : base.enName,
        });
      }
    }
  }

  const details: OrderPieceDetail[] = [];
  for (const piece of pieces) {
    const price = prices.get(piece.clothCategory);
    const craftCheck = await checkCrafts(repo, memberId, piece, nameOf, zh, mode);
    const embs = mode === "sizes" ? [] : await checkMonogram(repo, memberId, piece, nameOf, zh, craftCheck, mode);
    const contrasts = mode === "sizes" ? [] : await checkContrast(repo, piece, nameOf, zh, mode);
    const sizes =
      mode === "quote"
        ? { values: [], finished: [] }
        : await checkSizes(repo, piece, draft, craftCheck, nameOf, zh, mode);
    const makeCents = price?.makePriceCents ?? 0;
    // The fabric used: price per metre × the category's usage (cm); the customer's own fabric costs nothing.
    const fabricCents =
      mode !== "sizes" && draft.fabricType === "sys" && price
        ? fabricUsageCents(fabric.pricePerMeterCents, price.fabricCentimeters)
        : 0;
    const craftCents = craftCheck.crafts.reduce((sum, c) => sum + c.priceCents, 0);
    const embCents = embs.reduce((sum, e) => sum + e.priceCents, 0);
    const contrastCents = contrasts.reduce((sum, c) => sum + c.priceCents, 0);
    details.push({
      clothCategory: piece.clothCategory,
      makeCents,
      fabricCents,
      craftCents,
      embCents,
      contrastCents,
      baseCents: makeCents + fabricCents + craftCents + embCents + contrastCents,
      fitId: craftCheck.fitId,
      shape: piece.shape ?? null,
      crafts: craftCheck.crafts,
      embs,
      contrasts,
      sizes: sizes.values,
      finished: sizes.finished,
    });
  }
  return {
    draft,
    customerName,
    fabricCode: fabric.code,
    pieces: details,
    baseCents: details.reduce((sum, d) => sum + d.baseCents, 0),
  };
}

interface CraftCheck {
  crafts: OrderPieceDetail["crafts"];
  /** The chosen crafts in the domain's index (the rules of domain/crafts.ts run on it). */
  index: CraftIndex;
  chosen: number[];
  fitId: number;
}

/** QO-145, QO-150, QO-151: the chosen crafts of one piece. */
async function checkCrafts(
  repo: DraftRepository,
  memberId: number,
  piece: Piece,
  nameOf: (id: number) => string,
  zh: boolean,
  mode: CheckMode,
): Promise<CraftCheck> {
  const category = piece.clothCategory;
  const rows = await repo.crafts(category);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const craftName = (row: CraftRow) => (zh ? row.zhName : row.enName);
  const index = indexRows(
    rows.map((row) => ({
      id: row.id,
      name: craftName(row),
      parentId: row.parentId,
      sourceType: row.sourceType as SourceType,
      chooseType: row.chooseType as ChooseType,
      extension: row.extension,
    })),
  );
  const chosenSet = new Set<number>();
  // Structure first: every id a craft of this category, an option (not a group), once, under its chosen parent.
  for (const pick of piece.craftList) {
    const row = byId.get(pick.craftId);
    if (!row) {
      const other = await repo.craft(pick.craftId);
      if (other)
        throw refuse("craft.otherCategory", {
          craft: craftName(other),
          other: nameOf(other.categoryId),
          category: nameOf(category),
        });
      throw notFound("catalogue.craftNotFound", { id: pick.craftId, category });
    }
    if (row.parentId === null) throw refuse("craft.isGroup", { craft: craftName(row) });
    if (chosenSet.has(row.id)) throw refuse("craft.twice", { craft: craftName(row) });
    chosenSet.add(row.id);
  }
  const chosen = [...chosenSet];
  for (const id of chosen) {
    const row = byId.get(id)!;
    const parent = byId.get(row.parentId!)!;
    if (parent.parentId !== null && !chosenSet.has(parent.id))
      throw refuse("craft.parentMissing", { craft: craftName(row), parent: craftName(parent) });
  }
  // The rules of the browser (domain/crafts.ts) on the same selection.
  // QO-151, QO-119: accessory crafts (and the accessory's monogram) need a series (a child of 5023) first.
  if (lacksSeries(index, chosen, category)) throw refuse("craft.seriesFirst");
  // QO-150: one option per single-choice (RADIO, COPY) parent.
  const conflict = radioConflict(index, chosen);
  if (conflict?.key === "craft.multipleRadio") throw refuse("craft.multipleRadio", { group: conflict.group });
  if (mode === "order") {
    // QO-145: "<craft> not finished"; a FILE craft needs the uploaded file.
    const valueOf = (pick: Piece["craftList"][number]) =>
      byId.get(pick.craftId)!.sourceType === "FILE" ? (pick.file ?? "") : pick.content;
    const values = Object.fromEntries(piece.craftList.map((pick) => [pick.craftId, valueOf(pick)]));
    const unfinished = unfinishedText(index, chosen, values);
    if (unfinished?.key === "craft.notFinished") throw refuse("craft.notFinished", { craft: unfinished.name });
    if (unfinished?.key === "craft.fileMissing") throw refuse("craft.fileRequired", { craft: unfinished.name });
  }
  const picks: OrderPieceDetail["crafts"] = [];
  for (const pick of piece.craftList) {
    const row = byId.get(pick.craftId)!;
    if (mode === "order" && row.sourceType === "FILE") await requireOwnAttachment(repo, memberId, pick.file!);
    picks.push({
      craftId: row.id,
      content: row.sourceType === "TEXT" ? pick.content.trim() : "",
      file: row.sourceType === "FILE" ? pick.file : null,
      priceCents: row.priceCents,
    });
  }
  // The fit chosen by a FIT option (its value is the fit's dictionary id), regular by default.
  const fits: readonly number[] = FIT_IDS;
  const fitId = chosen.map((id) => Number(byId.get(id)!.value)).find((value) => fits.includes(value)) ?? FIT.regular;
  return { crafts: picks, index, chosen, fitId };
}

/** QO-137..142, QO-152, QO-153: the monogram rows of one piece (the rule: domain/monogram.ts; here: what is offered). */
async function checkMonogram(
  repo: DraftRepository,
  memberId: number,
  piece: Piece,
  nameOf: (id: number) => string,
  zh: boolean,
  craft: CraftCheck,
  mode: CheckMode,
): Promise<OrderPieceDetail["embs"]> {
  const quote = mode === "quote";
  if (piece.embList.length === 0) return [];
  const category = piece.clothCategory;
  const options = await repo.embroideryOptions(category);
  const offered = new Map(options.map((option) => [option.id, option]));
  const require = (id: number, type: string) => {
    const option = offered.get(id);
    if (!option || option.type !== type) throw refuse("monogram.notOffered", { id, category: nameOf(category) });
    return option;
  };
  // QO-119: the accessory's embroidery is enabled by its series.
  if (!embroideryEnabled(craft.index, craft.chosen, category)) throw refuse("craft.seriesFirst");
  const rows: OrderPieceDetail["embs"] = [];
  const sites = new Set<number>();
  for (const [index, row] of piece.embList.entries()) {
    const missing = missingInRow(row, category);
    // A quote leaves out a row that does not yet name its position, colour, font and (where offered) size.
    if (quote && !isPriceable(missing)) continue;
    if (missing === "site") throw refuse("monogram.siteMissing", { row: index + 1 });
    const site = require(row.site!, "emb_site");
    const siteName = zh ? site.zhName : site.enName;
    if (sites.has(site.id)) throw refuse("monogram.duplicateSite", { site: siteName });
    sites.add(site.id);
    if (missing === "color") throw refuse("monogram.colorMissing", { site: siteName });
    const color = require(row.color!, "emb_color");
    if (missing === "font") throw refuse("monogram.fontMissing", { site: siteName });
    const font = require(row.font!, "emb_font");
    if (missing === "size") throw refuse("monogram.sizeMissing", { site: siteName });
    // D-12: sizes only where the category offers them
    if (!offersSizes(category) && row.embSize !== null)
      throw refuse("monogram.noSizes", { category: nameOf(category) });
    const sizeCents = row.embSize === null ? 0 : require(row.embSize, "emb_size").priceCents;
    // A quote prices whatever is typed or uploaded so far.
    if (!quote && missing === "file") throw refuse("monogram.fileMissing", { site: siteName });
    if (!quote && missing === "content") throw refuse("monogram.contentMissing", { site: siteName });
    const uploaded = font.id === UPLOADED_FONT_ID;
    if (!quote && uploaded) await requireOwnAttachment(repo, memberId, row.file!);
    rows.push({
      site: site.id,
      color: color.id,
      font: font.id,
      embSize: row.embSize,
      content: uploaded ? "" : row.content.trim(),
      file: uploaded ? row.file : null,
      priceCents: site.priceCents + color.priceCents + font.priceCents + sizeCents,
    });
  }
  return rows;
}

/** QO-143, QO-144: contrast picks of one piece (positions of one site, a fabric of the site's group). */
async function checkContrast(
  repo: DraftRepository,
  piece: Piece,
  nameOf: (id: number) => string,
  zh: boolean,
  mode: CheckMode,
): Promise<OrderPieceDetail["contrasts"]> {
  const quote = mode === "quote";
  if (piece.contrastSaveList.length === 0) return [];
  const category = piece.clothCategory;
  const sites = await repo.contrastSites(category);
  const positions = await repo.contrastPositions(category);
  const picks: OrderPieceDetail["contrasts"] = [];
  const used = new Set<number>();
  for (const entry of piece.contrastSaveList) {
    const ids = entry.site.split(",").map(Number);
    const chosen = ids.map((id) => {
      const position = positions.find((p) => p.id === id);
      if (!position) throw refuse("contrast.positionNotOffered", { id, category: nameOf(category) });
      if (used.has(id)) throw refuse("contrast.positionTwice", { position: zh ? position.zhName : position.enName });
      used.add(id);
      return position;
    });
    const siteIds = new Set(chosen.map((p) => p.siteId));
    if (siteIds.size > 1) throw refuse("contrast.mixedSites", { ids: entry.site });
    const site = sites.find((s) => s.id === chosen[0]!.siteId)!;
    const siteName = zh ? site.zhName : site.enName;
    const fabric = entry.color === null ? null : await repo.contrastFabric(entry.color);
    if (entry.color !== null && (!fabric || fabric.fabricGroup !== site.fabricGroup))
      throw refuse("contrast.fabricNotOffered", { id: entry.color, site: siteName });
    // The rule of the browser (domain/contrast.ts) on what was found.
    const missing = missingInPick({
      positions: ids,
      chooseFabric: fabric?.id ?? null,
      fabricKind: fabric ? (fabric.sourceType as ContrastPick["fabricKind"]) : null,
      text: entry.content,
    });
    // A quote leaves out positions without a contrast fabric yet.
    if (missing === "fabric" && quote) continue;
    if (missing === "fabric" || !fabric) throw refuse("contrast.fabricRequired", { site: siteName });
    if (missing === "text" && !quote) throw refuse("contrast.textRequired", { site: siteName });
    const content = entry.content.trim();
    picks.push({
      siteId: site.id,
      positionIds: ids,
      fabricId: fabric.id,
      content: fabric.sourceType === "TEXT" ? content : "",
      priceCents: fabric.priceCents + chosen.reduce((sum, p) => sum + p.priceCents, 0),
    });
  }
  return picks;
}

/**
 * QO-147, QO-148, QO-157, QO-121: the measurements of one piece for the draft's method, in the
 * draft's unit; parts disabled by a chosen craft's extension are skipped. Body measurements (10052)
 * also give the finished sizes: body + the ease of the part for the piece's fit (QO-168).
 */
async function checkSizes(
  repo: DraftRepository,
  piece: Piece,
  draft: Draft,
  craft: CraftCheck,
  nameOf: (id: number) => string,
  zh: boolean,
  mode: CheckMode,
): Promise<{ values: OrderPieceDetail["sizes"]; finished: FinishedPart[] }> {
  const category = piece.clothCategory;
  const method = draft.sizeCategoryId;
  if (method === MEASURE.standard && mode === "order") {
    if (draft.sizeAreaId === null) throw refuse("size.sizeAreaRequired");
    const dict = await repo.dictEntries([draft.sizeAreaId, ...(piece.shape ? [piece.shape] : [])]);
    if (!dict.some((d) => d.id === draft.sizeAreaId && d.category === DICT_CATEGORY.sizeArea))
      throw notFound("catalogue.sizeAreaNotFound", { id: draft.sizeAreaId });
    if (piece.shape === null || piece.shape === undefined)
      throw refuse("size.shapeRequired", { category: nameOf(category) });
    if (!dict.some((d) => d.id === piece.shape && d.category === DICT_CATEGORY.shape))
      throw notFound("catalogue.shapeNotFound", { id: piece.shape });
  }
  // Standard sizes are finished-garment measurements.
  const measureType = method === MEASURE.body ? MEASURE.body : MEASURE.finished;
  const parts = await repo.measureParts(category, measureType);
  const partName = (p: (typeof parts)[number]) => (zh ? p.zhName : p.enName);
  // QO-121: the parts a chosen craft's extension disables (the browser's rule, domain/crafts.ts)
  const disabled = disabledParts(craft.index, craft.chosen, measureType);
  const given = new Map<number, Piece["sizeList"][number]>();
  for (const entry of piece.sizeList) {
    const part = parts.find((p) => p.id === entry.partId);
    if (!part) throw refuse("size.unknownPart", { id: entry.partId, category: nameOf(category) });
    if (given.has(part.id)) throw refuse("size.twice", { name: partName(part) });
    given.set(part.id, entry);
  }
  const unit = lengthUnitName(draft.heightUnit);
  const values: OrderPieceDetail["sizes"] = [];
  for (const part of parts) {
    if (disabled.has(part.id)) continue;
    const entry = given.get(part.id);
    const raw = entry?.partValue ?? null;
    // QO-147, QO-148, QO-157, QO-158: the browser's check of a value (domain/measurements/sizes.ts), in the draft's unit
    const [min, max] = [toUnit(part.minValue, draft.heightUnit), toUnit(part.maxValue, draft.heightUnit)];
    const fault = measureFault({ minValue: min, maxValue: max, isMust: part.isMust === 1 ? 1 : 0 }, raw);
    if (fault === "required") throw refuse("size.required", { name: partName(part) });
    if (fault === "notNumber") throw refuse("size.notNumber", { name: partName(part) });
    if (fault === "outOfRange") throw refuse("size.outOfRange", { name: partName(part), min, max, unit });
    if (raw === null || (typeof raw === "string" && raw.trim() === "")) continue;
    const value = typeof raw === "number" ? raw : Number(raw.trim());
    values.push({ partId: part.id, partValue: value, modifyValue: entry!.modifyValue });
  }
  const finished: FinishedPart[] = [];
  if (measureType === MEASURE.body && values.length > 0) {
    const eases = await repo.eases(
      values.map((v) => v.partId),
      craft.fitId,
    );
    for (const value of values) {
      const part = parts.find((p) => p.id === value.partId)!;
      const ease = eases.find((e) => e.partId === part.id)?.ease ?? 0;
      if (part.refPartId === null) continue;
      finished.push({
        refPartId: part.id,
        partId: part.refPartId,
        partValue: round2(value.partValue + toUnit(ease, draft.heightUnit)),
      });
    }
  }
  return { values, finished };
}
