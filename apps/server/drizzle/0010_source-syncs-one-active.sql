-- Runs a race left active beside a newer one of the same source are failed first, so the index can be built.
UPDATE "source_syncs" AS "s" SET "status" = 'failed', "error" = 'Superseded by another run of the same source.', "finished_at" = now()
WHERE "s"."status" in ('queued', 'running') AND EXISTS (
  SELECT 1 FROM "source_syncs" AS "o"
  WHERE "o"."source_id" = "s"."source_id" AND "o"."status" in ('queued', 'running')
    AND ("o"."created_at", "o"."id") > ("s"."created_at", "s"."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "source_syncs_one_active_idx" ON "source_syncs" USING btree ("source_id") WHERE "source_syncs"."status" in ('queued', 'running');
