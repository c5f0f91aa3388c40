CREATE TABLE "refused_orders" (
	"customer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refused_orders_customer_id_idempotency_key_pk" PRIMARY KEY("customer_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "refused_orders" ADD CONSTRAINT "refused_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;