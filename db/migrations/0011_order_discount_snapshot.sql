ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_type" "discount_type";--> statement-breakpoint
UPDATE "orders" SET "discount_code" = "discount_codes"."code", "discount_type" = "discount_codes"."type"
  FROM "discount_codes" WHERE "discount_codes"."id" = "orders"."discount_code_id";
