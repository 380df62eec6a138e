CREATE TYPE "public"."seller_ledger_kind" AS ENUM('sale', 'refund', 'refund_failed', 'payout', 'payout_returned');--> statement-breakpoint
CREATE TABLE "seller_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"kind" "seller_ledger_kind" NOT NULL,
	"order_id" uuid,
	"order_item_id" integer,
	"batch_id" integer,
	"refund_id" bigint,
	"gross_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"commission_percent" integer NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_ledger_amount_is_gross_less_commission" CHECK ("seller_ledger"."amount_kobo" = "seller_ledger"."gross_kobo" - "seller_ledger"."commission_kobo"),
	CONSTRAINT "seller_ledger_commission_range" CHECK ("seller_ledger"."commission_percent" between 0 and 100),
	CONSTRAINT "seller_ledger_line_rows" CHECK ("seller_ledger"."kind" not in ('sale', 'refund', 'refund_failed') or ("seller_ledger"."order_item_id" is not null and "seller_ledger"."batch_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_ledger_seller_idx" ON "seller_ledger" USING btree ("seller_id","available_at");--> statement-breakpoint
CREATE INDEX "seller_ledger_order_idx" ON "seller_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_ledger_one_sale" ON "seller_ledger" USING btree ("order_item_id","batch_id") WHERE "seller_ledger"."kind" = 'sale';