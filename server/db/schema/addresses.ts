import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members.ts";

/**
 * Delivery addresses (issue 23, ADDR-007) and the express companies they ship with (ADDR-029, ADDR-032).
 *
 * An address belongs to one account (a main account and its sub-accounts each keep their own book). It
 * names its dictionary entries by id (express, expressType, payType, taxType) and by code (countryCode,
 * provinceCode) without a foreign key, so the dictionaries can be reseeded; the names are read in the
 * caller's language. A shipment copies the address it uses (the shipment area), so editing or deleting
 * an address never changes a shipment.
 */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    express: integer("express").notNull(),
    expressType: integer("express_type").notNull(),
    company: text("company").notNull().default(""),
    contact: text("contact").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull().default(""),
    countryCode: text("country_code").notNull(),
    /** The state's dictionary code; empty when the country has no states and the state is typed. */
    provinceCode: text("province_code").notNull().default(""),
    /** The typed state when the country has no states in the dictionary (ADDR-021); else the state's English name. */
    provinceName: text("province_name").notNull().default(""),
    city: text("city").notNull(),
    address: text("address").notNull(),
    zipcode: text("zipcode").notNull(),
    payType: integer("pay_type").notNull(),
    payAccount: text("pay_account").notNull().default(""),
    payZipcode: text("pay_zipcode").notNull().default(""),
    taxType: integer("tax_type").notNull(),
    taxAccount: text("tax_account").notNull().default(""),
    taxZipcode: text("tax_zipcode").notNull().default(""),
    isOrigianl: smallint("is_origianl").notNull().default(0),
    insuranceService: smallint("insurance_service").notNull().default(0),
    dtpService: smallint("dtp_service").notNull().default(0),
    emailMessage: smallint("email_message").notNull().default(0),
    /** ADDR-008: 0 or 1; at most one 1 per account (the partial unique index). */
    isDefault: smallint("is_default").notNull().default(0),
    remark: text("remark").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("addresses_member_idx").on(t.memberId, t.isDefault, t.id),
    // One default per account, held by the database whatever runs at once.
    uniqueIndex("addresses_one_default_key")
      .on(t.memberId)
      .where(sql`${t.isDefault} = 1`),
    check("addresses_is_default_01", sql`${t.isDefault} in (0, 1)`),
    check(
      "addresses_flags_01",
      sql`${t.isOrigianl} in (0, 1) and ${t.insuranceService} in (0, 1) and ${t.dtpService} in (0, 1) and ${t.emailMessage} in (0, 1)`,
    ),
  ],
);

/**
 * The express companies (`GET pc/expressdict/list`, dictionary category 92): names in both languages,
 * the carrier's tracking page (`expressUrl`, `{waybill}` where the waybill number goes) and the
 * countries (dictionary codes) it delivers to.
 */
export const expressCompanies = pgTable("express_companies", {
  id: integer("id").primaryKey(),
  code: text("code").notNull(),
  enName: text("en_name").notNull(),
  zhName: text("zh_name").notNull(),
  expressUrl: text("express_url").notNull(),
  countryCodes: text("country_codes").array().notNull(),
  pos: integer("pos").notNull(),
});
