CREATE TABLE "customer_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 30001 CACHE 1),
	"customer_id" integer NOT NULL,
	"address_type" smallint DEFAULT 1 NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"postal_code" text,
	"country_code" char(2) NOT NULL,
	"state_code" text,
	"state_name" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"card_document_required" boolean DEFAULT false NOT NULL,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_addresses_status_check" CHECK ("customer_addresses"."status" between 0 and 4),
	CONSTRAINT "customer_addresses_type_check" CHECK ("customer_addresses"."address_type" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "customer_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 40001 CACHE 1),
	"customer_id" integer NOT NULL,
	"category_id" smallint NOT NULL,
	"status_id" smallint DEFAULT 41 NOT NULL,
	"address_id" integer,
	"is_due_diligence" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_documents_category_check" CHECK ("customer_documents"."category_id" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "customer_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 60001 CACHE 1),
	"customer_id" integer NOT NULL,
	"email_address" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_limit_reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_limit_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 90001 CACHE 1),
	"customer_id" integer NOT NULL,
	"action_type_id" smallint NOT NULL,
	"required_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_limit_reasons_action_check" CHECK ("customer_limit_reasons"."action_type_id" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "customer_phones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_phones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 70001 CACHE 1),
	"customer_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"number" text NOT NULL,
	"type" smallint DEFAULT 2 NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_profiles" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"birth_country_code" char(2),
	"birth_city" text,
	"citizenship_country_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"occupation_id" integer,
	"second_occupation_id" integer,
	"source_of_funds_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"purpose_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimated_monthly_deposit_id" integer,
	"is_representative" boolean DEFAULT false NOT NULL,
	"duplicate_documents" text DEFAULT 'none' NOT NULL,
	"video_identity_job_id" text,
	"video_identity_status_id" smallint,
	"video_identity_created_at" timestamp with time zone,
	"fatca_self_certification_status" text DEFAULT 'none' NOT NULL,
	"fatca_w8ben_status" text DEFAULT 'none' NOT NULL,
	"fatca_w9_status" text DEFAULT 'none' NOT NULL,
	"fatca_loss_of_nationality_status" text DEFAULT 'notRequired' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_profiles_duplicate_documents_check" CHECK ("kyc_profiles"."duplicate_documents" in ('none', 'flagged', 'uploaded'))
);
--> statement-breakpoint
CREATE TABLE "kyc_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kyc_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 80001 CACHE 1),
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"workflow_run_id" text,
	"reject_reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_requests_provider_check" CHECK ("kyc_requests"."provider" in ('jmo', 'nfd')),
	CONSTRAINT "kyc_requests_status_check" CHECK ("kyc_requests"."status" in ('created', 'inProgress', 'completed', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "uploaded_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploaded_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 50001 CACHE 1),
	"customer_id" integer NOT NULL,
	"document_id" integer,
	"limit_reason_id" integer,
	"document_type_id" integer NOT NULL,
	"status_id" smallint DEFAULT 0 NOT NULL,
	"is_sub_document" boolean DEFAULT false NOT NULL,
	"number" text,
	"issued_date" date,
	"expires_date" date,
	"created_username" text NOT NULL,
	"reject_reason" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" integer,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_address_id_customer_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_emails" ADD CONSTRAINT "customer_emails_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_limit_reasons" ADD CONSTRAINT "customer_limit_reasons_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_phones" ADD CONSTRAINT "customer_phones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD CONSTRAINT "kyc_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_document_id_customer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_limit_reason_id_customer_limit_reasons_id_fk" FOREIGN KEY ("limit_reason_id") REFERENCES "public"."customer_limit_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_documents_customer_idx" ON "customer_documents" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_emails_address_key" ON "customer_emails" USING btree ("customer_id","email_address");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_emails_primary_key" ON "customer_emails" USING btree ("customer_id") WHERE "customer_emails"."is_primary";--> statement-breakpoint
CREATE INDEX "customer_limit_reasons_customer_idx" ON "customer_limit_reasons" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_phones_customer_idx" ON "customer_phones" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_phones_primary_key" ON "customer_phones" USING btree ("customer_id") WHERE "customer_phones"."is_primary";--> statement-breakpoint
CREATE INDEX "kyc_requests_customer_idx" ON "kyc_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_documents_customer_idx" ON "uploaded_documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "uploaded_documents_document_idx" ON "uploaded_documents" USING btree ("document_id");