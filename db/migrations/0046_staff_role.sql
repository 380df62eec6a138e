ALTER TYPE "public"."admin_change_action" ADD VALUE 'staff_granted' BEFORE 'retried';--> statement-breakpoint
ALTER TYPE "public"."admin_change_action" ADD VALUE 'staff_revoked' BEFORE 'retried';--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_role_known";--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_known" CHECK ("user"."role" in ('user', 'staff', 'admin'));