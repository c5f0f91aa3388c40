CREATE TABLE "fatca_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fatca_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 150001 CACHE 1),
	"certification_id" integer NOT NULL,
	"form" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"decided_by" integer NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fatca_decisions_form_check" CHECK ("fatca_decisions"."form" in ('selfCertification', 'w8Ben', 'w9', 'lossOfNationality')),
	CONSTRAINT "fatca_decisions_action_check" CHECK ("fatca_decisions"."action" in ('validated', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "fatca_decisions" ADD CONSTRAINT "fatca_decisions_certification_id_fatca_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."fatca_certifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatca_decisions" ADD CONSTRAINT "fatca_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fatca_decisions_certification_idx" ON "fatca_decisions" USING btree ("certification_id");