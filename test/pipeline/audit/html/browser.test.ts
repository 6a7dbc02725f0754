// The evidence view in a real browser: Debian's headless Chromium (driven by playwright-core) opens the page
// from file://, with and without JavaScript. No request may leave the page. Skips, saying why, only when
// Chromium is not installed or does not start.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type BrowserContext, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoRun } from "./demo-run.js";

const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOT = resolve(import.meta.dirname, "../../../../docs/audit-view.png");
const JOB_SCREENSHOT = resolve(import.meta.dirname, "../../../../docs/evidence-job.png");
// The machine's network is closed: without these flags Chromium keeps trying to reach Google's hosts.
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function launch(javaScriptEnabled: boolean): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "vouch-chromium-")), {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    javaScriptEnabled,
    viewport: { width: 1200, height: 900 },
  });
}

// Decided before the tests are collected, so that a skip says why.
const unavailable = existsSync(CHROMIUM)
  ? await launch(true).then(
      (context) => context.close().then(() => undefined),
      (error: Error) => `Chromium at ${CHROMIUM} does not start: ${error.message.split("\n")[0]}`,
    )
  : `${CHROMIUM} is not installed (apt-get install chromium; .ci/run does it)`;
if (unavailable) console.warn(`skipping the browser tests: ${unavailable}`);

