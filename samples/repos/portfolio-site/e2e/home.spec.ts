import { expect, test } from "@playwright/test";

test("home page introduces Dana and shows recent work", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dana Reyes");
  await expect(page.getByRole("heading", { name: "Recent work" })).toBeVisible();
  await expect(page.locator("article")).toHaveCount(2);
});

test("projects page lists every project", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "All projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.locator("article")).toHaveCount(4);
  await expect(page.getByText("stream-analytics")).toBeVisible();
});

test("copy email shows a confirmation", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/");
  await page.getByRole("button", { name: "Copy email" }).click();
  await expect(page.getByRole("status")).toContainText("dana@example.com");
});
