-- Issue 39 (item 7c): a provider's travel terms, in their words, shown on the slot page when the chosen address
-- is in another city than the one the provider is based in. NULL: they have said none.
ALTER TABLE providers
  ADD COLUMN travel_terms text CHECK (travel_terms IS NULL OR length(travel_terms) BETWEEN 1 AND 500);
