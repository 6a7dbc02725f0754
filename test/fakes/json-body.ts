// What the fake servers record of a request body: its JSON, or the raw text when it is not JSON.

export async function readJsonBody(req: AsyncIterable<unknown>): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const raw = Buffer.concat(parts).toString("utf8");
  if (raw === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
