CREATE TABLE "crypto_wallets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crypto_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 640001 CACHE 1),
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"currency_code" char(3) NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"posted_minor" bigint DEFAULT 0 NOT NULL,
	"pending_debit_minor" bigint DEFAULT 0 NOT NULL,
	"pending_credit_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balances_pending_debit_check" CHECK ("ledger_balances"."pending_debit_minor" <= 0),
	CONSTRAINT "ledger_balances_pending_credit_check" CHECK ("ledger_balances"."pending_credit_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "p2p_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "p2p_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 620001 CACHE 1),
	"order_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_instruction_views" (
	"instruction_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_instruction_views_instruction_id_user_id_pk" PRIMARY KEY("instruction_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "payment_instructions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_instructions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 630001 CACHE 1),
	"account_id" integer NOT NULL,
	"bank_account_number" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_address" text NOT NULL,
	"swift" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_approval_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_approval_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 810001 CACHE 1),
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"order_ids" jsonb NOT NULL,
	"declined" boolean DEFAULT false NOT NULL,
	"approve_type" smallint NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"idempotency_key" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 700001 CACHE 1),
	"customer_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer,
	"to_email" text,
	"to_customer_id" integer,
	"currency_code" char(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"to_currency_code" char(3) NOT NULL,
	"to_amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"rate" text DEFAULT '1' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"approve_type" smallint DEFAULT 0 NOT NULL,
	"ledger_transfer_id" bigint,
	"subscription_id" integer,
	"result" jsonb,
	"decided_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "transfer_orders_status_check" CHECK ("transfer_orders"."status" in ('completed', 'awaitingCode', 'awaitingApprover', 'heldForClaim', 'declined', 'expired', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "transfer_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 610001 CACHE 1),
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer,
	"to_email" text,
	"request" jsonb NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" char(3) NOT NULL,
	"frequency" text NOT NULL,
	"end_date" date,
	"runs_total" integer,
	"runs_done" integer DEFAULT 0 NOT NULL,
	"user_can_cancel" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_run_at" timestamp with time zone,
	"failed_runs_in_a_row" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_subscriptions_status_check" CHECK ("transfer_subscriptions"."status" in ('active', 'finished', 'canceled', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "crypto_wallets" ADD CONSTRAINT "crypto_wallets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_wallets" ADD CONSTRAINT "crypto_wallets_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_claims" ADD CONSTRAINT "p2p_claims_order_id_transfer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."transfer_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instruction_views" ADD CONSTRAINT "payment_instruction_views_instruction_id_payment_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."payment_instructions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instruction_views" ADD CONSTRAINT "payment_instruction_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instructions" ADD CONSTRAINT "payment_instructions_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_approval_codes" ADD CONSTRAINT "transfer_approval_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_approval_codes" ADD CONSTRAINT "transfer_approval_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_to_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_to_customer_id_customers_id_fk" FOREIGN KEY ("to_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_subscriptions" ADD CONSTRAINT "transfer_subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_subscriptions" ADD CONSTRAINT "transfer_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_subscriptions" ADD CONSTRAINT "transfer_subscriptions_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_subscriptions" ADD CONSTRAINT "transfer_subscriptions_to_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_wallets_address_key" ON "crypto_wallets" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_wallets_account_currency_key" ON "crypto_wallets" USING btree ("account_id","currency_code");--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_claims_order_key" ON "p2p_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "p2p_claims_email_idx" ON "p2p_claims" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instructions_account_key" ON "payment_instructions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "transfer_approval_codes_customer_idx" ON "transfer_approval_codes" USING btree ("customer_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_orders_idempotency_key" ON "transfer_orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "transfer_orders_customer_idx" ON "transfer_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_orders_status_idx" ON "transfer_orders" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "transfer_subscriptions_customer_idx" ON "transfer_subscriptions" USING btree ("customer_id");