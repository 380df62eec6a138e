ALTER TABLE "orders" ADD COLUMN "discount_use_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_authorization_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_access_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key_unique" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
-- Orders placed before this migration: a code use is counted for every pending or paid order that has one.
UPDATE "orders" SET "discount_use_held" = true WHERE "discount_code_id" IS NOT NULL AND "payment_status" IN ('pending', 'success');
