CREATE TABLE "global_pay_batch_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "global_pay_batch_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 960001 CACHE 1),
	"batch_id" integer NOT NULL,
	"line_number" integer,
	"amount_minor" bigint NOT NULL,
	"description" text,
	"beneficiary_type" text,
	"beneficiary_name" text NOT NULL,
	"beneficiary_email" text NOT NULL,
	"country_code" char(2) NOT NULL,
	"fee_share" text DEFAULT 'sender' NOT NULL,
	"method" text,
	"payment_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"forbidden_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_pay_batch_payments_fee_check" CHECK ("global_pay_batch_payments"."fee_share" in ('sender', 'beneficiary'))
);
--> statement-breakpoint
CREATE TABLE "global_pay_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "global_pay_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 950001 CACHE 1),
	"customer_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"from_account_id" integer NOT NULL,
	"currency_code" char(3) NOT NULL,
	"batch_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"route" text,
	"submit_key" text,
	"submit_result" jsonb,
	"approve_key" text,
	"approve_result" jsonb,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_pay_batches_status_check" CHECK ("global_pay_batches"."status" in ('draft', 'submitted', 'processing', 'rejected', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "global_pay_batch_payments" ADD CONSTRAINT "global_pay_batch_payments_batch_id_global_pay_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."global_pay_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_batch_payments" ADD CONSTRAINT "global_pay_batch_payments_order_id_transfer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."transfer_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_batches" ADD CONSTRAINT "global_pay_batches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_batches" ADD CONSTRAINT "global_pay_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_batches" ADD CONSTRAINT "global_pay_batches_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "global_pay_batch_payments_batch_idx" ON "global_pay_batch_payments" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "global_pay_batches_customer_idx" ON "global_pay_batches" USING btree ("customer_id","file_hash");