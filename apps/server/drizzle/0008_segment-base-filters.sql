CREATE TABLE "segment_versions" (
	"segment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"org_id" uuid NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"previous_name" text,
	"name" text NOT NULL,
	"previous_filters" jsonb,
	"filters" jsonb NOT NULL,
	CONSTRAINT "segment_versions_segment_id_version_pk" PRIMARY KEY("segment_id","version")
);
--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "filters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "segment_versions" ADD CONSTRAINT "segment_versions_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_versions" ADD CONSTRAINT "segment_versions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_versions" ADD CONSTRAINT "segment_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;