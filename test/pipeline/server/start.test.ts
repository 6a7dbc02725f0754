import { describe, expect, it } from "vitest";
import { InputError } from "../../../pipeline/errors.js";
import { loadServerDeps } from "../../../pipeline/server/start.js";
import { settingsOf } from "../../helpers/settings.js";
import { SAMPLE_PROFILE } from "./fixture.js";

describe("loadServerDeps", () => {
  it("builds the KB from the profile's portfolio and takes the serve settings", async () => {
    const settings = settingsOf({
      rateLimit: 5,
      corsOrigins: ["https://recruiters.example"],
      adminToken: "admin-token-0123456789",
      mode: "warn",
      topK: 4,
      trustProxy: true,
    });
    const deps = await loadServerDeps({ profile: SAMPLE_PROFILE, settings, history: false });
    expect(deps.options).toMatchObject({
      rateLimit: 5,
      corsOrigins: ["https://recruiters.example"],
      adminToken: "admin-token-0123456789",
      mode: "warn",
      topK: 4,
      trustProxy: true,
    });
    expect(deps.profilePath).toBe("profile.yaml");
    expect(deps.truth?.repos.map((r) => r.name).sort()).toEqual([
      "ledger-service",
      "payments-api",
      "platform-infra",
      "portfolio-site",
      "stream-analytics",
    ]);
    const [top] = await deps.kb.retrieve(["EKS migration"]);
    expect(top?.uri).toBe("docs/fernhill-eks-migration.md");
    expect(deps.verifier.name).toBe("local");
  });

  it("refuses the verifier being off", async () => {
    const settings = settingsOf({ verifier: "off" });
    await expect(loadServerDeps({ profile: SAMPLE_PROFILE, settings })).rejects.toBeInstanceOf(InputError);
  });
});
