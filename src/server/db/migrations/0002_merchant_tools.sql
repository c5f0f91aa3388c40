CREATE TABLE "merchant_identity_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_identity_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 130001 CACHE 1),
	"customer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"fee_minor" bigint NOT NULL,
	"fee_currency_code" char(3) NOT NULL,
	"fee_transfer_id" bigint,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_identity_verifications_status_check" CHECK ("merchant_identity_verifications"."status" in ('pending', 'completed', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "merchant_installments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_installments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 160001 CACHE 1),
	"subscriber_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" char(3) NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merchant_installments_status_check" CHECK ("merchant_installments"."status" in ('paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "merchant_ipn_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_ipn_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 170001 CACHE 1),
	"customer_id" integer NOT NULL,
	"transaction_id" integer,
	"notify_url" text NOT NULL,
	"status_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"http_status" integer,
	"payload" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_ipn_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"notify_url" text,
	"notify_status_id" integer DEFAULT 1 NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"secret_sealed" text,
	"secret_hint" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_logos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_logos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 110001 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_logos_content_type_check" CHECK ("merchant_logos"."content_type" in ('image/png', 'image/jpeg', 'image/svg+xml')),
	CONSTRAINT "merchant_logos_size_check" CHECK ("merchant_logos"."size_bytes" between 1 and 2097152)
);
--> statement-breakpoint
CREATE TABLE "merchant_payment_buttons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_payment_buttons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 120001 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"account_id" integer NOT NULL,
	"item_name" text,
	"item_number" text,
	"amount_minor" bigint,
	"currency_code" char(3) NOT NULL,
	"logo_id" integer,
	"return_url" text,
	"cancel_url" text,
	"notify_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_payment_buttons_amount_check" CHECK ("merchant_payment_buttons"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "merchant_pbn_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"notify_url" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"secret_sealed" text,
	"secret_hint" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_reputation_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_reputation_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 140001 CACHE 1),
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"type" text DEFAULT 'reputation' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"limited" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"refund_count" integer DEFAULT 0 NOT NULL,
	"chargeback_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_subscribers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_subscribers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 150001 CACHE 1),
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"button_id" integer,
	"amount_minor" bigint NOT NULL,
	"currency_code" char(3) NOT NULL,
	"frequency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_date" date NOT NULL,
	"next_payment_date" date,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_subscribers_status_check" CHECK ("merchant_subscribers"."status" in ('active', 'cancelled')),
	CONSTRAINT "merchant_subscribers_frequency_check" CHECK ("merchant_subscribers"."frequency" in ('daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "merchant_identity_verifications" ADD CONSTRAINT "merchant_identity_verifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_identity_verifications" ADD CONSTRAINT "merchant_identity_verifications_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_identity_verifications" ADD CONSTRAINT "merchant_identity_verifications_fee_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("fee_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_installments" ADD CONSTRAINT "merchant_installments_subscriber_id_merchant_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."merchant_subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ipn_messages" ADD CONSTRAINT "merchant_ipn_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ipn_settings" ADD CONSTRAINT "merchant_ipn_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_logos" ADD CONSTRAINT "merchant_logos_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_payment_buttons" ADD CONSTRAINT "merchant_payment_buttons_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_payment_buttons" ADD CONSTRAINT "merchant_payment_buttons_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_payment_buttons" ADD CONSTRAINT "merchant_payment_buttons_logo_id_merchant_logos_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."merchant_logos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_pbn_settings" ADD CONSTRAINT "merchant_pbn_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_reputation_entries" ADD CONSTRAINT "merchant_reputation_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_subscribers" ADD CONSTRAINT "merchant_subscribers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_subscribers" ADD CONSTRAINT "merchant_subscribers_button_id_merchant_payment_buttons_id_fk" FOREIGN KEY ("button_id") REFERENCES "public"."merchant_payment_buttons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_identity_verifications_customer_idx" ON "merchant_identity_verifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_identity_verifications_key" ON "merchant_identity_verifications" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "merchant_installments_subscriber_idx" ON "merchant_installments" USING btree ("subscriber_id","paid_at");--> statement-breakpoint
CREATE INDEX "merchant_ipn_messages_customer_idx" ON "merchant_ipn_messages" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_logos_customer_idx" ON "merchant_logos" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_logos_default_key" ON "merchant_logos" USING btree ("customer_id") WHERE "merchant_logos"."is_default";--> statement-breakpoint
CREATE INDEX "merchant_payment_buttons_customer_idx" ON "merchant_payment_buttons" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_reputation_entries_email_key" ON "merchant_reputation_entries" USING btree ("customer_id","email");--> statement-breakpoint
CREATE INDEX "merchant_subscribers_customer_idx" ON "merchant_subscribers" USING btree ("customer_id","id");