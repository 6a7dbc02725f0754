import pg from "pg";
import { logger } from "./logger.js";

export type PaymentStatus = "pending" | "authorized" | "settled" | "failed";

export interface PaymentRow {
  id: string;
  merchant_id: string;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  created_at: Date;
}

export interface NewPayment {
  merchantId: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
}

let pool: pg.Pool | undefined;

export function getPool(connectionString = process.env.DATABASE_URL): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
    pool.on("error", (err) => logger.error({ err }, "idle postgres client error"));
  }
  return pool;
}

const COLUMNS = "id, merchant_id, amount_cents, currency, status, created_at";

export async function insertPayment(input: NewPayment): Promise<PaymentRow> {
  const { rows } = await getPool().query<PaymentRow>(
    `INSERT INTO payments (merchant_id, amount_cents, currency, idempotency_key, status)
     VALUES ($1, $2, $3, $4, 'pending')
     RETURNING ${COLUMNS}`,
    [input.merchantId, input.amountCents, input.currency, input.idempotencyKey],
  );
  const row = rows[0];
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findPayment(id: string): Promise<PaymentRow | undefined> {
  const { rows } = await getPool().query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [id]);
  return rows[0];
}

export async function closePool(): Promise<void> {
  await pool?.end();
  pool = undefined;
}
