CREATE INDEX "orders_member_created_idx" ON "orders" USING btree ("member_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_member_category_idx" ON "orders" USING btree ("member_id","category_id");--> statement-breakpoint
CREATE INDEX "orders_member_size_category_idx" ON "orders" USING btree ("member_id","size_category_id");--> statement-breakpoint
CREATE INDEX "orders_member_type_idx" ON "orders" USING btree ("member_id","order_type");--> statement-breakpoint
CREATE INDEX "orders_member_plan_delivery_idx" ON "orders" USING btree ("member_id","plan_delivery_date");--> statement-breakpoint
CREATE INDEX "orders_member_delivery_idx" ON "orders" USING btree ("member_id","delivery_date");--> statement-breakpoint
CREATE INDEX "orders_cus_order_code_idx" ON "orders" USING btree ("cus_order_code");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");