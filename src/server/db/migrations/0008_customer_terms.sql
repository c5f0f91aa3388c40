CREATE TABLE "customer_brands" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"label" text NOT NULL,
	"text" text,
	"url" text,
	"effective_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_terms_version_unique" UNIQUE("brand_id","key","version"),
	CONSTRAINT "legal_terms_version_check" CHECK ("legal_terms"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"customer_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ip" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_acceptances_customer_id_term_id_pk" PRIMARY KEY("customer_id","term_id")
);
--> statement-breakpoint
ALTER TABLE "customer_brands" ADD CONSTRAINT "customer_brands_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_term_id_legal_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."legal_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_terms_brand_idx" ON "legal_terms" USING btree ("brand_id","effective_from");