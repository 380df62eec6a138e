ALTER TYPE "public"."order_event_kind" ADD VALUE 'payment_reminder';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminded_at" timestamp with time zone;