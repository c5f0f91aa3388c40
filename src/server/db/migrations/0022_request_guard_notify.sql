-- The request guards cache (src/server/rpc/request-guards.ts): every instance keeps the
-- per-customer guard data (IP whitelist, pending terms, blocked, permissions) and the sign-ins
-- known not revoked in memory, and forgets them when a row they were read from changes. The
-- triggers send the change on the realtime NOTIFY channel, whatever wrote it (a handler, a
-- job, an operator's SQL), on commit, to every instance (realtime/hub.ts).
CREATE FUNCTION portal_request_guard_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  message jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'legal_terms' THEN
    message := jsonb_build_object('all', true);
  ELSIF TG_TABLE_NAME = 'refresh_tokens' THEN
    message := jsonb_build_object('familyId', changed.family_id);
  ELSIF TG_TABLE_NAME = 'customers' THEN
    message := jsonb_build_object('customerId', changed.id);
  ELSE
    message := jsonb_build_object('customerId', changed.customer_id);
  END IF;
  PERFORM pg_notify('portal_realtime',
    jsonb_build_object('channel', 'guards', 'message', message)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ip_whitelist_entries_guard AFTER INSERT OR UPDATE OR DELETE ON ip_whitelist_entries
  FOR EACH ROW EXECUTE FUNCTION portal_request_guard_changed();
--> statement-breakpoint
CREATE TRIGGER security_settings_guard AFTER INSERT OR UPDATE OR DELETE ON security_settings
  FOR EACH ROW EXECUTE FUNCTION portal_request_guard_changed();
--> statement-breakpoint
CREATE TRIGGER terms_acceptances_guard AFTER INSERT OR UPDATE OR DELETE ON terms_acceptances
  FOR EACH ROW EXECUTE FUNCTION portal_request_guard_changed();
--> statement-breakpoint
CREATE TRIGGER customer_brands_guard AFTER INSERT OR UPDATE OR DELETE ON customer_brands
  FOR EACH ROW EXECUTE FUNCTION portal_request_guard_changed();
--> statement-breakpoint
CREATE TRIGGER legal_terms_guard AFTER INSERT OR UPDATE OR DELETE ON legal_terms
  FOR EACH ROW EXECUTE FUNCTION portal_request_guard_changed();
--> statement-breakpoint
CREATE TRIGGER customers_guard AFTER UPDATE ON customers FOR EACH ROW
  WHEN (OLD.blocked_at IS DISTINCT FROM NEW.blocked_at
    OR OLD.permissions IS DISTINCT FROM NEW.permissions
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION portal_request_guard_changed();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_guard AFTER UPDATE ON refresh_tokens FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION portal_request_guard_changed();
