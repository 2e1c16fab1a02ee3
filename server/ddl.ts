/** Idempotent DDL, run at every startup. Mirrors `server/schema.ts`. */
export const DDL = `
CREATE TABLE IF NOT EXISTS seller (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  timezone text NOT NULL,
  currency text NOT NULL,
  public_identity_id text NOT NULL
);
CREATE TABLE IF NOT EXISTS venue (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  name text NOT NULL,
  timezone text NOT NULL
);
CREATE TABLE IF NOT EXISTS image (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  title text NOT NULL,
  hue integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL
);
CREATE TABLE IF NOT EXISTS event_template (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  venue_id text NOT NULL,
  name text NOT NULL,
  subtitle text,
  summary text,
  description text,
  category text,
  event_type text NOT NULL,
  hidden_type text NOT NULL,
  rank integer NOT NULL
);
CREATE TABLE IF NOT EXISTS message_rule (
  id text PRIMARY KEY,
  event_template_id text NOT NULL,
  rank integer NOT NULL,
  actions jsonb NOT NULL,
  triggers jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS message_rule_event_idx ON message_rule (event_template_id);
CREATE TABLE IF NOT EXISTS meta (
  id text PRIMARY KEY,
  resource text NOT NULL,
  resource_id text NOT NULL,
  key text NOT NULL,
  value text NOT NULL
);
CREATE INDEX IF NOT EXISTS meta_resource_idx ON meta (resource_id);
CREATE TABLE IF NOT EXISTS config (
  id text PRIMARY KEY,
  resource text NOT NULL,
  resource_id text NOT NULL,
  key text NOT NULL,
  value jsonb
);
CREATE INDEX IF NOT EXISTS config_resource_idx ON config (resource_id);
CREATE TABLE IF NOT EXISTS ticket_group (
  id text PRIMARY KEY,
  event_template_id text NOT NULL,
  name text NOT NULL,
  description text,
  handler text NOT NULL,
  hidden_type text NOT NULL,
  min_tickets_per_order integer,
  max_tickets_per_order integer,
  capacity integer NOT NULL DEFAULT -1,
  oversell_capacity integer NOT NULL DEFAULT 0,
  used_capacity integer NOT NULL DEFAULT 0,
  exclude_from_event_capacity boolean NOT NULL DEFAULT false,
  rank integer NOT NULL
);
CREATE TABLE IF NOT EXISTS ticket_type (
  id text PRIMARY KEY,
  ticket_group_id text NOT NULL,
  event_template_id text NOT NULL,
  name text NOT NULL,
  description text,
  summary text,
  amount_cents integer NOT NULL,
  amount_min_cents integer,
  amount_max_cents integer,
  discounted_cents integer,
  fee_fixed_cents integer,
  fee_percent_bp integer,
  rank integer NOT NULL
);
CREATE TABLE IF NOT EXISTS event_session (
  id text PRIMARY KEY,
  event_template_id text NOT NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  capacity integer NOT NULL DEFAULT -1,
  oversell_capacity integer NOT NULL DEFAULT 0,
  used_capacity integer NOT NULL DEFAULT 0,
  sales_start timestamptz,
  sales_end timestamptz
);
CREATE INDEX IF NOT EXISTS event_session_event_start_idx ON event_session (event_template_id, start_at);
CREATE TABLE IF NOT EXISTS session_price (
  event_session_id text NOT NULL,
  ticket_type_id text NOT NULL,
  amount_cents integer NOT NULL,
  PRIMARY KEY (event_session_id, ticket_type_id)
);
CREATE TABLE IF NOT EXISTS identity (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  type text NOT NULL,
  first_name text,
  last_name text,
  email text,
  created_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS cart (
  id text PRIMARY KEY,
  cart_number text NOT NULL UNIQUE,
  seller_id text NOT NULL,
  identity_id text NOT NULL,
  state text NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL
);
ALTER TABLE cart ADD COLUMN IF NOT EXISTS hold_extensions integer NOT NULL DEFAULT 0;
ALTER TABLE cart ADD COLUMN IF NOT EXISTS more_time integer NOT NULL DEFAULT 0;
ALTER TABLE cart ADD COLUMN IF NOT EXISTS pay_attempt integer NOT NULL DEFAULT 0;
ALTER TABLE cart ADD COLUMN IF NOT EXISTS pay_started_at timestamptz;
ALTER TABLE cart ADD COLUMN IF NOT EXISTS pay_amount_cents integer;
-- The buyer's language (issue 26): one of the seller's offered locales, kept when the cart pays; its emails use it.
ALTER TABLE cart ADD COLUMN IF NOT EXISTS locale text;
CREATE INDEX IF NOT EXISTS cart_state_expires_idx ON cart (state, expires_at);
CREATE TABLE IF NOT EXISTS ticket (
  id text PRIMARY KEY,
  cart_id text NOT NULL,
  state text NOT NULL,
  event_session_id text,
  event_template_id text NOT NULL,
  ticket_type_id text NOT NULL,
  ticket_group_id text NOT NULL,
  ticket_order_id text,
  handler text NOT NULL,
  face_value_cents integer NOT NULL,
  adjusted_value_cents integer NOT NULL,
  valid_from timestamptz,
  valid_to timestamptz,
  admit_name text,
  admit_email text,
  created_at timestamptz NOT NULL
);
ALTER TABLE ticket ADD COLUMN IF NOT EXISTS additional_info jsonb;
ALTER TABLE ticket_group ADD COLUMN IF NOT EXISTS start_policy text;
ALTER TABLE ticket_group ADD COLUMN IF NOT EXISTS start_policy_date text;
ALTER TABLE ticket_group ADD COLUMN IF NOT EXISTS duration_new text;
CREATE INDEX IF NOT EXISTS ticket_cart_idx ON ticket (cart_id);
CREATE INDEX IF NOT EXISTS ticket_order_idx ON ticket (ticket_order_id);
CREATE TABLE IF NOT EXISTS ticket_order (
  id text PRIMARY KEY,
  order_number text NOT NULL UNIQUE,
  cart_id text NOT NULL UNIQUE,
  identity_id text NOT NULL,
  seller_id text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS payment (
  id text PRIMARY KEY,
  cart_id text NOT NULL,
  ticket_order_id text,
  gateway_id text NOT NULL,
  amount_cents integer NOT NULL,
  reference text,
  state text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS payment_intent (
  id text PRIMARY KEY,
  cart_id text NOT NULL,
  amount_cents integer NOT NULL,
  client_secret text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS payment_cart_idx ON payment (cart_id);
CREATE INDEX IF NOT EXISTS payment_intent_cart_idx ON payment_intent (cart_id);
CREATE TABLE IF NOT EXISTS gateway_charge (
  idempotency_key text PRIMARY KEY,
  id text NOT NULL UNIQUE,
  cart_id text NOT NULL,
  amount_cents integer NOT NULL,
  status text NOT NULL,
  message text,
  intent_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS gateway_charge_cart_idx ON gateway_charge (cart_id);
CREATE TABLE IF NOT EXISTS outbox (
  id text PRIMARY KEY,
  seller_id text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS outbox_seller_idx ON outbox (seller_id);
-- Delivery (server/mail/sender.ts): rendered parts, write order, state, attempts, lease and back-off.
CREATE SEQUENCE IF NOT EXISTS outbox_seq;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS html text;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS attachments jsonb;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS seq bigint NOT NULL DEFAULT nextval('outbox_seq');
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'queued';
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS next_attempt_at timestamptz;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS claimed_until timestamptz;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS sent_at timestamptz;
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS last_error text;
CREATE INDEX IF NOT EXISTS outbox_pending_idx ON outbox (seq) WHERE status IN ('queued', 'sending');
CREATE INDEX IF NOT EXISTS ticket_session_idx ON ticket (event_session_id);
CREATE INDEX IF NOT EXISTS ticket_group_event_idx ON ticket_group (event_template_id);
CREATE INDEX IF NOT EXISTS ticket_type_group_idx ON ticket_type (ticket_group_id);
CREATE INDEX IF NOT EXISTS identity_seller_idx ON identity (seller_id);
-- Aborts the statement that calls it (and so undoes all its writes): a reserve refused for lack of capacity.
CREATE OR REPLACE FUNCTION tix_refuse(reason text, id text) RETURNS boolean LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'tix_refused:%:%', reason, id;
END
$fn$;
`;
