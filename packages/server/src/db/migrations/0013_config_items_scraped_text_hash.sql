-- A second fingerprint of each config item: sha256 of the item's JSON text as it was scraped, keys in the
-- order the source sent them. A re-scrape hashes every item; when the text hash equals the stored one the
-- item is unchanged without first sorting its keys for the canonical config_hash, which is still what
-- decides when the texts differ (a source that only reorders keys makes no change). Hashing a 20,000-pod
-- re-scrape took 1.33–1.55 s before and 1.02–1.07 s with it (ADR 0009).
--
-- NULL until an item's next scrape, which stores it (for an unchanged item with one small UPDATE).
ALTER TABLE config_items ADD COLUMN scraped_text_hash text;
