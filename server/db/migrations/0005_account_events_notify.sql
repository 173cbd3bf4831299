-- A signed-in customer's screens update live: every balance change and every change to one of
-- their OTP orders announces the user on 'account_events' at commit, from any instance or code
-- path. Payload: {"u": user id, "k": "balance" | "otp"}; screens re-read what changed.
CREATE OR REPLACE FUNCTION keyshop_notify_balance_changed() RETURNS trigger AS $$
BEGIN
  IF NEW.balance_mills IS DISTINCT FROM OLD.balance_mills THEN
    PERFORM pg_notify('account_events', json_build_object('u', NEW.user_id, 'k', 'balance')::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER api_keys_notify_balance
AFTER UPDATE OF balance_mills ON api_keys
FOR EACH ROW EXECUTE FUNCTION keyshop_notify_balance_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyshop_notify_otp_order_changed() RETURNS trigger AS $$
BEGIN
  IF NEW.user_id IS NOT NULL THEN
    PERFORM pg_notify('account_events', json_build_object('u', NEW.user_id, 'k', 'otp')::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER otp_mail_orders_notify_change
AFTER INSERT OR UPDATE ON otp_mail_orders
FOR EACH ROW EXECUTE FUNCTION keyshop_notify_otp_order_changed();
