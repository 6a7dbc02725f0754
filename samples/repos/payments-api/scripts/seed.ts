// Fills a local database with plausible payments for manual testing: `npm run seed -- 200`.
import { faker } from "@faker-js/faker";
import { closePool, getPool } from "../src/db.js";

const count = Number(process.argv[2] ?? 50);
const statuses = ["pending", "authorized", "settled", "failed"] as const;

faker.seed(20240601);
const merchants = Array.from({ length: 5 }, () => faker.string.uuid());

async function main(): Promise<void> {
  const pool = getPool();
  for (let i = 0; i < count; i++) {
    await pool.query(
      `INSERT INTO payments (merchant_id, amount_cents, currency, idempotency_key, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        faker.helpers.arrayElement(merchants),
        faker.number.int({ min: 199, max: 250_000 }),
        faker.helpers.arrayElement(["USD", "EUR", "GBP"]),
        `seed-${faker.string.alphanumeric(16)}`,
        faker.helpers.arrayElement(statuses),
        faker.date.recent({ days: 30 }),
      ],
    );
  }
  console.log(`seeded ${count} payments across ${merchants.length} merchants`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(closePool);
