-- Suzerain platform schema, version 32: a resolution step known to some players only (issue 16,
-- Game of Gruik: a tabletop battle's own steps are the battle's two sides' business, fog of war).
-- The engine records it in the step (`StepRecord.audience`, from `Ruleset.stepAudience`); NULL:
-- everyone, as every step so far. A free action's audience stays in `steps.action` (its `audience`).
ALTER TABLE steps ADD COLUMN audience JSONB;
