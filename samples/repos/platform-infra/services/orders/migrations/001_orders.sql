CREATE TABLE IF NOT EXISTS orders (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id text        NOT NULL,
  total_cents bigint      NOT NULL CHECK (total_cents > 0),
  currency    char(3)     NOT NULL,
  status      text        NOT NULL DEFAULT 'placed',
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS orders_customer_created_idx ON orders (customer_id, created_at DESC);
