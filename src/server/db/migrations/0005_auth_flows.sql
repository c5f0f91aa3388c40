CREATE TABLE "account_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_codes_purpose_check" CHECK ("account_codes"."purpose" in ('activation', 'activationBusiness', 'activationEmployee', 'recovery'))
);
--> statement-breakpoint
CREATE TABLE "auth_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"secret_hash" text NOT NULL,
	"push_token" text,
	"location" text,
	"approve_method" text,
	"approve_code_hash" text,
	"approve_code_expires_at" timestamp with time zone,
	"approve_failed_attempts" smallint DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_devices_status_check" CHECK ("auth_devices"."status" in ('pending', 'approved', 'refused')),
	CONSTRAINT "auth_devices_type_check" CHECK ("auth_devices"."type" in ('android', 'ios'))
);
--> statement-breakpoint
CREATE TABLE "auth_factors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"totp_secret_sealed" text,
	"scp" text DEFAULT 'none' NOT NULL,
	"profile_type" smallint DEFAULT 1 NOT NULL,
	"migration" text DEFAULT 'none' NOT NULL,
	"migration_deadline" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_factors_migration_check" CHECK ("auth_factors"."migration" in ('none', 'soft', 'strict')),
	CONSTRAINT "auth_factors_scp_check" CHECK ("auth_factors"."scp" in ('none', 'push'))
);
--> statement-breakpoint
CREATE TABLE "device_pushes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_pushes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_challenges" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"flow" text NOT NULL,
	"code_challenge" text NOT NULL,
	"sms_code_hash" text,
	"sms_identifier" text,
	"push_key_hash" text,
	"push_resends" smallint DEFAULT 0 NOT NULL,
	"decision" text,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_challenges_flow_check" CHECK ("login_challenges"."flow" in ('direct', 'otp', 'sms', 'push', 'verifyDevice'))
);
--> statement-breakpoint
CREATE TABLE "login_username_failures" (
	"username" text PRIMARY KEY NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_step_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"type_mode" text NOT NULL,
	"mode" text NOT NULL,
	"code_hash" text,
	"totp_secret_sealed" text,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_codes" ADD CONSTRAINT "account_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_devices" ADD CONSTRAINT "auth_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_factors" ADD CONSTRAINT "auth_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_pushes" ADD CONSTRAINT "device_pushes_device_id_auth_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."auth_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_pushes" ADD CONSTRAINT "device_pushes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_requests" ADD CONSTRAINT "two_step_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_requests" ADD CONSTRAINT "two_step_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_codes_user_idx" ON "account_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "auth_devices_user_idx" ON "auth_devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_devices_secret_key" ON "auth_devices" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "device_pushes_device_idx" ON "device_pushes" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_push_key_key" ON "login_challenges" USING btree ("push_key_hash");--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "two_step_requests_user_idx" ON "two_step_requests" USING btree ("user_id");