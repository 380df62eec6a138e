-- Names stored before the rule held (through Better Auth's update-user, issue 36) are cut to it first.
UPDATE "user" SET "name" = left("name", 100) WHERE char_length("name") > 100;--> statement-breakpoint
UPDATE "user" SET "name" = split_part("email", '@', 1) WHERE char_length("name") = 0;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_name_length" CHECK (char_length("user"."name") between 1 and 100);