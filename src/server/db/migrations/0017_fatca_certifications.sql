CREATE TABLE "fatca_certifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fatca_certifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 140001 CACHE 1),
	"customer_id" integer NOT NULL,
	"representative_id" integer,
	"kind" text NOT NULL,
	"answers" jsonb NOT NULL,
	"self_certification_file_id" integer,
	"w8ben_file_id" integer,
	"w9_file_id" integer,
	"loss_of_nationality_file_id" integer,
	"loss_of_nationality_issued_on" date,
	"self_certification_status" text,
	"w8ben_status" text,
	"w9_status" text,
	"loss_of_nationality_status" text,
	"declared_by_user_id" integer NOT NULL,
	"declared_ip" text NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fatca_certifications_kind_check" CHECK ("fatca_certifications"."kind" in ('personal', 'business', 'representative') and ("fatca_certifications"."kind" = 'representative') = ("fatca_certifications"."representative_id" is not null)),
	CONSTRAINT "fatca_certifications_self_status_check" CHECK (self_certification_status is null or self_certification_status in ('validated', 'pending', 'none', 'notRequired', 'rejected', 'expiredSoon')),
	CONSTRAINT "fatca_certifications_w8ben_status_check" CHECK (w8ben_status is null or w8ben_status in ('validated', 'pending', 'none', 'notRequired', 'rejected', 'expiredSoon')),
	CONSTRAINT "fatca_certifications_w9_status_check" CHECK (w9_status is null or w9_status in ('validated', 'pending', 'none', 'notRequired', 'rejected', 'expiredSoon')),
	CONSTRAINT "fatca_certifications_lon_status_check" CHECK (loss_of_nationality_status is null or loss_of_nationality_status in ('validated', 'pending', 'none', 'notRequired', 'rejected', 'expiredSoon'))
);
--> statement-breakpoint
ALTER TABLE "fatca_certifications" ADD CONSTRAINT "fatca_certifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatca_certifications" ADD CONSTRAINT "fatca_certifications_representative_id_business_representatives_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."business_representatives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatca_certifications" ADD CONSTRAINT "fatca_certifications_self_certification_file_id_stored_files_id_fk" FOREIGN KEY ("self_certification_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatca_certifications" ADD CONSTRAINT "fatca_certifications_w8ben_file_id_stored_files_id_fk" FOREIGN KEY ("w8ben_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatca_certifications" ADD CONSTRAINT "fatca_certifications_w9_file_id_stored_files_id_fk" FOREIGN KEY ("w9_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatca_certifications" ADD CONSTRAINT "fatca_certifications_loss_of_nationality_file_id_stored_files_id_fk" FOREIGN KEY ("loss_of_nationality_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatca_certifications" ADD CONSTRAINT "fatca_certifications_declared_by_user_id_users_id_fk" FOREIGN KEY ("declared_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fatca_certifications_customer_key" ON "fatca_certifications" USING btree ("customer_id") WHERE "fatca_certifications"."representative_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fatca_certifications_representative_key" ON "fatca_certifications" USING btree ("representative_id") WHERE "fatca_certifications"."representative_id" is not null;