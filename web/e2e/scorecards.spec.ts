/** Issue 38 in the UI: a QA scorecard created, dry-run and saved, then edited as its next version, in both languages. */
import { expect, expectAccessible, screenshot, test } from "./support/fixtures";

test("an OPERATOR builds a scorecard with a veto, dry-runs a conversation, saves it, and edits it as version 2", async ({ signedIn: page, server }) => {
  await page.getByRole("link", { name: "Scorecards", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "QA scorecards", level: 2 })).toBeVisible();
  // The demo seeds Mia's scorecard.
  await expect(page.getByText("mia-qa@1")).toBeVisible();
  await page.getByRole("button", { name: "New scorecard" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("e2e-qa");
  const item = page.getByRole("group", { name: "Item 1" });
  await item.getByRole("textbox", { name: "Item id" }).fill("promise");
  await item.getByLabel("Points").first().fill("-100");
  await item.getByRole("switch", { name: /Veto/ }).check({ force: true });
  await item.getByRole("textbox", { name: /Phrases/ }).fill('["保证退款"]');
  await item.getByRole("combobox", { name: /^Expect/ }).click();
  await page.getByRole("option", { name: "absent" }).click();
  const dry = page.getByRole("region", { name: "Dry run" });
  await dry.getByRole("textbox", { name: "Conversation" }).fill("客户：我要退款\n坐席：我保证退款给您");
  await dry.getByRole("button", { name: "Score it" }).click();
  await expect(dry.getByText(/Vetoed by promise/)).toBeVisible();
  await expect(dry.getByText(/turn 2 “我保证退款给您”/)).toBeVisible();
  await screenshot(page, "scorecards-1280-en");
  await page.getByRole("button", { name: "Save version" }).click();
  await expect(page.getByText("Saved e2e-qa@1")).toBeVisible();
  const stored = await server.gql<{ scorecard: { itemCount: number; document: { items: { critical?: boolean }[] } } }>(
    '{ scorecard(ref: "e2e-qa@1") { itemCount document } }');
  expect(stored.scorecard.itemCount).toBe(1);
  expect(stored.scorecard.document.items[0].critical).toBe(true);
  await expectAccessible(page, "scorecards en");
  // In Chinese, a stored version is edited as the next one.
  await page.evaluate(() => window.localStorage.setItem("agenteval.language", "zh"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "质检评分卡", level: 2 })).toBeVisible();
  await page.getByText("e2e-qa@1").locator("xpath=ancestor::div[contains(@class,'Paper')][1]")
    .getByRole("button", { name: "编辑为新版本" }).click();
  await expect(page.getByLabel("版本")).toHaveValue("2");
  await expect(page.getByRole("group", { name: "检查项 1" }).getByRole("switch", { name: /一票否决/ })).toBeChecked();
  await screenshot(page, "scorecards-1280-zh");
  // At phone width the items and their fields still fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("group", { name: "检查项 1" }).getByRole("switch", { name: /一票否决/ })).toBeVisible();
  await screenshot(page, "scorecards-390-zh");
});
