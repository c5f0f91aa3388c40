-- The customer's language (issue 16): mails sent later are written in it. The request guards
-- cache (src/server/rpc/request-guards.ts) holds it too, so its trigger also announces a change
-- of language.
ALTER TABLE "customers" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
DROP TRIGGER customers_guard ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_guard AFTER UPDATE ON customers FOR EACH ROW
  WHEN (OLD.blocked_at IS DISTINCT FROM NEW.blocked_at
    OR OLD.permissions IS DISTINCT FROM NEW.permissions
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.lang IS DISTINCT FROM NEW.lang)
  EXECUTE FUNCTION portal_request_guard_changed();
