ALTER TABLE "demo_payments" ADD COLUMN "refunded_kobo" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_kobo" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_status_known" CHECK ("orders"."refund_status" is null or "orders"."refund_status" in ('requested', 'pending', 'processed', 'failed'));