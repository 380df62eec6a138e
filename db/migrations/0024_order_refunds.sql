CREATE TABLE "demo_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_refunds_amount_positive" CHECK ("demo_refunds"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"provider_reference" text,
	"failure" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_kobo" > 0),
	CONSTRAINT "order_refunds_reason_known" CHECK ("order_refunds"."reason" in ('spoiled', 'short_weight', 'out_of_stock', 'cancelled', 'other', 'provider')),
	CONSTRAINT "order_refunds_status_known" CHECK ("order_refunds"."status" in ('requested', 'pending', 'processed', 'failed')),
	CONSTRAINT "order_refunds_note_length" CHECK ("order_refunds"."note" is null or char_length("order_refunds"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "demo_refunds" ADD CONSTRAINT "demo_refunds_reference_demo_payments_reference_fk" FOREIGN KEY ("reference") REFERENCES "public"."demo_payments"("reference") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_refunds_reference_idx" ON "demo_refunds" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_one_open_idx" ON "order_refunds" USING btree ("order_id") WHERE "order_refunds"."status" in ('requested', 'pending');--> statement-breakpoint
-- The demo provider's refund, one per payment until now, becomes its first row.
INSERT INTO "demo_refunds" ("reference", "amount_kobo", "created_at")
  SELECT "reference", "refunded_kobo", coalesce("paid_at", "created_at") FROM "demo_payments" WHERE "refunded_kobo" > 0;--> statement-breakpoint
-- Each order's refunds from what it recorded (one refund per order until now, always of all that was kept):
-- what the provider accepted and finished, the refund under way, and a last attempt that failed.
INSERT INTO "order_refunds" ("order_id", "amount_kobo", "reason", "lines", "status", "provider_reference", "created_at", "updated_at")
  SELECT "id", coalesce("refunded_kobo", 0) - CASE WHEN "refund_status" = 'pending' THEN "refunding_kobo" ELSE 0 END,
    CASE WHEN "cancel_reason" = 'refunded' THEN 'cancelled' ELSE 'other' END, '[]'::jsonb, 'processed',
    CASE WHEN "refund_status" = 'processed' THEN "refund_reference" END,
    coalesce("refund_requested_at", "updated_at"), "updated_at"
  FROM "orders"
  WHERE coalesce("refunded_kobo", 0) - CASE WHEN "refund_status" = 'pending' THEN "refunding_kobo" ELSE 0 END > 0;--> statement-breakpoint
INSERT INTO "order_refunds" ("order_id", "amount_kobo", "reason", "lines", "status", "provider_reference", "created_at", "updated_at")
  SELECT "id", "refunding_kobo", CASE WHEN "cancel_reason" = 'refunded' THEN 'cancelled' ELSE 'other' END, '[]'::jsonb,
    "refund_status", "refund_reference", coalesce("refund_requested_at", "updated_at"), "updated_at"
  FROM "orders" WHERE "refund_status" IN ('requested', 'pending') AND "refunding_kobo" > 0;--> statement-breakpoint
INSERT INTO "order_refunds" ("order_id", "amount_kobo", "reason", "lines", "status", "failure", "created_at", "updated_at")
  SELECT "id", "total_kobo" - coalesce("refunded_kobo", 0), 'other', '[]'::jsonb, 'failed', "refund_failure",
    coalesce("refund_requested_at", "updated_at"), "updated_at"
  FROM "orders" WHERE "refund_status" = 'failed' AND "total_kobo" - coalesce("refunded_kobo", 0) > 0;--> statement-breakpoint
ALTER TABLE "demo_payments" DROP COLUMN "refunded_kobo";