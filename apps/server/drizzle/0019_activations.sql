CREATE TABLE "activation_api_usage" (
	"org_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activation_api_usage_org_id_provider_day_pk" PRIMARY KEY("org_id","provider","day")
);
--> statement-breakpoint
CREATE TABLE "activation_budgets" (
	"org_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"calls_per_day" integer NOT NULL,
	CONSTRAINT "activation_budgets_org_id_provider_pk" PRIMARY KEY("org_id","provider")
);
--> statement-breakpoint
CREATE TABLE "activation_run_batches" (
	"run_id" uuid NOT NULL,
	"batch" integer NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"checkpoint" text,
	"done_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "activation_run_batches_run_id_batch_pk" PRIMARY KEY("run_id","batch")
);
--> statement-breakpoint
CREATE TABLE "activation_run_records" (
	"run_id" uuid NOT NULL,
	"key" text NOT NULL,
	"org_id" uuid NOT NULL,
	"change" text NOT NULL,
	"operation" text NOT NULL,
	"batch" integer NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"hash" text,
	"values" jsonb NOT NULL,
	"before" jsonb,
	"destination_id" text,
	"answer" text,
	CONSTRAINT "activation_run_records_run_id_key_pk" PRIMARY KEY("run_id","key")
);
--> statement-breakpoint
CREATE TABLE "activation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"activation_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"retry_failed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"counts" jsonb NOT NULL,
	"planned" integer DEFAULT 0 NOT NULL,
	"planned_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cohort_id" uuid,
	"provider" text NOT NULL,
	"object" text NOT NULL,
	"match_column" text NOT NULL,
	"match_field" text NOT NULL,
	"mode" text NOT NULL,
	"fields" jsonb NOT NULL,
	"schedule" text NOT NULL,
	"on_leave" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activation_api_usage" ADD CONSTRAINT "activation_api_usage_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_budgets" ADD CONSTRAINT "activation_budgets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_run_batches" ADD CONSTRAINT "activation_run_batches_run_id_activation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."activation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_run_records" ADD CONSTRAINT "activation_run_records_run_id_activation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."activation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_run_records" ADD CONSTRAINT "activation_run_records_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_runs" ADD CONSTRAINT "activation_runs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_runs" ADD CONSTRAINT "activation_runs_activation_id_activations_id_fk" FOREIGN KEY ("activation_id") REFERENCES "public"."activations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_runs" ADD CONSTRAINT "activation_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activation_run_records_batch_idx" ON "activation_run_records" USING btree ("run_id","batch");--> statement-breakpoint
CREATE INDEX "activation_runs_activation_id_idx" ON "activation_runs" USING btree ("activation_id","created_at");--> statement-breakpoint
CREATE INDEX "activation_runs_org_id_idx" ON "activation_runs" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activation_runs_one_unfinished_key" ON "activation_runs" USING btree ("activation_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "activations_org_id_idx" ON "activations" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "activations_cohort_id_idx" ON "activations" USING btree ("cohort_id");