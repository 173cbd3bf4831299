-- The instances whose licence cache listens (decision 071): a licence change is answered once every
-- instance seen here lately acknowledged it had dropped the licence.
CREATE TABLE "license_listeners" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"live_since" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
