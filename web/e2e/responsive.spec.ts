/** Issue 29 point 1: the shell and the pages fit a phone, a tablet and a desktop, in both languages. */
import type { Page } from "@playwright/test";
import { demoTargetId, startRepairEval } from "./support/finishedWork";
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";

const WIDTHS = [390, 768, 1024, 1200, 1280, 1408, 1700] as const;
const NAV = {
  en: ["Home", "Intelligent evaluation", "Targets", "Scenarios", "Campaigns & runs", "API (GraphiQL)", "Models", "Settings"],
  zh: ["首页", "智能评估", "被测对象", "场景", "测试活动与运行", "API（GraphiQL）", "模型", "设置"],
} as const;

async function useLanguage(page: Page, language: "en" | "zh") {
  await page.evaluate((l) => window.localStorage.setItem("agenteval.language", l), language);
  await page.reload();
}

/** Nothing makes the page wider than the screen, and no status badge cuts its word. */
async function expectFits(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: page wider than the screen`).toBeLessThanOrEqual(0);
  const cut = await page.locator(".status-badge .mantine-Badge-label").evaluateAll((labels) =>
    labels.filter((l) => l.scrollWidth > l.clientWidth + 1 || !l.textContent?.trim()).map((l) => l.textContent));
  expect(cut, `${what}: truncated status badges`).toEqual([]);
}

test("at every width every link, the language switch and Forget key are reachable", async ({ signedIn: page }) => {
  test.setTimeout(240_000);
  for (const language of ["en", "zh"] as const) {
    await useLanguage(page, language);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.goto("/evals");
      await expect(page.getByRole("table")).toBeVisible();
      await expectFits(page, `evals ${width} ${language}`);
      const burger = page.getByRole("button", { name: language === "en" ? "Open navigation" : "打开导航" });
      if (width < 1200) {
        await expect(burger).toBeVisible();
        await expect(page.getByRole("banner").getByRole("link", { name: NAV[language][2] })).toHaveCount(0);
        await screenshot(page, `shell-${width}-${language}`);
        await burger.click();
        const drawer = page.getByRole("dialog");
        await expect(drawer.getByRole("link").first()).toBeInViewport({ ratio: 1 });
        await page.waitForTimeout(300); // the slide-in's end, for the screenshot
        for (const name of NAV[language]) await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
        await expect(drawer.getByRole("group", { name: language === "en" ? "Language" : "语言" })).toBeVisible();
        await expect(drawer.getByRole("button", { name: language === "en" ? "Forget key" : "清除密钥" })).toBeVisible();
        await screenshot(page, `shell-${width}-${language}-drawer`);
        // A link goes there and closes the drawer.
        await drawer.getByRole("link", { name: NAV[language][2], exact: true }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect(page).toHaveURL(/\/targets$/);
      } else {
        await expect(burger).toBeHidden();
        for (const name of NAV[language]) await expect(page.getByRole("banner").getByRole("link", { name, exact: true })).toBeVisible();
        // Visible is not enough: the header clips what does not fit (Forget key ended past the edge at 1200 px,
        // and the role badge was squeezed to an empty ring at 1280 px).
        await expect(page.getByRole("banner").getByRole("button", { name: language === "en" ? "Forget key" : "清除密钥" })).toBeInViewport({ ratio: 1 });
        await expect(page.getByRole("banner").getByText("ADMIN", { exact: true })).toBeInViewport({ ratio: 1 });
        await screenshot(page, `shell-${width}-${language}`);
      }
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, "phone shell");
});

test("on a phone the manage page, the report and the lists stay within the screen", async ({ signedIn: page, server }) => {
  test.setTimeout(240_000);
  const finished = await startRepairEval(server, await demoTargetId(server), "E2E phone report");
  const evalId = await finished();
  for (const language of ["en", "zh"] as const) {
    await useLanguage(page, language);
    for (const width of [390, 1280] as const) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.goto(`/evals/${evalId}`);
      await expect(page.getByRole("heading", { name: "E2E phone report" })).toBeVisible();
      await expect(page.locator(".status-badge").first()).toBeVisible();
      await expectFits(page, `manage ${width} ${language}`);
      await screenshot(page, `manage-${width}-${language}`);
      await page.goto(`/evals/${evalId}/report`);
      await expect(page.getByRole("table").first()).toBeVisible();
      await expect(page.locator(".recharts-surface").first()).toBeVisible();
      await expectFits(page, `report ${width} ${language}`);
      await screenshot(page, `report-${width}-${language}`);
      for (const path of ["/targets", "/scenarios", "/campaigns", "/settings"]) {
        await page.goto(path);
        await expect(page.getByRole("heading").first()).toBeVisible();
        await expect(page.getByText(/Loading|加载中/)).toHaveCount(0);
        await expectFits(page, `${path} ${width} ${language}`);
      }
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/evals/${evalId}/report`);
  await expect(page.getByRole("table").first()).toBeVisible();
  await expectAccessible(page, "phone report");
});
