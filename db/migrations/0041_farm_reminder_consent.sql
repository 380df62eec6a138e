CREATE TYPE "public"."consent_topic" AS ENUM('orders', 'farm');--> statement-breakpoint
ALTER TYPE "public"."consent_source" ADD VALUE 'farm';--> statement-breakpoint
DROP INDEX "message_consents_user_idx";--> statement-breakpoint
ALTER TABLE "message_consents" ADD COLUMN "topic" "consent_topic" DEFAULT 'orders' NOT NULL;--> statement-breakpoint
CREATE INDEX "message_consents_user_idx" ON "message_consents" USING btree ("user_id","topic","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);