DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "orders_payment_paid_idx";--> statement-breakpoint
CREATE INDEX "products_created_id_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_admin_search_idx" ON "products" USING gin ((lower(name || ' ' || description || ' ' || coalesce(location, ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_status_payment_created_idx" ON "orders" USING btree ("status","payment_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_payment_paid_total_idx" ON "orders" USING btree ("payment_status","paid_at" DESC NULLS FIRST,"total_kobo");