describe.skipIf(unavailable !== undefined)("the evidence view in headless Chromium", () => {
  let url: string;
  let guards: string[];
  let actions: string[];
  const contexts: BrowserContext[] = [];
  /** Every request any page made, and those that were not the page itself. */
  const requests: string[] = [];

  beforeAll(async () => {
    // The page `vouch generate` writes beside the other outputs.
    const out = await demoRun("vouch-audit-browser-");
    const page = join(out, "audit.html");
    url = pathToFileURL(page).href;
    const log = readFileSync(join(out, "redaction-log.jsonl"), "utf8").trim().split("\n");
    guards = log.map((line) => (JSON.parse(line) as { guard: string }).guard);
    actions = log.map((line) => (JSON.parse(line) as { action: string }).action);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** A new page of the page under test; one browser with JavaScript and one without, shared. */
  async function open(javaScriptEnabled = true): Promise<Page> {
    const index = javaScriptEnabled ? 0 : 1;
    if (!contexts[index]) {
      const context = await launch(javaScriptEnabled);
      context.on("request", (request) => requests.push(request.url()));
      await context.route("**/*", (route) =>
        route.request().url() === url ? route.continue() : route.abort("blockedbyclient"),
      );
      contexts[index] = context;
    }
    const page = await contexts[index].newPage();
    await page.goto(url);
    return page;
  }

  it("requests nothing but the page itself", async () => {
    const page = await open();
    await page.locator(".claim").first().focus();
    await page.locator("#filter-toggles button").first().click();
    await page.emulateMedia({ media: "print" });
    await page.waitForLoadState("networkidle");
    expect(requests.filter((r) => r !== url)).toEqual([]);
    expect(requests).toContain(url);
  });

  it("would see a request if there were one (the check above can fail)", async () => {
    const probe = await (await open()).context().newPage();
    await probe.goto("http://127.0.0.1:9/probe").catch(() => undefined);
    expect(requests).toContain("http://127.0.0.1:9/probe");
    requests.splice(requests.indexOf("http://127.0.0.1:9/probe"), 1);
    await probe.close();
  });

  it("shows every record, and every hover box holds its evidence (no list pushed out of its paragraph)", async () => {
    const page = await open();
    await expect(page.locator("article.record").count()).resolves.toBe(guards.length);
    expect(guards.length).toBe(19);
    const boxes = await page.locator(".evidence").evaluateAll((all) => ({
      total: all.length,
      empty: all.filter((e) => !e.querySelector(".evidence-items, .nothing")).length,
      stray: [...all[0]!.ownerDocument.querySelectorAll(".evidence-items, .nothing")].filter(
        (e) => !e.closest(".evidence, .notes"),
      ).length,
    }));
    expect(boxes.total).toBeGreaterThan(10);
    expect(boxes).toMatchObject({ empty: 0, stray: 0 });
  });

  it("shows a line's evidence on focus, and not before", async () => {
    const page = await open();
    const claim = page.locator('.claim[data-field="work[0].highlights[0]"]');
    const id = await claim.getAttribute("aria-describedby");
    const box = page.locator(`[id="${id}"]`);
    await expect(box.isVisible()).resolves.toBe(false);
    await claim.focus();
    await expect(box.isVisible()).resolves.toBe(true);
    await expect(box.innerText()).resolves.toMatch(
      /^Evidence for work\[0\]\.highlights\[0\]\n[\s\S]*Technology:/,
    );
  });

  it("filters by guard and action with the toggles, and shows all again", async () => {
    const page = await open();
    const visible = () => page.locator("article.record:visible").count();
    const status = page.locator("#filter-status");
    const toggle = (facet: string, value: string) =>
      page.locator(`#filter-toggles button[data-facet="${facet}"][data-value="${value}"]`).click();
    await expect(status.innerText()).resolves.toBe("19 of 19 records shown");

    await toggle("guard", "record-provenance");
    const provenance = guards.filter((g) => g === "record-provenance").length;
    await expect(visible()).resolves.toBe(provenance);
    await expect(status.innerText()).resolves.toBe(`${provenance} of 19 records shown`);

    await toggle("action", "restore");
    const both = guards.filter((g, i) => g === "record-provenance" && actions[i] === "restore").length;
    await expect(visible()).resolves.toBe(both);
    await expect(
      page.locator('#filter-toggles button[data-value="restore"]').getAttribute("aria-pressed"),
    ).resolves.toBe("true");

    await toggle("guard", "record-provenance");
    await toggle("action", "restore");
    await expect(visible()).resolves.toBe(19);
  });

  it("works without JavaScript: anchored filter sections, evidence on focus", async () => {
    const page = await open(false);
    await expect(page.locator("#filter-toggles").isVisible()).resolves.toBe(false);
    await expect(page.locator("article.record:visible").count()).resolves.toBe(19);
    await page.locator('.filter-links a[href="#guard-claim-net"]').click();
    const claimNet = guards.filter((g) => g === "claim-net").length;
    await expect(page.locator("#guard-claim-net li").count()).resolves.toBe(claimNet);
    expect(page.url()).toBe(`${url}#guard-claim-net`);
    const claim = page.locator(".claim").first();
    await claim.focus();
    const id = await claim.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${id}"]`).isVisible()).resolves.toBe(true);
  });

  it("prints the notes instead of the hover boxes and the filters", async () => {
    const page = await open();
    await page.emulateMedia({ media: "print" });
    await page.locator(".claim").first().focus();
    await expect(page.locator(".evidence:visible").count()).resolves.toBe(0);
    await expect(page.locator(".filters").isVisible()).resolves.toBe(false);
    await expect(page.locator("#evidence-notes .notes > li").first().isVisible()).resolves.toBe(true);
    const pdf = await page.pdf({ format: "A4" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("takes the README's screenshot: a highlight's evidence on focus", async () => {
    const page = await open();
    const claim = page.locator('.claim[data-field="work[0].highlights[4]"]');
    await claim.scrollIntoViewIfNeeded();
    await page.evaluate("window.scrollBy(0, -260)");
    await claim.focus({ timeout: 5000 });
    await page.screenshot({ path: SCREENSHOT });
    expect(readFileSync(SCREENSHOT).subarray(1, 4).toString()).toBe("PNG");
  });

  it("puts the job beside the resume on a wide window, and under it on a narrow one", async () => {
    const page = await open();
    await page.setViewportSize({ width: 1500, height: 1000 });
    const resume = (await page.locator("#resume").boundingBox())!;
    const job = (await page.locator("#job").boundingBox())!;
    expect(job.x).toBeGreaterThan(resume.x + resume.width - 1);
    expect(Math.abs(job.y - resume.y)).toBeLessThan(2);
    // Every requirement is listed with a status word, and what nothing backs is said in words.
    const statuses = await page.locator("#job .requirement .status").allTextContents();
    expect(statuses.length).toBe(await page.locator("#job .requirement").count());
    expect(statuses).toContain("Only in examples");
    expect(await page.locator("#job .unsupported").textContent()).toMatch(/^Not backed: .*Snowflake/);
    expect(await page.locator("#job .bar").getAttribute("aria-label")).toMatch(
      /^\d+ of \d+ requirements backed/,
    );
    await page.locator("#job").scrollIntoViewIfNeeded();
    await page.evaluate("window.scrollTo(0, document.querySelector('#job').offsetTop - 16)");
    await page.screenshot({ path: JOB_SCREENSHOT });
    expect(readFileSync(JOB_SCREENSHOT).subarray(1, 4).toString()).toBe("PNG");
    await page.setViewportSize({ width: 800, height: 1000 });
    const narrowResume = (await page.locator("#resume").boundingBox())!;
    const narrowJob = (await page.locator("#job").boundingBox())!;
    expect(narrowJob.y).toBeGreaterThan(narrowResume.y + narrowResume.height - 1);
    await page.setViewportSize({ width: 1200, height: 900 });
  });
});
