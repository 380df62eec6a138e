ALTER TABLE "sellers" DROP CONSTRAINT "sellers_account_number_nuban";--> statement-breakpoint
ALTER TABLE "sellers" DROP CONSTRAINT "sellers_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "sellers" DROP CONSTRAINT "sellers_farm_id_farms_id_fk";
--> statement-breakpoint
ALTER TABLE "sellers" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ALTER COLUMN "farm_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_account_number_nuban" CHECK ("sellers"."account_number" ~ '^[0-9]{10}$' or ("sellers"."user_id" is null and "sellers"."account_number" = ''));