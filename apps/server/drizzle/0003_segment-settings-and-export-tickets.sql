CREATE TABLE "export_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"query" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "columns" jsonb;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "grouping" jsonb;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "sorting" jsonb;--> statement-breakpoint
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_tickets_expires_at_idx" ON "export_tickets" USING btree ("expires_at");