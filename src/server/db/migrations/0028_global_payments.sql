CREATE TABLE "global_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "global_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 940001 CACHE 1),
	"order_id" integer NOT NULL,
	"email" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"country_code" char(2),
	"fee_is_ben" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"withdrawal" jsonb,
	"operation_id" text,
	"code_hash" text,
	"code_attempts" smallint DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"submit_key" text,
	"submit_result" jsonb,
	"approve_key" text,
	"approve_result" jsonb,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_payments_status_check" CHECK ("global_payments"."status" in ('waiting', 'submitted', 'paying', 'paid', 'refused', 'expired', 'returned'))
);
--> statement-breakpoint
ALTER TABLE "global_payments" ADD CONSTRAINT "global_payments_order_id_transfer_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."transfer_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "global_payments_order_key" ON "global_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "global_payments_secret_key" ON "global_payments" USING btree ("secret_hash");