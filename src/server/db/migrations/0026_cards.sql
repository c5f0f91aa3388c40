CREATE TABLE "card_pin_reveals" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"approve_type" smallint NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_records" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"issuer" text DEFAULT 'built-in' NOT NULL,
	"masked_number" text NOT NULL,
	"number_sealed" text NOT NULL,
	"pin_sealed" text NOT NULL,
	"shipping_id" integer,
	"express_shipping" boolean DEFAULT false NOT NULL,
	"fee_account_id" integer NOT NULL,
	"application_fee_minor" bigint DEFAULT 0 NOT NULL,
	"application_key" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_change_key" text,
	"activated_at" timestamp with time zone,
	"activate_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_pin_reveals" ADD CONSTRAINT "card_pin_reveals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_pin_reveals" ADD CONSTRAINT "card_pin_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_records" ADD CONSTRAINT "card_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_pin_reveals_account_idx" ON "card_pin_reveals" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_records_application_key" ON "card_records" USING btree ("customer_id","application_key");--> statement-breakpoint
CREATE INDEX "card_records_customer_idx" ON "card_records" USING btree ("customer_id");