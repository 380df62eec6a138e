CREATE TYPE "public"."admin_change_action" AS ENUM('created', 'updated', 'deleted', 'status_changed', 'refunded', 'admin_granted', 'admin_revoked');--> statement-breakpoint
CREATE TYPE "public"."admin_change_kind" AS ENUM('product', 'order', 'user', 'delivery_rate', 'discount_code');--> statement-breakpoint
CREATE TABLE "admin_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"admin_id" text NOT NULL,
	"admin_name" text NOT NULL,
	"admin_email" text NOT NULL,
	"kind" "admin_change_kind" NOT NULL,
	"action" "admin_change_action" NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_activity_created_idx" ON "admin_activity" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_activity_kind_created_idx" ON "admin_activity" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_activity_admin_created_idx" ON "admin_activity" USING btree ("admin_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_activity_subject_idx" ON "admin_activity" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE FUNCTION "admin_activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_activity is append-only: its rows are never updated or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_activity_append_only" BEFORE UPDATE OR DELETE ON "admin_activity"
  FOR EACH ROW EXECUTE FUNCTION "admin_activity_append_only"();
