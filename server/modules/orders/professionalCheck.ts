import { MEASURE_METHOD as MEASURE } from "../../../domain/ids.ts";
import { parseExtension } from "../../../domain/crafts.ts";
import {
  firstProfessionalRefusal,
  type ProfessionalPiece,
  type ProfessionalSubject,
} from "../../../domain/orderEntry/professional.ts";
import { lengthFromCm, lengthUnitName } from "../../../domain/units.ts";
import { AppError } from "../../errors.ts";
import type { MessageKey } from "../../i18n.ts";
import type { Draft } from "./draftTypes.ts";
import type { draftRepository } from "./repository.ts";

type DraftRepository = ReturnType<typeof draftRepository>;

/** PO-030: the server's message of each missing item of an embroidery row, prefixed with the category. */
const MONOGRAM_MESSAGE: Record<string, MessageKey> = {
  site: "monogram.pieceSiteMissing",
  color: "monogram.pieceColorMissing",
  font: "monogram.pieceFontMissing",
  size: "monogram.pieceSizeMissing",
  content: "monogram.pieceContentMissing",
  file: "monogram.pieceFileMissing",
};

/** PO-031..035: the server's "please fill in" message of each required customer field. */
const CUSTOMER_MESSAGE: Record<string, MessageKey> = {
  name: "customer.nameRequired",
  nickname: "customer.shortNameRequired",
  gender: "customer.genderRequired",
  height: "customer.heightRequired",
};

/**
 * PO-022..038: the professional order's checks of save and submit, run on the server in the
 * browser's order with the same domain list (`PROFESSIONAL_CHECKS`, domain/orderEntry/professional.ts),
 * on a subject built from the draft and the catalogue (names, craft kinds, measurement parts in the
 * draft's unit). Returns the first refusal as the server says it, or null. What does not exist is
 * left to the draft check's later structural checks (not found, not offered).
 */
export async function professionalRefusal(
  repo: DraftRepository,
  draft: Draft,
  zh: boolean,
  nameOf: (categoryId: number) => string,
): Promise<AppError | null> {
  const measureType = draft.sizeCategoryId === MEASURE.body ? MEASURE.body : MEASURE.finished;
  const unit = lengthUnitName(draft.heightUnit);
  const pieces: ProfessionalPiece[] = [];
  const sizes: ProfessionalSubject["sizes"] = [];
  for (const [index, piece] of draft.detailList.entries()) {
    const crafts = new Map((await repo.crafts(piece.clothCategory)).map((row) => [row.id, row]));
    const sites = new Map(
      (await repo.embroideryOptions(piece.clothCategory)).filter((o) => o.type === "emb_site").map((o) => [o.id, o]),
    );
    const chosen = piece.craftList.flatMap((pick) => {
      const row = crafts.get(pick.craftId);
      if (!row) return [];
      const value = row.sourceType === "FILE" ? (pick.file ?? "") : pick.content;
      return [{ id: row.id, name: zh ? row.zhName : row.enName, sourceType: row.sourceType, value }];
    });
    pieces.push({
      categoryId: piece.clothCategory,
      name: nameOf(piece.clothCategory),
      main: index === 0,
      crafts: chosen,
      monogram: piece.embList.map((row) => {
        const site = row.site === null ? undefined : sites.get(row.site);
        return {
          site: row.site,
          siteName: site ? (zh ? site.zhName : site.enName) : "",
          color: row.color,
          font: row.font,
          embSize: row.embSize,
          content: row.content,
          file: row.file,
        };
      }),
    });
    // PO-038: the parts a chosen craft's extension disables for the method are skipped
    const disabled = new Set<number>();
    for (const pick of chosen)
      parseExtension(crafts.get(pick.id)!.extension)[measureType === MEASURE.body ? 0 : 1]?.partIds.forEach((p) =>
        disabled.add(p),
      );
    const parts = await repo.measureParts(piece.clothCategory, measureType);
    sizes.push({
      piece: index === 0 ? null : nameOf(piece.clothCategory),
      parts: parts.map((p) => ({
        id: p.id,
        name: zh ? p.zhName : p.enName,
        minValue: lengthFromCm(p.minValue, draft.heightUnit),
        maxValue: lengthFromCm(p.maxValue, draft.heightUnit),
        defaultValue: 0,
        isMust: p.isMust === 1 ? 1 : 0,
      })),
      values: Object.fromEntries(
        piece.sizeList.filter((s) => s.partValue !== null).map((s) => [s.partId, String(s.partValue)]),
      ),
      disabled,
      unit,
    });
  }
  const refusal = firstProfessionalRefusal({
    fabric: draft.fabric,
    pieces,
    customer: {
      customerName: draft.customerName,
      shortName: draft.shortName,
      genderId: draft.genderId,
      height: draft.height === null ? "" : String(draft.height),
      heightUnit: draft.heightUnit,
      weight: draft.weight === null ? "" : String(draft.weight),
      weightUnit: draft.weightUnit,
    },
    sizes,
  });
  if (!refusal) return null;
  const v = refusal as Record<string, unknown>;
  const text = (key: string) => {
    const value = v[key];
    return typeof value === "string" || typeof value === "number" ? String(value) : "";
  };
  switch (refusal.key) {
    case "order.fabricRequired":
      return new AppError(1002, "newOrder.fabricRequired");
    case "craft.noneChosen":
      return new AppError(1002, "order.craftRequired");
    case "craft.seriesFirst":
      return new AppError(1002, "craft.seriesFirst");
    case "craft.notFinished":
      return new AppError(1002, "craft.notFinished", { craft: text("name") });
    case "craft.fileMissing":
      return new AppError(1002, "craft.fileRequired", { craft: text("name") });
    case "monogram.missing":
      return new AppError(1002, MONOGRAM_MESSAGE[text("missing")] ?? "monogram.pieceContentMissing", {
        category: text("category"),
        site: text("site"),
      });
    case "customer.fillIn":
      return new AppError(1002, CUSTOMER_MESSAGE[text("label")] ?? "customer.nameRequired");
    case "size.required":
      return new AppError(1002, "size.required", { name: text("name") });
    case "customer.heightOutOfRange":
    case "customer.weightOutOfRange":
      return new AppError(1002, refusal.key, { min: Number(v.min), max: Number(v.max), unit: text("unit") });
    default:
      return new AppError(1002, "size.outOfRange", {
        name: text("name"),
        min: Number(v.min),
        max: Number(v.max),
        unit: text("unit"),
      });
  }
}
