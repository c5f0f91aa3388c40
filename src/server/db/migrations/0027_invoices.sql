CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 160001 CACHE 1),
	"payee_customer_id" integer NOT NULL,
	"payee_account_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"payer_email" text NOT NULL,
	"payer_customer_id" integer,
	"payer_account_id" integer,
	"currency_code" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"note_body" text,
	"due_date" date,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"reject_note" text,
	"is_funding" boolean DEFAULT false NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"order_id" integer,
	"pdf_file_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status_id" between 1 and 4),
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payee_customer_id_customers_id_fk" FOREIGN KEY ("payee_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payer_customer_id_customers_id_fk" FOREIGN KEY ("payer_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_transfer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."transfer_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pdf_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_payee_idx" ON "invoices" USING btree ("payee_customer_id","sent_at");--> statement-breakpoint
CREATE INDEX "invoices_payer_customer_idx" ON "invoices" USING btree ("payer_customer_id","sent_at");--> statement-breakpoint
CREATE INDEX "invoices_payer_email_idx" ON "invoices" USING btree ("payer_email");