import { SQSClient, SendMessageCommand } from "@aws-sdk/client-sqs";

const sqs = new SQSClient({ region: process.env.AWS_REGION ?? "us-east-1" });

export interface SettlementRequested {
  type: "settlement.requested";
  paymentId: string;
  merchantId: string;
  amountCents: number;
  currency: string;
}

/**
 * Hands a payment to the settlement worker. The queue is FIFO: messages for one merchant stay
 * in order, and the payment id deduplicates retries within SQS's five-minute window.
 */
export async function publishSettlement(
  event: SettlementRequested,
  queueUrl = process.env.SETTLEMENT_QUEUE_URL,
): Promise<void> {
  if (!queueUrl) throw new Error("SETTLEMENT_QUEUE_URL is not set");
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(event),
      MessageGroupId: event.merchantId,
      MessageDeduplicationId: event.paymentId,
    }),
  );
}
