import { Router } from "express";
import { z } from "zod";
import { findPayment, insertPayment } from "../db.js";
import { logger } from "../logger.js";
import { publishSettlement } from "../queue.js";
import { lookupIdempotencyKey, rememberIdempotencyKey } from "../redis.js";

const CreatePayment = z.object({
  merchantId: z.string().uuid(),
  amountCents: z.number().int().positive().max(10_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/, "ISO 4217 code, upper case"),
});

const PaymentId = z.string().uuid();

export const paymentsRouter = Router();

paymentsRouter.post("/", async (req, res, next) => {
  try {
    const key = req.header("Idempotency-Key");
    if (!key) return res.status(400).json({ error: "Idempotency-Key header is required" });

    const body = CreatePayment.safeParse(req.body);
    if (!body.success) return res.status(422).json({ error: "invalid_request", issues: body.error.issues });

    const existingId = await lookupIdempotencyKey(key);
    if (existingId) {
      const existing = await findPayment(existingId);
      if (existing) return res.status(200).json(existing);
    }

    const payment = await insertPayment({ ...body.data, idempotencyKey: key });
    await rememberIdempotencyKey(key, payment.id);
    await publishSettlement({
      type: "settlement.requested",
      paymentId: payment.id,
      merchantId: payment.merchant_id,
      amountCents: payment.amount_cents,
      currency: payment.currency,
    });
    logger.info({ paymentId: payment.id, merchantId: payment.merchant_id }, "payment created");
    return res.status(201).json(payment);
  } catch (err) {
    return next(err);
  }
});

paymentsRouter.get("/:id", async (req, res, next) => {
  try {
    const id = PaymentId.safeParse(req.params.id);
    if (!id.success) return res.status(404).json({ error: "not_found" });
    const payment = await findPayment(id.data);
    if (!payment) return res.status(404).json({ error: "not_found" });
    return res.json(payment);
  } catch (err) {
    return next(err);
  }
});
