-- Trigram indexes give case-insensitive "contains" search on product names and descriptions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
