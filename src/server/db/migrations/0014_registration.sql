CREATE TABLE "business_company_directors" (
	"company_representative_id" integer NOT NULL,
	"director_representative_id" integer NOT NULL,
	CONSTRAINT "business_company_directors_company_representative_id_director_representative_id_pk" PRIMARY KEY("company_representative_id","director_representative_id")
);
--> statement-breakpoint
CREATE TABLE "business_profiles" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"trading_name" text,
	"registration_number" text NOT NULL,
	"registration_date" date,
	"registration_country_code" char(2) NOT NULL,
	"no_tax_id" boolean DEFAULT false NOT NULL,
	"tin_missing_reason" text,
	"tin_missing_explanation" text,
	"website" text,
	"description" text,
	"financial_detail" jsonb NOT NULL,
	"due_diligence" jsonb NOT NULL,
	"legal_information" jsonb NOT NULL,
	"additional_question_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"authorized_representative_id" integer,
	"authorized_representative_position" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_representatives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_representatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 110001 CACHE 1),
	"company_customer_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"first_name" text,
	"last_name" text,
	"birthday" date,
	"company_name" text,
	"trading_name" text,
	"registration_number" text,
	"registration_date" date,
	"registration_country_code" char(2),
	"website" text,
	"description" text,
	"email" text,
	"phone_country_code" text,
	"phone_number" text,
	"address" jsonb,
	"place_of_business" jsonb,
	"tax_id" text,
	"no_tax_id" boolean DEFAULT false NOT NULL,
	"tin_missing_reason" text,
	"tin_missing_explanation" text,
	"sources_of_funds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_representatives_type_check" CHECK ("business_representatives"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "business_shareholdings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_shareholdings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 120001 CACHE 1),
	"company_customer_id" integer NOT NULL,
	"parent_id" integer,
	"representative_id" integer NOT NULL,
	"share" numeric(9, 6) NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_shareholdings_share_check" CHECK ("business_shareholdings"."share" > 0 and "business_shareholdings"."share" <= 100)
);
--> statement-breakpoint
CREATE TABLE "customer_registrations" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"registration_type" text NOT NULL,
	"tin_missing_reason" text,
	"tin_missing_explanation" text,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_registrations_kind_check" CHECK ("customer_registrations"."kind" in ('personal', 'business'))
);
--> statement-breakpoint
CREATE TABLE "captcha_redemptions" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_company_directors" ADD CONSTRAINT "business_company_directors_company_representative_id_business_representatives_id_fk" FOREIGN KEY ("company_representative_id") REFERENCES "public"."business_representatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_company_directors" ADD CONSTRAINT "business_company_directors_director_representative_id_business_representatives_id_fk" FOREIGN KEY ("director_representative_id") REFERENCES "public"."business_representatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_authorized_representative_id_business_representatives_id_fk" FOREIGN KEY ("authorized_representative_id") REFERENCES "public"."business_representatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_representatives" ADD CONSTRAINT "business_representatives_company_customer_id_customers_id_fk" FOREIGN KEY ("company_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_representatives" ADD CONSTRAINT "business_representatives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_shareholdings" ADD CONSTRAINT "business_shareholdings_company_customer_id_customers_id_fk" FOREIGN KEY ("company_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_shareholdings" ADD CONSTRAINT "business_shareholdings_parent_id_business_shareholdings_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."business_shareholdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_shareholdings" ADD CONSTRAINT "business_shareholdings_representative_id_business_representatives_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."business_representatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_registrations" ADD CONSTRAINT "customer_registrations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_representatives_company_idx" ON "business_representatives" USING btree ("company_customer_id");--> statement-breakpoint
CREATE INDEX "business_representatives_user_idx" ON "business_representatives" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_shareholdings_company_idx" ON "business_shareholdings" USING btree ("company_customer_id","parent_id");--> statement-breakpoint
CREATE INDEX "captcha_redemptions_expires_at_idx" ON "captcha_redemptions" USING btree ("expires_at");