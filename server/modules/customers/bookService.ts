import {
  CUSTOMER_DETAIL_PAGE_SIZE,
  CUSTOMER_NOTE_TYPE,
  customerRefusals,
  DRESS_STYLE_CATEGORY,
  type CustomerRefusal,
} from "../../../domain/customer.ts";
import { HEIGHT_UNIT } from "../../../domain/ids.ts";
import { convertLength, lengthUnitName, round2 } from "../../../domain/units.ts";
import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import { withTransaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Locale, MessageKey } from "../../i18n.ts";
import { CUSTOMER_PICTURE, customerBookRepository } from "./bookRepository.ts";
import { customersRepository } from "./repository.ts";
import { requireOwnCustomer } from "./service.ts";

type CustomerInput = components["schemas"]["CustomerInput"];

/** The server's message of each refusal of the shared rule (domain/customer.ts), as order entry maps them. */
const REFUSAL_MESSAGE: Record<CustomerRefusal["key"], MessageKey> = {
  "customer.nameRequired": "customer.nameRequired",
  "customer.nicknameRequired": "customer.shortNameRequired",
  "customer.genderRequired": "customer.genderRequired",
  "customer.heightRequired": "customer.heightRequired",
  "customer.weightRequired": "customer.weightRequired",
  "customer.heightOutOfRange": "customer.heightOutOfRange",
  "customer.weightOutOfRange": "customer.weightOutOfRange",
  "customer.emailInvalid": "customer.emailInvalid",
  "customer.birthdateInvalid": "customer.birthdateInvalid",
};

/** The refusal of a shared-rule fault, with its parameters. */
export function refusalError(fault: CustomerRefusal, birthdate = ""): AppError {
  const params: Record<string, string | number> =
    fault.key === "customer.heightOutOfRange" || fault.key === "customer.weightOutOfRange"
      ? { min: fault.min, max: fault.max, unit: fault.unit }
      : fault.key === "customer.birthdateInvalid"
        ? { value: birthdate }
        : {};
  return new AppError(1002, REFUSAL_MESSAGE[fault.key], params);
}

export const wordsOf = (keywords: string | undefined) =>
  (keywords ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 5);

const picturePath = (attachId: string | null) => (attachId ? `/api/pc/attachment/${attachId}` : "");

/** CUST-035: one page of the account's customers (one statement). */
export async function listCustomers(
  db: Db,
  memberId: number,
  query: { keywords?: string; pageSize?: number; pageNum?: number },
) {
  const pageSize = query.pageSize ?? 18;
  const pageNum = query.pageNum ?? 1;
  const rows = await customerBookRepository(db).page(
    memberId,
    wordsOf(query.keywords),
    pageSize,
    (pageNum - 1) * pageSize,
  );
  const total = rows[0]?.total ?? 0;
  return {
    data: rows.map(({ total: _total, attachId, ...row }) => ({ ...row, imagePath: picturePath(attachId) })),
    total,
    pages: Math.ceil(total / pageSize),
  };
}

/** CUST-036, CUST-019: one customer of the account with everything the details page shows. */
export async function customerDetail(db: Db, memberId: number, id: number, locale: Locale) {
  const repository = customerBookRepository(db);
  const row = await repository.detail(memberId, id, locale);
  if (!row) throw notFound("customer.notFound", { id });
  const [sizes, specials, styles] = await Promise.all([
    repository.sizes(id),
    repository.specials(id),
    repository.styles(id),
  ]);
  const c = row.customer;
  const inUnit = (cm: number) => convertLength(cm, HEIGHT_UNIT.cm, c.heightUnit);
  const zh = locale === "zh";
  const finished = new Map<
    number,
    { clothId: number; name: string; partList: Array<{ partId: number; name: string; partSize: number }> }
  >();
  for (const s of sizes) {
    if (s.measureType !== 10053) continue;
    const entry = finished.get(s.categoryId) ?? {
      clothId: s.categoryId,
      name: zh ? s.categoryZh : s.categoryEn,
      partList: [],
    };
    entry.partList.push({ partId: s.partId, name: zh ? s.zhName : s.enName, partSize: inUnit(s.partSize) });
    finished.set(s.categoryId, entry);
  }
  return {
    id: c.id,
    custName: c.custName,
    shortName: c.shortName,
    genderId: c.genderId,
    genderName: row.genderName,
    height: c.height,
    heightUnit: c.heightUnit,
    heightUnitName: row.heightUnitName,
    weight: c.weight,
    weightUnit: c.weightUnit,
    weightUnitName: row.weightUnitName,
    phone: c.phone,
    email: c.email,
    address: c.address,
    birthdate: c.birthdate ?? "",
    remark: c.remark,
    orderCount: row.orderCount,
    imagePath: picturePath(row.attachId),
    attachId: row.attachId ?? "",
    cusOrderCode: row.cusOrderCode,
    styleList: styles.map((s) => ({ id: s.id, name: zh ? s.zhName : s.enName })),
    customerSpecialList: specials.map((s) => ({
      desId: s.specId,
      specId: s.detailId,
      desName: zh ? s.specZh : s.specEn,
      specName: zh ? s.detailZh : s.detailEn,
    })),
    customerSizeList: sizes
      .filter((s) => s.measureType === 10052)
      .map((s) => ({
        partId: s.partId,
        partName: zh ? s.zhName : s.enName,
        partSize: inUnit(s.partSize),
        categoryId: s.categoryId,
      })),
    cySizeList: [...finished.values()],
  };
}

