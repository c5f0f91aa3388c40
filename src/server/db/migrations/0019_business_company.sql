CREATE TABLE "business_declarations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 140001 CACHE 1),
	"company_customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_position" text,
	"platforms" jsonb,
	"signed_by_user_id" integer NOT NULL,
	"ip" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_declarations_kind_check" CHECK ("business_declarations"."kind" in ('resolution', 'studio', 'streamingPlatform', 'prohibitedEscort'))
);
--> statement-breakpoint
CREATE TABLE "business_representative_addresses" (
	"address_id" integer PRIMARY KEY NOT NULL,
	"representative_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_declarations" ADD CONSTRAINT "business_declarations_company_customer_id_customers_id_fk" FOREIGN KEY ("company_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_declarations" ADD CONSTRAINT "business_declarations_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_representative_addresses" ADD CONSTRAINT "business_representative_addresses_address_id_customer_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_representative_addresses" ADD CONSTRAINT "business_representative_addresses_representative_id_business_representatives_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."business_representatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_declarations_company_idx" ON "business_declarations" USING btree ("company_customer_id","kind","signed_at");--> statement-breakpoint
CREATE INDEX "business_representative_addresses_representative_idx" ON "business_representative_addresses" USING btree ("representative_id");