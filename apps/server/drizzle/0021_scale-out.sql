-- Unlogged: counters and send slots are worth no WAL write per request; a crash
-- forgets them, which only restarts a window (ADR 0035).
CREATE UNLOGGED TABLE "pacing_slots" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
