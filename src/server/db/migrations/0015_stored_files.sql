CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 120001 CACHE 1),
	"customer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_content_type_check" CHECK ("stored_files"."content_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size_bytes" between 1 and 10485760)
);
--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_customer_idx" ON "stored_files" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "stored_files_sha256_idx" ON "stored_files" USING btree ("sha256");--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;