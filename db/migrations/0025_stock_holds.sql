CREATE TYPE "public"."stock_unit" AS ENUM('kg', 'unit');--> statement-breakpoint
CREATE TYPE "public"."hold_state" AS ENUM('none', 'held', 'kept', 'released');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_unit" "stock_unit";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_on_hand" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_unit" "stock_unit";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "holds" "hold_state" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock_on_hand" >= 0 and "products"."stock_held" >= 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stock_quantity_not_negative" CHECK ("order_items"."stock_quantity" >= 0);