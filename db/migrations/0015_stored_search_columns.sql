-- The admin's order and user searches read a stored, lower-cased column under their trigram index
-- (docs/decisions/008 and 017) instead of an index on an expression that every match's recheck computed again.
DROP INDEX "user_admin_search_idx";--> statement-breakpoint
DROP INDEX "orders_recipient_search_idx";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "admin_search" text GENERATED ALWAYS AS (lower("user"."name" || ' ' || "user"."email" || ' ' || "user"."id")) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_search" text GENERATED ALWAYS AS (lower("orders"."shipping_name" || ' ' || "orders"."shipping_address" || ' ' || "orders"."shipping_phone")) STORED;--> statement-breakpoint
CREATE INDEX "user_admin_search_idx" ON "user" USING gin ("admin_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_recipient_search_idx" ON "orders" USING gin ("recipient_search" gin_trgm_ops);