CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words a misspelt search is corrected to, kept by the database from products.search_text: a
-- statement trigger for inserts (one statement for a bulk import), a row trigger when a name or a
-- description changes (never on a stock or price update).
CREATE FUNCTION "search_words_of_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w FROM added, regexp_split_to_table(added.search_text, '[^a-z]+') AS w
    WHERE length(w) >= 4
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_words_added" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "search_words_of_added"();--> statement-breakpoint
CREATE FUNCTION "search_words_of_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^a-z]+') AS w
    WHERE length(w) >= 4
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_words_changed" AFTER UPDATE OF "name", "description" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "search_words_of_changed"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "products", regexp_split_to_table("products"."search_text", '[^a-z]+') AS w
  WHERE length(w) >= 4
ON CONFLICT DO NOTHING;
