CREATE TABLE "mass_batch_rows" (
	"batch_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"order_id" integer NOT NULL,
	"payee" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "mass_batch_rows_batch_id_line_number_pk" PRIMARY KEY("batch_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "mass_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mass_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 910001 CACHE 1),
	"customer_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"from_account_id" integer NOT NULL,
	"currency_code" char(3) NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"row_count" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mass_batches_source_check" CHECK ("mass_batches"."source" in ('file', 'text'))
);
--> statement-breakpoint
CREATE TABLE "beneficiaries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "beneficiaries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 920001 CACHE 1),
	"customer_id" integer NOT NULL,
	"transfer_type" text NOT NULL,
	"permission" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"country_code" char(2),
	"currency_code" char(3),
	"destination" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiaries_permission_check" CHECK ("beneficiaries"."permission" in ('own', '3d'))
);
--> statement-breakpoint
CREATE TABLE "external_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "external_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 930001 CACHE 1),
	"customer_id" integer NOT NULL,
	"masked_card_number" text NOT NULL,
	"bin_number" char(6) NOT NULL,
	"fingerprint" text NOT NULL,
	"card_holder_name" text NOT NULL,
	"card_brand" text,
	"country_code" char(2),
	"expiry_month" smallint,
	"expiry_year" smallint,
	"permission" text DEFAULT '3d' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 910001 CACHE 1),
	"customer_id" integer NOT NULL,
	"template_name" text NOT NULL,
	"transfer_type" text NOT NULL,
	"permission" text NOT NULL,
	"beneficiary_name" text,
	"country_code" char(2),
	"currency_code" char(3),
	"amount_minor" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_templates_permission_check" CHECK ("payment_templates"."permission" in ('own', '3d'))
);
--> statement-breakpoint
ALTER TABLE "transfer_orders" DROP CONSTRAINT "transfer_orders_status_check";--> statement-breakpoint
ALTER TABLE "mass_batch_rows" ADD CONSTRAINT "mass_batch_rows_batch_id_mass_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."mass_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_batch_rows" ADD CONSTRAINT "mass_batch_rows_order_id_transfer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."transfer_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_batches" ADD CONSTRAINT "mass_batches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_batches" ADD CONSTRAINT "mass_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_batches" ADD CONSTRAINT "mass_batches_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_cards" ADD CONSTRAINT "external_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_templates" ADD CONSTRAINT "payment_templates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mass_batch_rows_order_key" ON "mass_batch_rows" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mass_batches_idempotency_key" ON "mass_batches" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "mass_batches_customer_idx" ON "mass_batches" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_destination_key" ON "beneficiaries" USING btree ("customer_id","transfer_type","destination");--> statement-breakpoint
CREATE UNIQUE INDEX "external_cards_fingerprint_key" ON "external_cards" USING btree ("customer_id","fingerprint");--> statement-breakpoint
CREATE INDEX "external_cards_customer_idx" ON "external_cards" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_templates_name_key" ON "payment_templates" USING btree ("customer_id","template_name");--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_status_check" CHECK ("transfer_orders"."status" in ('completed', 'awaitingCode', 'awaitingApprover', 'heldForClaim', 'declined', 'expired', 'failed', 'pending', 'settled', 'returned'));