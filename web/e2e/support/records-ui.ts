import { expect, type Locator, type Page } from '@playwright/test';
import { settled } from './axe';

/**
 * Chooses a customer in a customer picker by typing part of what a person knows (ひらがな for a カタカナ
 * name works) and tapping the match in the list that opens.
 */
export async function pickCustomer(page: Page, within: Locator | Page, typed: string, name: string) {
  const box = within.getByRole('combobox', { name: '顧客' });
  await box.click();
  await box.pressSequentially(typed);
  await page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).click();
}

export async function openVisits(page: Page) {
  await page.goto('/visits');
  await expect(page.getByRole('heading', { level: 1, name: '来院履歴' })).toBeVisible();
}

/** The visit list's row (or card) that names a customer. */
export function visitRow(page: Page, customer: string) {
  return page.getByRole('row').filter({ has: page.getByText(customer, { exact: true }) });
}

export async function addVisit(page: Page, fields: { typed: string; customer: string; menu: string; price: string }) {
  await page.getByRole('button', { name: '新規来院記録' }).click();
  const dialog = page.getByRole('dialog', { name: '新規来院記録' });
  await expect(dialog).toBeVisible();
  await settled(page);
  await pickCustomer(page, dialog, fields.typed, fields.customer);
  await dialog.getByLabel('施術メニュー').fill(fields.menu);
  await dialog.getByLabel('料金').fill(fields.price);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
}

/** Taps one option of a survey question (the label a finger hits), found by the question's text. */
export async function answer(page: Page, question: string, option: string) {
  const group = page.getByRole('radiogroup', { name: question }).or(page.getByRole('group', { name: question }));
  const input = group.getByLabel(option, { exact: true });
  await input.locator('xpath=ancestor::label[1]').click();
  await expect(input, `${question}: ${option}`).toBeChecked();
}