const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value).trim();

/**
 * CUST-037, CUST-018, CUST-024..031 (D-06): creates or updates a customer with its four parts in one
 * transaction; the first fault refuses the whole record and nothing changes.
 */
export async function saveCustomer(db: Db, memberId: number, input: CustomerInput, locale: Locale) {
  const birthdate = textOf(input.birthdate);
  const faults = customerRefusals({
    custName: input.custName,
    shortName: input.shortName,
    genderId: input.genderId ?? null,
    height: input.height ?? null,
    heightUnit: input.heightUnit,
    weight: input.weight ?? null,
    weightUnit: input.weightUnit,
    email: input.email ?? "",
    birthdate,
  });
  if (faults[0]) throw refusalError(faults[0], birthdate);
  const repository = customerBookRepository(db);
  const unit = input.heightUnit;
  const toCm = (value: number) => round2(convertLength(value, unit, HEIGHT_UNIT.cm));

  // Sizes: body parts (10052) in customerSizeList, finished parts (10053) of their garment in cySizeList.
  const wanted = [
    ...(input.customerSizeList ?? []).map((s) => ({ ...s, type: 10052, clothId: null as number | null })),
    ...(input.cySizeList ?? []).flatMap((c) => c.partList.map((p) => ({ ...p, type: 10053, clothId: c.clothId }))),
  ].filter((s) => s.partSize !== null && s.partSize !== undefined);
  const parts = new Map((await repository.partsByIds(wanted.map((s) => s.partId))).map((p) => [p.id, p]));
  const sizes = new Map<number, { categoryId: number; partId: number; partSize: number }>();
  for (const s of wanted) {
    const part = parts.get(s.partId);
    if (!part || part.measureType !== s.type || (s.clothId !== null && part.categoryId !== s.clothId))
      throw new AppError(1002, "customer.partNotFound", { id: s.partId });
    const [min, max] = [part.minValue, part.maxValue].map((cm) => convertLength(cm, HEIGHT_UNIT.cm, unit));
    const value = Number(s.partSize);
    if (!(value >= min! && value <= max!))
      throw new AppError(1002, "size.outOfRange", {
        name: locale === "zh" ? part.zhName : part.enName,
        min: min!,
        max: max!,
        unit: lengthUnitName(unit),
      });
    sizes.set(part.id, { categoryId: part.categoryId, partId: part.id, partSize: toCm(value) });
  }

  // Posture: one chosen detail per spec.
  const detailIds = [...new Set((input.customerSpecialList ?? []).map((s) => s.specId))];
  const details = await repository.postureDetails(detailIds);
  const specials = new Map<number, number>();
  for (const id of detailIds) {
    const detail = details.find((d) => d.id === id);
    if (!detail) throw new AppError(1002, "customer.postureNotFound", { id });
    specials.set(detail.specId, detail.id);
  }

  // Dress styles: dictionary category 89 (CUST-045).
  const styleIds = [...new Set(input.styleIds ?? [])];
  const known = new Set((await repository.styleEntries(DRESS_STYLE_CATEGORY, styleIds)).map((s) => s.id));
  const unknownStyle = styleIds.find((id) => !known.has(id));
  if (unknownStyle !== undefined) throw new AppError(1002, "customer.styleNotFound", { id: unknownStyle });

  const row = {
    custName: input.custName.trim(),
    shortName: input.shortName.trim(),
    genderId: input.genderId!,
    height: round2(Number(input.height)),
    heightUnit: input.heightUnit,
    weight: round2(Number(input.weight)),
    weightUnit: input.weightUnit,
    phone: textOf(input.phone),
    email: textOf(input.email),
    address: textOf(input.address),
    birthdate: birthdate || null,
    remark: textOf(input.remark),
  };
  return withTransaction(db, async (tx) => {
    let id: number;
    if (input.id) {
      if (!(await repository.update(memberId, input.id, row, tx)))
        throw notFound("customer.notFound", { id: input.id });
      id = input.id;
    } else id = await repository.insert({ ...row, memberId }, tx);
    await repository.replaceParts(
      id,
      [...sizes.values()],
      [...specials].map(([specId, detailId]) => ({ specId, detailId })),
      styleIds,
      tx,
    );
    // Issue 24: the measurements as saved are a version of the customer's history (if they changed)
    await repository.recordMeasures(id, null, tx);
    return { id };
  });
}

/** Deletes a customer of the account that has no orders (its notes, sizes, styles and pictures with it). */
export async function deleteCustomer(db: Db, memberId: number, id: number) {
  const repository = customerBookRepository(db);
  await withTransaction(db, async (tx) => {
    const own = await customersRepository(db).ownCustomer(memberId, id, tx);
    if (!own) throw notFound("customer.notFound", { id });
    if (await repository.hasOrders(id, tx)) throw new AppError(1002, "customer.hasOrders");
    await repository.remove(memberId, id, tx);
  });
}

