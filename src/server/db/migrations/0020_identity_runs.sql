ALTER TABLE "kyc_requests" DROP CONSTRAINT "kyc_requests_provider_check";--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "selfie_file_id" integer;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "document_file_id" integer;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_selfie_file_id_stored_files_id_fk" FOREIGN KEY ("selfie_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_document_file_id_stored_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_requests_run_key" ON "kyc_requests" USING btree ("provider","workflow_run_id");--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_provider_check" CHECK ("kyc_requests"."provider" in ('jmo', 'nfd', 'builtIn'));