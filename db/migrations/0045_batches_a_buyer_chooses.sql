ALTER TABLE "stock_batches" ADD COLUMN "chosen_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD COLUMN "quantity_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_held_not_negative" CHECK ("stock_batches"."quantity_held" >= 0);--> statement-breakpoint
-- Sellers' harvests received before this sell only by name from now on, at their offers' prices.
UPDATE "stock_batches" SET "chosen_only" = true WHERE "id" IN (SELECT "batch_id" FROM "seller_offers" WHERE "batch_id" IS NOT NULL);
