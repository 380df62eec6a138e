ALTER TABLE "delivery_rates" ADD COLUMN "free_from_kobo" bigint;--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_free_from_sensible" CHECK ("delivery_rates"."free_from_kobo" is null or ("delivery_rates"."free_from_kobo" > 0 and "delivery_rates"."method" <> 'pickup'));--> statement-breakpoint
-- The product page has always promised "free delivery within Port Harcourt for orders above ₦50,000"
-- (spec §1). It becomes the rule for the shop's delivered rates there, so the promise stays true.
UPDATE "delivery_rates" SET "free_from_kobo" = 5000000 WHERE lower(trim("location")) = 'port harcourt' AND "method" <> 'pickup';
