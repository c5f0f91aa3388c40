CREATE TABLE "company_potential_users" (
	"company_customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_potential_users_company_customer_id_user_id_pk" PRIMARY KEY("company_customer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "company_users" (
	"company_customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"access_right" smallint NOT NULL,
	"position_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_users_company_customer_id_user_id_pk" PRIMARY KEY("company_customer_id","user_id"),
	CONSTRAINT "company_users_access_right_check" CHECK ("company_users"."access_right" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "ip_whitelist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ip_whitelist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 210001 CACHE 1),
	"customer_id" integer NOT NULL,
	"family" smallint NOT NULL,
	"ip_from" text NOT NULL,
	"ip_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_whitelist_entries_range_key" UNIQUE("customer_id","ip_from","ip_to"),
	CONSTRAINT "ip_whitelist_entries_family_check" CHECK ("ip_whitelist_entries"."family" in (4, 6))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"customer_id" integer NOT NULL,
	"identified" text NOT NULL,
	"value" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_customer_id_identified_pk" PRIMARY KEY("customer_id","identified")
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "payout_blacklist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_blacklist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 220001 CACHE 1),
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"block_type" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_blacklist_entry_key" UNIQUE("customer_id","email","block_type")
);
--> statement-breakpoint
CREATE TABLE "security_confirmations" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"payload" jsonb NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_confirmations_kind_check" CHECK ("security_confirmations"."kind" in ('passwordChange', 'twoStepMode'))
);
--> statement-breakpoint
CREATE TABLE "security_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"ip_whitelist_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_potential_users" ADD CONSTRAINT "company_potential_users_company_customer_id_customers_id_fk" FOREIGN KEY ("company_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_potential_users" ADD CONSTRAINT "company_potential_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_company_customer_id_customers_id_fk" FOREIGN KEY ("company_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_whitelist_entries" ADD CONSTRAINT "ip_whitelist_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_blacklist" ADD CONSTRAINT "payout_blacklist_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_confirmations" ADD CONSTRAINT "security_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_confirmations" ADD CONSTRAINT "security_confirmations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_settings" ADD CONSTRAINT "security_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_users_user_idx" ON "company_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_unsent_idx" ON "outbox_messages" USING btree ("created_at") WHERE "outbox_messages"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "security_confirmations_user_idx" ON "security_confirmations" USING btree ("user_id","kind");