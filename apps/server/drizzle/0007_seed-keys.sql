ALTER TABLE "segments" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "cohorts" ADD COLUMN "seed_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "segments_org_id_seed_key_key" ON "segments" USING btree ("org_id","seed_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cohorts_segment_id_seed_key_key" ON "cohorts" USING btree ("segment_id","seed_key");--> statement-breakpoint
-- Databases seeded before seed keys: the demo segments and cohorts as seeded then get their keys once.
UPDATE "segments" SET "seed_key" = CASE "name"
	WHEN 'All accounts' THEN 'all-accounts'
	WHEN 'Product-qualified accounts' THEN 'product-qualified-accounts'
	WHEN 'Active users' THEN 'active-users'
	WHEN 'Expansion candidates' THEN 'expansion-candidates'
	WHEN 'Churn risk (beta)' THEN 'churn-risk'
END WHERE "seed_key" IS NULL AND "name" IN ('All accounts', 'Product-qualified accounts', 'Active users', 'Expansion candidates', 'Churn risk (beta)');--> statement-breakpoint
UPDATE "cohorts" SET "seed_key" = CASE "cohorts"."name"
	WHEN 'Paying customers' THEN 'paying-customers'
	WHEN 'Enterprise' THEN 'enterprise'
	WHEN 'Highly active' THEN 'highly-active'
	WHEN 'Pro plan' THEN 'pro-plan'
	WHEN 'Free but engaged' THEN 'free-but-engaged'
	WHEN 'Power users' THEN 'power-users'
	WHEN 'Admins' THEN 'admins'
	WHEN 'High MRR' THEN 'high-mrr'
	WHEN 'Starter plan' THEN 'starter-plan'
END FROM "segments" WHERE "cohorts"."segment_id" = "segments"."id" AND "segments"."seed_key" IS NOT NULL AND "cohorts"."seed_key" IS NULL AND "cohorts"."created_by" IS NULL AND "cohorts"."name" IN ('Paying customers', 'Enterprise', 'Highly active', 'Pro plan', 'Free but engaged', 'Power users', 'Admins', 'High MRR', 'Starter plan');
