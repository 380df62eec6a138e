ALTER TYPE "public"."order_event_kind" ADD VALUE 'replaced';--> statement-breakpoint
ALTER TYPE "public"."order_event_kind" ADD VALUE 'refund_requested';--> statement-breakpoint
ALTER TYPE "public"."order_event_kind" ADD VALUE 'refund_failed';--> statement-breakpoint
DROP INDEX "orders_payment_paid_total_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunding_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_payment_paid_revenue_idx" ON "orders" USING btree ("payment_status","paid_at" DESC NULLS FIRST,"total_kobo","refunded_kobo");--> statement-breakpoint
-- Why each cancelled order is, from what it recorded (issue "Orders tell the truth"); an order already
-- refunded in full and not delivered is cancelled, as a full refund now does.
UPDATE "orders" SET "status" = 'cancelled' WHERE "payment_status" = 'success' AND "status" NOT IN ('delivered', 'cancelled') AND "refund_status" IN ('processed', 'pending') AND coalesce("refunded_kobo", 0) >= "total_kobo";--> statement-breakpoint
UPDATE "orders" o SET "cancel_reason" = CASE
  WHEN o."payment_status" = 'failed' THEN 'declined'
  WHEN o."payment_status" = 'success' AND o."refund_status" IN ('processed', 'pending', 'requested') THEN 'refunded'
  WHEN o."payment_status" IN ('success', 'pending') THEN 'shop'
  -- The shop's cancel of an unpaid order left it awaiting payment, so the expiry job ended it later.
  WHEN EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = o."id" AND e."kind" = 'cancelled')
    AND EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = o."id" AND e."kind" = 'expired') THEN 'shop'
  WHEN EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = o."id" AND e."kind" = 'cancelled') THEN 'shopper'
  ELSE 'unpaid' END
WHERE o."status" = 'cancelled';--> statement-breakpoint
-- Refunded so far counts only what the provider accepted: a failed or unanswered refund gave nothing back.
UPDATE "orders" SET "refunded_kobo" = NULL WHERE "refund_status" IN ('failed', 'requested');--> statement-breakpoint
UPDATE "orders" SET "refunded_kobo" = LEAST("refunded_kobo", "total_kobo") WHERE "refunded_kobo" > "total_kobo";--> statement-breakpoint
UPDATE "orders" SET "refunding_kobo" = CASE WHEN "refund_status" = 'requested' THEN "total_kobo" ELSE coalesce("refunded_kobo", 0) END WHERE "refund_status" IN ('requested', 'pending');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_known" CHECK (("orders"."cancel_reason" is null) = ("orders"."status" <> 'cancelled') and ("orders"."cancel_reason" is null or "orders"."cancel_reason" in ('shopper', 'declined', 'unpaid', 'replaced', 'shop', 'refunded')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunds_within_payment" CHECK (coalesce("orders"."refunded_kobo", 0) >= 0 and "orders"."refunding_kobo" >= 0 and coalesce("orders"."refunded_kobo", 0) <= "orders"."total_kobo");