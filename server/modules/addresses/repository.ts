import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { addresses, dictBasic, expressCompanies, members } from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";
import type { Locale } from "../../i18n.ts";
import { ADDRESS_DICT } from "../../../domain/addresses.ts";

/** The columns an address is written with (ids and codes; the names are read from the dictionaries). */
export type AddressColumns = Omit<typeof addresses.$inferInsert, "id" | "memberId" | "createdAt" | "updatedAt">;

const country = alias(dictBasic, "country");
const state = alias(dictBasic, "state");
const expressType = alias(dictBasic, "express_type");
const payType = alias(dictBasic, "pay_type");
const taxType = alias(dictBasic, "tax_type");

/** A dictionary name in the caller's language ('' when the entry is gone). */
const nameOf = (table: { enName: AnyPgColumn; zhName: AnyPgColumn }, zh: boolean) =>
  sql<string>`coalesce(${zh ? table.zhName : table.enName}, '')`;

/** The delivery addresses of an account (issue 23) and the express companies. */
export function addressesRepository(db: Db) {
  /** An address with its dictionary names, in one statement (no query per row). */
  const selectAddresses = (locale: Locale, tx?: Transaction) => {
    const zh = locale === "zh";
    return executorOf(db, tx)
      .select({
        id: addresses.id,
        express: addresses.express,
        expressType: addresses.expressType,
        expressName: sql<string>`coalesce(${zh ? expressCompanies.zhName : expressCompanies.enName}, '')`,
        expressTypeName: nameOf(expressType, zh),
        expressUrl: sql<string>`coalesce(${expressCompanies.expressUrl}, '')`,
        company: addresses.company,
        contact: addresses.contact,
        phone: addresses.phone,
        email: addresses.email,
        countryCode: addresses.countryCode,
        countryName: sql<string>`coalesce(${zh ? country.zhName : country.enName}, ${addresses.countryCode})`,
        provinceCode: addresses.provinceCode,
        provinceName: sql<string>`coalesce(${zh ? state.zhName : state.enName}, ${addresses.provinceName})`,
        city: addresses.city,
        address: addresses.address,
        zipcode: addresses.zipcode,
        payType: addresses.payType,
        payTypeName: nameOf(payType, zh),
        payAccount: addresses.payAccount,
        payZipcode: addresses.payZipcode,
        taxType: addresses.taxType,
        taxTypeName: nameOf(taxType, zh),
        taxAccount: addresses.taxAccount,
        taxZipcode: addresses.taxZipcode,
        isOrigianl: addresses.isOrigianl,
        insuranceService: addresses.insuranceService,
        dtpService: addresses.dtpService,
        isDefault: addresses.isDefault,
        emailMessage: addresses.emailMessage,
        remark: addresses.remark,
      })
      .from(addresses)
      .leftJoin(expressCompanies, eq(expressCompanies.id, addresses.express))
      .leftJoin(expressType, eq(expressType.id, addresses.expressType))
      .leftJoin(country, and(eq(country.category, ADDRESS_DICT.country), eq(country.code, addresses.countryCode)))
      .leftJoin(
        state,
        and(
          eq(state.category, ADDRESS_DICT.state),
          eq(state.parentId, country.id),
          eq(state.code, addresses.provinceCode),
        ),
      )
      .leftJoin(payType, eq(payType.id, addresses.payType))
      .leftJoin(taxType, eq(taxType.id, addresses.taxType));
  };

  return {
    /** The member's addresses (only the default, or only the others, when isDefault is given): default first, newest next. */
    list: (memberId: number, locale: Locale, isDefault: 0 | 1 | undefined, tx?: Transaction) =>
      selectAddresses(locale, tx)
        .where(
          and(
            eq(addresses.memberId, memberId),
            isDefault === undefined ? undefined : eq(addresses.isDefault, isDefault),
          ),
        )
        .orderBy(desc(addresses.isDefault), desc(addresses.id)),

    /** One of the member's addresses, or undefined (another account's is not found). */
    async one(memberId: number, id: number, locale: Locale, tx?: Transaction) {
      const [row] = await selectAddresses(locale, tx).where(
        and(eq(addresses.id, id), eq(addresses.memberId, memberId)),
      );
      return row;
    },

    /**
     * Locks the member's row (FOR NO KEY UPDATE: other writers of the member's default wait; inserts that
     * refer to the member do not), so the default moves one call at a time.
     */
    async lockMember(memberId: number, tx: Transaction) {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("no key update");
    },

    async countOf(memberId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.memberId, memberId));
      return row?.n ?? 0;
    },

    /** The member's default address id, or undefined. */
    async defaultId(memberId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.memberId, memberId), eq(addresses.isDefault, 1)));
      return row?.id;
    },

    async insert(memberId: number, columns: AddressColumns, tx: Transaction) {
      const [row] = await tx
        .insert(addresses)
        .values({ ...columns, memberId })
        .returning({ id: addresses.id });
      return row!.id;
    },

    /** Updates one of the member's addresses; false when it is not the member's. */
    async update(memberId: number, id: number, columns: AddressColumns, tx: Transaction) {
      const rows = await tx
        .update(addresses)
        .set({ ...columns, updatedAt: sql`now()` })
        .where(and(eq(addresses.id, id), eq(addresses.memberId, memberId)))
        .returning({ id: addresses.id });
      return rows.length > 0;
    },

    /** Makes one of the member's addresses the default: the old default loses it first (the unique index holds one). */
    async makeDefault(memberId: number, id: number, tx: Transaction) {
      await tx
        .update(addresses)
        .set({ isDefault: 0 })
        .where(and(eq(addresses.memberId, memberId), eq(addresses.isDefault, 1), ne(addresses.id, id)));
      await tx
        .update(addresses)
        .set({ isDefault: 1 })
        .where(and(eq(addresses.memberId, memberId), eq(addresses.id, id)));
    },

    /** Deletes one of the member's addresses; whether it was the default, or null when it is not the member's. */
    async remove(memberId: number, id: number, tx: Transaction) {
      const rows = await tx
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.memberId, memberId)))
        .returning({ isDefault: addresses.isDefault });
      return rows.length === 0 ? null : rows[0]!.isDefault === 1;
    },

    /** The member's newest address, or undefined. */
    async newestId(memberId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.memberId, memberId))
        .orderBy(desc(addresses.id))
        .limit(1);
      return row?.id;
    },

    expressList: (tx?: Transaction) =>
      executorOf(db, tx).select().from(expressCompanies).orderBy(asc(expressCompanies.pos)),

    async express(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(expressCompanies).where(eq(expressCompanies.id, id));
      return row;
    },

    /** The dictionary entries of the ids (any category), to check what an address names. */
    dictEntries: (ids: readonly number[], tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(dictBasic)
        .where(inArray(dictBasic.id, [...ids])),

    /** The country of the code (category 4) with its states (category 5), in one statement. */
    async countryWithStates(code: string, tx?: Transaction) {
      const rows = await executorOf(db, tx)
        .select({ country, state })
        .from(country)
        .leftJoin(state, and(eq(state.parentId, country.id), eq(state.category, ADDRESS_DICT.state)))
        .where(and(eq(country.category, ADDRESS_DICT.country), eq(country.code, code)));
      if (rows.length === 0) return undefined;
      return { country: rows[0]!.country, states: rows.flatMap((r) => (r.state ? [r.state] : [])) };
    },

    /** The cities of a state (category 6). */
    cities: (stateId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(dictBasic)
        .where(and(eq(dictBasic.category, ADDRESS_DICT.city), eq(dictBasic.parentId, stateId))),
  };
}
