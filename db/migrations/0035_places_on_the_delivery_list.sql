-- Places typed by hand before they were chosen from the delivery list (issue 48): a profile's location and
-- a delivery slot's that plainly mean a place the shop delivers to (the same name whatever its case or
-- spacing) take the list's spelling, as core/delivery/places.ts matches them: spec §9's suggestions first
-- (Port Harcourt, Lagos, Abuja), then each rate's location as it was first saved. Anything else ("PH",
-- "Port Harcort") is left as it was typed; the admin screens mark it "not on the delivery list".
WITH "named" AS (
  SELECT "name", lower("name") AS "key", "rank", "n" FROM (
    SELECT btrim(regexp_replace("location", '\s+', ' ', 'g')) AS "name", 1 AS "rank", "id" AS "n"
      FROM "delivery_rates"
    UNION ALL VALUES ('Port Harcourt', 0, 1), ('Lagos', 0, 2), ('Abuja', 0, 3)
  ) AS "places"
  WHERE "name" <> ''
), "listed" AS (
  SELECT DISTINCT ON ("key") "key", "name" FROM "named" ORDER BY "key", "rank", "n"
)
UPDATE "user" SET "location" = "listed"."name"
  FROM "listed"
  WHERE lower(btrim(regexp_replace("user"."location", '\s+', ' ', 'g'))) = "listed"."key"
    AND "user"."location" <> "listed"."name";--> statement-breakpoint
WITH "named" AS (
  SELECT "name", lower("name") AS "key", "rank", "n" FROM (
    SELECT btrim(regexp_replace("location", '\s+', ' ', 'g')) AS "name", 1 AS "rank", "id" AS "n"
      FROM "delivery_rates"
    UNION ALL VALUES ('Port Harcourt', 0, 1), ('Lagos', 0, 2), ('Abuja', 0, 3)
  ) AS "places"
  WHERE "name" <> ''
), "listed" AS (
  SELECT DISTINCT ON ("key") "key", "name" FROM "named" ORDER BY "key", "rank", "n"
)
UPDATE "delivery_slots" SET "location" = "listed"."name"
  FROM "listed"
  WHERE lower(btrim(regexp_replace("delivery_slots"."location", '\s+', ' ', 'g'))) = "listed"."key"
    AND "delivery_slots"."location" <> "listed"."name";