const requireOwn = requireOwnCustomer;

type NoteRow = Awaited<ReturnType<ReturnType<typeof customerBookRepository>["insertNote"]>>;
const noteOut = (n: NoteRow) => ({
  id: n.id,
  content: n.content,
  type: n.type as 1 | 2,
  customerId: n.customerId,
  appointmentDate: n.appointmentDate ? n.appointmentDate.toISOString() : null,
  createTime: n.createdAt.toISOString(),
});

/** CUST-039, CUST-047: a customer's appointments or notes, newest first, 20 per page. */
export async function listNotes(
  db: Db,
  memberId: number,
  query: { type: number; customerId: number; pageSize?: number; pageNum?: number },
) {
  await requireOwn(db, memberId, query.customerId);
  const pageSize = query.pageSize ?? CUSTOMER_DETAIL_PAGE_SIZE;
  const pageNum = query.pageNum ?? 1;
  const rows = await customerBookRepository(db).notePage(
    query.customerId,
    query.type,
    pageSize,
    (pageNum - 1) * pageSize,
  );
  const total = rows[0]?.total ?? 0;
  return { data: rows.map((r) => noteOut(r.note)), total, pages: Math.ceil(total / pageSize) };
}

/** An appointment's moment: an ISO date and time from 1900 to 2199. */
function appointmentMoment(text: string | null | undefined): Date | null {
  if (!text) return null;
  if (!/^(19|2[01])\d{2}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text))
    throw new AppError(1002, "note.dateInvalid", { value: text.slice(0, 40) });
  const moment = new Date(text.replace(" ", "T"));
  const [y, m, d] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(moment.getTime()) || calendar.getUTCMonth() !== m - 1 || calendar.getUTCDate() !== d)
    throw new AppError(1002, "note.dateInvalid", { value: text.slice(0, 40) });
  return moment;
}

/** CUST-040, CUST-017: adds (no id) or edits (id) an appointment or a note of the account's customer. */
export async function saveNote(
  db: Db,
  memberId: number,
  body: { id?: number | null; content: string; type: 1 | 2; customerId: number; appointmentDate?: string | null },
) {
  const repository = customerBookRepository(db);
  await requireOwn(db, memberId, body.customerId);
  const content = body.content.trim();
  if (!content) throw new AppError(1002, "note.contentRequired");
  const date = body.type === CUSTOMER_NOTE_TYPE.appointment ? appointmentMoment(body.appointmentDate) : null;
  if (body.type === CUSTOMER_NOTE_TYPE.appointment && !date) throw new AppError(1002, "note.dateRequired");
  if (body.id) {
    const own = await repository.ownNote(memberId, body.id);
    if (!own || own.customerId !== body.customerId || own.type !== body.type)
      throw notFound("note.notFound", { id: body.id });
    const saved = await repository.updateNote(memberId, body.id, { content, appointmentDate: date });
    return noteOut(saved!);
  }
  return noteOut(
    await repository.insertNote({
      customerId: body.customerId,
      memberId,
      type: body.type,
      content,
      appointmentDate: date,
    }),
  );
}

/** CUST-041: deletes one of the account's notes or appointments. */
export async function deleteNote(db: Db, memberId: number, id: number) {
  if (!(await customerBookRepository(db).deleteNote(memberId, id))) throw notFound("note.notFound", { id });
}

/** The account's appointments across its customers for the coming days (beyond the documents). */
export async function upcomingAppointments(db: Db, memberId: number, query: { from?: string; days?: number }) {
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : new Date(new Date().toISOString().slice(0, 10));
  if (Number.isNaN(from.getTime()))
    throw new AppError(400, "validation.invalid", { field: "from", detail: "date" }, 400);
  const to = new Date(from.getTime() + (query.days ?? 28) * 86_400_000);
  const rows = await customerBookRepository(db).appointments(memberId, from, to);
  return rows.map((r) => ({ ...noteOut(r.note), custName: r.custName }));
}

/**
 * CUST-042, CUST-022: links an uploaded picture of the account to one of its customers (hostName
 * "customer", type 1). The newest link is the customer's picture; the old one stays until deleted.
 */
export async function linkAttachment(
  db: Db,
  memberId: number,
  body: { id: string; hostId: number; hostName: "customer"; type: 1 },
) {
  const repository = customerBookRepository(db);
  await requireOwn(db, memberId, body.hostId);
  if (!(await repository.ownUpload(memberId, body.id))) throw notFound("attachment.notFound", { id: body.id });
  await repository.link({
    attachmentId: body.id,
    memberId,
    hostId: body.hostId,
    hostName: CUSTOMER_PICTURE.hostName,
    type: CUSTOMER_PICTURE.type,
  });
}

/** CUST-043: deletes the account's linked pictures among the ids. */
export async function deleteAttachments(db: Db, memberId: number, ids: string) {
  const list = [...new Set(ids.split(","))];
  return { deleted: await customerBookRepository(db).deleteLinked(memberId, list) };
}
