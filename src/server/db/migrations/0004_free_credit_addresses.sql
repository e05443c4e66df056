CREATE TABLE "free_credit_addresses" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
