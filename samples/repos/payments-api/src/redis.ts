import { Redis } from "ioredis";

const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

let client: Redis | undefined;

export function getRedis(url = process.env.REDIS_URL ?? "redis://localhost:6379"): Redis {
  client ??= new Redis(url, { maxRetriesPerRequest: 2 });
  return client;
}

/** The payment id already created for this Idempotency-Key, if any. */
export async function lookupIdempotencyKey(key: string): Promise<string | null> {
  return getRedis().get(`idem:${key}`);
}

/** Remembers the payment created for a key; the unique index in Postgres stays the final guard. */
export async function rememberIdempotencyKey(key: string, paymentId: string): Promise<void> {
  await getRedis().set(`idem:${key}`, paymentId, "EX", IDEMPOTENCY_TTL_SECONDS, "NX");
}
