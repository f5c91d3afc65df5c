-- Issue 21: every change of a catalogue's tables bumps its version (catalogue_versions), whichever
-- process or tool makes it; the processes that keep the catalogue's answers see the new version with
-- their next request. Hand-written: Drizzle does not generate triggers.
INSERT INTO "catalogue_versions" ("name") VALUES ('crafts'), ('fabrics'), ('dictionaries') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_versions" ("name", "version") VALUES (TG_ARGV[0], 2)
    ON CONFLICT ("name") DO UPDATE SET "version" = "catalogue_versions"."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "crafts_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "crafts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('crafts');
--> statement-breakpoint
CREATE TRIGGER "process_bindings_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "process_bindings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('crafts');
--> statement-breakpoint
CREATE TRIGGER "contrast_sites_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contrast_sites" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('crafts');
--> statement-breakpoint
CREATE TRIGGER "contrast_positions_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contrast_positions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('crafts');
--> statement-breakpoint
CREATE TRIGGER "contrast_fabrics_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contrast_fabrics" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('crafts');
--> statement-breakpoint
CREATE TRIGGER "fabrics_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fabrics" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('fabrics');
--> statement-breakpoint
CREATE TRIGGER "category_fabric_kinds_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_fabric_kinds" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('fabrics');
--> statement-breakpoint
CREATE TRIGGER "dict_system_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dict_system" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('dictionaries');
--> statement-breakpoint
CREATE TRIGGER "dict_basic_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dict_basic" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('dictionaries');
--> statement-breakpoint
CREATE TRIGGER "categories_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('dictionaries');
