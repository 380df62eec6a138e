CREATE TABLE "discount_code_guesses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"guesses" integer NOT NULL,
	"last_unknown_code" text
);
--> statement-breakpoint
ALTER TABLE "discount_code_guesses" ADD CONSTRAINT "discount_code_guesses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;