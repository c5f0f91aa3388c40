CREATE TABLE "document_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 130001 CACHE 1),
	"customer_id" integer NOT NULL,
	"uploaded_document_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"details" jsonb,
	"decided_by" integer NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_decisions_action_check" CHECK ("document_decisions"."action" in ('confirmed', 'rejected', 'reassigned', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD COLUMN "main_upload_id" integer;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD COLUMN "representative_id" integer;--> statement-breakpoint
ALTER TABLE "document_decisions" ADD CONSTRAINT "document_decisions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_decisions" ADD CONSTRAINT "document_decisions_uploaded_document_id_uploaded_documents_id_fk" FOREIGN KEY ("uploaded_document_id") REFERENCES "public"."uploaded_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_decisions" ADD CONSTRAINT "document_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_decisions_upload_idx" ON "document_decisions" USING btree ("uploaded_document_id");--> statement-breakpoint
CREATE INDEX "document_decisions_customer_idx" ON "document_decisions" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_main_upload_id_uploaded_documents_id_fk" FOREIGN KEY ("main_upload_id") REFERENCES "public"."uploaded_documents"("id") ON DELETE no action ON UPDATE no action;