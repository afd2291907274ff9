import { expect, type Locator, type Page } from '@playwright/test';
import { settled } from './axe';
import { pickCustomer } from './records-ui';

export const DIALOG_TITLES = { create: '新規診断記録', view: '診断記録の詳細', edit: '診断記録の編集' } as const;

export async function openDiagnosis(page: Page, path = '/diagnosis') {
  await page.goto(path);
  await expect(page.getByRole('button', { name: '新規診断記録' })).toBeVisible();
}

export function diagnosisDialog(page: Page, mode: keyof typeof DIALOG_TITLES) {
  return page.getByRole('dialog', { name: DIALOG_TITLES[mode] });
}

/** Opens a new record and chooses its customer on 基本情報. */
export async function startDiagnosis(page: Page, typed: string, customer: string): Promise<Locator> {
  await page.getByRole('button', { name: '新規診断記録' }).click();
  const dialog = diagnosisDialog(page, 'create');
  await expect(dialog).toBeVisible();
  await settled(page);
  await pickCustomer(page, dialog, typed, customer);
  return dialog;
}

export async function showTab(dialog: Locator, name: '基本情報' | '人体図' | '痛みの一覧' | 'まとめ') {
  await dialog.getByRole('tab', { name }).click();
}

/** Taps the figure at a point given in percent of it, as a finger would. */
export async function tapFigure(page: Page, dialog: Locator, view: '前面' | '背面', x: number, y: number) {
  const figure = dialog.getByRole('group', { name: `人体図（${view}）` });
  await expect(figure).toBeVisible();
  const box = (await figure.boundingBox())!;
  await page.mouse.click(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100);
}

/** The pain-detail dialog of spot `n`: sets its level with the keyboard from 5 (the default), then 保存. */
export async function setPain(page: Page, n: number, level: number, notes?: string) {
  const detail = page.getByRole('dialog', { name: `痛みの詳細（痛み${n}）` });
  await expect(detail).toBeVisible();
  const slider = detail.getByRole('slider');
  await slider.focus();
  const current = Number(await slider.getAttribute('aria-valuenow'));
  for (let i = current; i < level; i++) await slider.press('ArrowRight');
  for (let i = current; i > level; i--) await slider.press('ArrowLeft');
  await expect(slider, `spot ${n}`).toHaveAttribute('aria-valuenow', String(level));
  if (notes) await detail.getByRole('textbox', { name: 'メモ' }).fill(notes);
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(detail).toBeHidden();
}

/** Chooses 前面 or 背面 above the figure. */
export async function turnFigure(dialog: Locator, view: '前面' | '背面') {
  await dialog.getByRole('radiogroup', { name: '人体図の向き' }).getByText(view, { exact: true }).click();
}
