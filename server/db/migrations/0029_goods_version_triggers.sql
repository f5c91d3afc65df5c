-- Issue 25: the mall's catalogue answers (category tree, product pages) are kept like the other
-- catalogues (catalogue_versions): any change of the goods or their categories bumps the version 'goods'.
-- The stock is not part of those answers (the product detail reads it fresh). Hand-written.
INSERT INTO "catalogue_versions" ("name") VALUES ('goods') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "goods_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "goods" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('goods');
--> statement-breakpoint
CREATE TRIGGER "goods_categories_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "goods_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"('goods');
