CREATE TABLE "contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 190001 CACHE 1),
	"status" text NOT NULL,
	"company_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"initiator_id" integer NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"sender_signer_name" text,
	"sender_obligations" jsonb NOT NULL,
	"beneficiary_signer_name" text,
	"beneficiary_obligations" jsonb NOT NULL,
	"note" text,
	"active_from" date NOT NULL,
	"active_to" date,
	"sender_signed_at" timestamp with time zone,
	"sender_signed_by" integer,
	"beneficiary_signed_at" timestamp with time zone,
	"beneficiary_signed_by" integer,
	"identification_status" text DEFAULT 'NEW' NOT NULL,
	"terminate_requested_by" integer,
	"terminate_note" text,
	"terminate_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('ACTIVE', 'EXPIRED', 'TERMINATED', 'TERMINATING', 'UNSIGNED', 'WAITING', 'CANCELLED', 'REJECTED', 'SIGNED', 'NEED_IDENTIFICATION')),
	CONSTRAINT "contracts_identification_status_check" CHECK ("contracts"."identification_status" in ('NEW', 'PROCESSING', 'SUCCESS', 'FAILED')),
	CONSTRAINT "contracts_percentage_check" CHECK ("contracts"."percentage" > 0 and "contracts"."percentage" <= 100),
	CONSTRAINT "contracts_parties_check" CHECK ("contracts"."sender_id" <> "contracts"."beneficiary_id")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_customers_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_sender_id_customers_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_beneficiary_id_customers_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_initiator_id_customers_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_sender_signed_by_users_id_fk" FOREIGN KEY ("sender_signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_beneficiary_signed_by_users_id_fk" FOREIGN KEY ("beneficiary_signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_terminate_requested_by_customers_id_fk" FOREIGN KEY ("terminate_requested_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_sender_idx" ON "contracts" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "contracts_beneficiary_idx" ON "contracts" USING btree ("beneficiary_id");