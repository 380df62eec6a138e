ALTER TYPE "public"."order_event_kind" ADD VALUE 'claim_filed';--> statement-breakpoint
ALTER TYPE "public"."order_event_kind" ADD VALUE 'claim_approved';--> statement-breakpoint
ALTER TYPE "public"."order_event_kind" ADD VALUE 'claim_declined';--> statement-breakpoint
CREATE TABLE "order_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"description" text NOT NULL,
	"photo_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_claims_status_known" CHECK ("order_claims"."status" in ('open', 'approved', 'declined')),
	CONSTRAINT "order_claims_description_length" CHECK (char_length("order_claims"."description") between 1 and 1000),
	CONSTRAINT "order_claims_decision_note_length" CHECK ("order_claims"."decision_note" is null or char_length("order_claims"."decision_note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "claim_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "claim_status" text;--> statement-breakpoint
ALTER TABLE "order_claims" ADD CONSTRAINT "order_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_claims" ADD CONSTRAINT "order_claims_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_claims_order_idx" ON "order_claims" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_claims_open_idx" ON "order_claims" USING btree ("created_at") WHERE "order_claims"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "order_claims_one_open_idx" ON "order_claims" USING btree ("order_id") WHERE "order_claims"."status" = 'open';--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_claim_id_order_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."order_claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_claim_status_known" CHECK ("orders"."claim_status" is null or "orders"."claim_status" in ('open', 'approved', 'declined'));