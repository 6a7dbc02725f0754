import request from "supertest";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../src/db.js", () => ({
  insertPayment: vi.fn(),
  findPayment: vi.fn(),
  getPool: vi.fn(() => ({ query: vi.fn().mockResolvedValue({ rows: [] }) })),
}));
vi.mock("../src/queue.js", () => ({ publishSettlement: vi.fn() }));
vi.mock("../src/redis.js", () => ({ lookupIdempotencyKey: vi.fn(), rememberIdempotencyKey: vi.fn() }));

import { findPayment, insertPayment, type PaymentRow } from "../src/db.js";
import { publishSettlement } from "../src/queue.js";
import { lookupIdempotencyKey } from "../src/redis.js";
import { createApp } from "../src/server.js";

const merchantId = "3f1c9a52-8d1e-4c4b-9a61-0f2b7f1d2c3e";
const row: PaymentRow = {
  id: "9b2d6c1e-5a7f-4e3b-8c2d-1a0f9e8d7c6b",
  merchant_id: merchantId,
  amount_cents: 4599,
  currency: "USD",
  status: "pending",
  created_at: new Date("2024-06-01T12:00:00Z"),
};

describe("POST /v1/payments", () => {
  const app = createApp();

  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(lookupIdempotencyKey).mockResolvedValue(null);
    vi.mocked(insertPayment).mockResolvedValue(row);
  });

  it("requires an Idempotency-Key header", async () => {
    const res = await request(app).post("/v1/payments").send({ merchantId, amountCents: 100, currency: "USD" });
    expect(res.status).toBe(400);
  });

  it("rejects a malformed body", async () => {
    const res = await request(app)
      .post("/v1/payments")
      .set("Idempotency-Key", "k-1")
      .send({ merchantId: "nope", amountCents: -5, currency: "usd" });
    expect(res.status).toBe(422);
    expect(insertPayment).not.toHaveBeenCalled();
  });

  it("creates a payment and requests settlement", async () => {
    const res = await request(app)
      .post("/v1/payments")
      .set("Idempotency-Key", "k-2")
      .send({ merchantId, amountCents: 4599, currency: "USD" });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(row.id);
    expect(publishSettlement).toHaveBeenCalledWith(expect.objectContaining({ paymentId: row.id, amountCents: 4599 }));
  });

  it("replays the original payment for a repeated key", async () => {
    vi.mocked(lookupIdempotencyKey).mockResolvedValue(row.id);
    vi.mocked(findPayment).mockResolvedValue(row);
    const res = await request(app)
      .post("/v1/payments")
      .set("Idempotency-Key", "k-2")
      .send({ merchantId, amountCents: 4599, currency: "USD" });
    expect(res.status).toBe(200);
    expect(insertPayment).not.toHaveBeenCalled();
    expect(publishSettlement).not.toHaveBeenCalled();
  });
});
