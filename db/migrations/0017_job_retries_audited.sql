ALTER TYPE "public"."admin_change_action" ADD VALUE 'retried';--> statement-breakpoint
ALTER TYPE "public"."admin_change_kind" ADD VALUE 'job';