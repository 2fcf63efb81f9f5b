CREATE TABLE "score_versions" (
	"score_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"org_id" uuid NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"fit" jsonb NOT NULL,
	"behaviour" jsonb NOT NULL,
	"grades" jsonb,
	CONSTRAINT "score_versions_score_id_version_pk" PRIMARY KEY("score_id","version")
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"base_table" text NOT NULL,
	"fit" jsonb NOT NULL,
	"behaviour" jsonb NOT NULL,
	"grades" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "score_versions" ADD CONSTRAINT "score_versions_score_id_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_versions" ADD CONSTRAINT "score_versions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_versions" ADD CONSTRAINT "score_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_versions_org_id_idx" ON "score_versions" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scores_org_id_name_key" ON "scores" USING btree ("org_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "scores_org_id_slug_key" ON "scores" USING btree ("org_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "scores_org_id_seed_key_key" ON "scores" USING btree ("org_id","seed_key");--> statement-breakpoint
CREATE INDEX "scores_org_id_idx" ON "scores" USING btree ("org_id");