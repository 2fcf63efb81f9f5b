CREATE TABLE "play_run_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"play_id" uuid NOT NULL,
	"action_id" text NOT NULL,
	"action_type" text NOT NULL,
	"position" integer NOT NULL,
	"record_id" text NOT NULL,
	"record" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"external_id" text,
	"error" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "play_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"play_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"trigger_type" text NOT NULL,
	"cohort_id" uuid,
	"cron" text,
	"timezone" text,
	"actions" jsonb NOT NULL,
	"sealed_secrets" text,
	"include_existing" boolean DEFAULT false NOT NULL,
	"reentry" text NOT NULL,
	"activated_at" timestamp with time zone,
	"evaluated_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "play_run_items" ADD CONSTRAINT "play_run_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_run_items" ADD CONSTRAINT "play_run_items_run_id_play_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."play_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_run_items" ADD CONSTRAINT "play_run_items_play_id_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."plays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_runs" ADD CONSTRAINT "play_runs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_runs" ADD CONSTRAINT "play_runs_play_id_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."plays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "play_run_items_idempotency_key_key" ON "play_run_items" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "play_run_items_run_id_idx" ON "play_run_items" USING btree ("run_id","status");--> statement-breakpoint
CREATE INDEX "play_run_items_play_record_idx" ON "play_run_items" USING btree ("play_id","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "play_runs_window_key" ON "play_runs" USING btree ("play_id","window_end");--> statement-breakpoint
CREATE INDEX "play_runs_org_id_idx" ON "play_runs" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "plays_org_id_idx" ON "plays" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "plays_cohort_id_idx" ON "plays" USING btree ("cohort_id");