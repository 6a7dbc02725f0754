// Bearer-token checks (the feedback endpoint's VOUCH_ADMIN_TOKEN, /metrics's VOUCH_METRICS_TOKEN). Both
// sides are hashed first so timingSafeEqual compares equal lengths: neither the token's bytes nor its
// length leak through the response time.
import { createHash, timingSafeEqual } from "node:crypto";

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/** Whether `Authorization: Bearer <token>` carries the token. No token configured: never. */
export function hasBearer(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  // Compared even when nothing was presented, so a missing header costs the same as a wrong one.
  const same = timingSafeEqual(digest(presented), digest(token));
  return same && presented !== "";
}

/** Whether the header carries the admin token. No token configured: nobody is an admin. */
export function isAdmin(authorization: string | undefined, token: string | undefined): boolean {
  return hasBearer(authorization, token);
}
