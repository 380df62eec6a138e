ALTER TYPE "public"."message_kind" ADD VALUE 'farm_pond_not_logged';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'farm_sample_due';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'farm_feed_low';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'farm_harvest_soon';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'farm_water_unsafe';--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "farm_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_farm_idx" ON "messages" USING btree ("farm_id","created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_about_one" CHECK (("messages"."order_id" is null) <> ("messages"."farm_id" is null));