CREATE TYPE "public"."order_event_kind" AS ENUM('placed', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'pending', 'refunded', 'payment_failed', 'expired');--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"kind" "order_event_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
-- The history of the orders placed before it was recorded, as far as the orders tell it: when each was
-- placed and paid, how an unpaid one ended, its refund, and its present status when it has moved on
-- (at its last update; the steps in between were not recorded).
INSERT INTO "order_events" ("order_id", "kind", "created_at")
SELECT "id", "kind"::"order_event_kind", "at" FROM (
  SELECT "id", 'placed' AS "kind", "created_at" AS "at" FROM "orders"
  UNION ALL SELECT "id", 'paid', "paid_at" FROM "orders" WHERE "payment_status" = 'success' AND "paid_at" IS NOT NULL
  UNION ALL SELECT "id", 'payment_failed', "updated_at" FROM "orders" WHERE "payment_status" = 'failed'
  UNION ALL SELECT "id", 'expired', "updated_at" FROM "orders" WHERE "payment_status" = 'expired'
  UNION ALL SELECT "id", "status"::text, "updated_at" FROM "orders"
    WHERE "payment_status" = 'success' AND "status" <> 'pending'
  UNION ALL SELECT "id", 'refunded', "refund_requested_at" FROM "orders"
    WHERE "refund_status" IN ('pending', 'processed') AND "refund_requested_at" IS NOT NULL
) AS "history";
