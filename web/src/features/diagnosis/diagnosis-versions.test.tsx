import axe from 'axe-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { dialog, inDialog, renderPage, tab, useFreshDevice } from './diagnosis-page-test-support';
import { id, seed } from './test-support';

/** Which figure the dialog's map draws: 簡易 (interview) or 詳細 (chart). */
const drawnFigure = () => document.querySelector('.diagnosis-dialog .body-map-figure')?.getAttribute('class');

async function openNew() {
  fireEvent.click(await screen.findByRole('button', { name: '新規診断記録' }));
  await waitFor(() => expect(dialog()).toBeTruthy());
  tab('人体図');
}

/** axe-core's WCAG 2.1 A/AA findings, as the e2e tests run them (colours aside: happy-dom paints nothing). */
const axeViolations = async () =>
  (
    await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    })
  ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);

// A dialog with four tabs and a figure takes seconds to drive in happy-dom on two cores.
describe('diagnosis at /diagnosis and /diagnosis-v2', { timeout: 20_000 }, () => {
  useFreshDevice();

  it('/diagnosis opens on the detailed (詳細) figure; 簡易 is a choice above the list and in the dialog', async () => {
    renderPage('v1');
    const mode = await screen.findByRole('group', { name: '表示モード' });
    expect(within(mode).getByRole<HTMLInputElement>('radio', { name: '詳細' }).checked).toBe(true);
    await openNew();
    expect(drawnFigure()).toContain('body-map-figure-chart');
    fireEvent.click(inDialog().getByText('簡易'));
    await waitFor(() => expect(drawnFigure()).toContain('body-map-figure-interview'));
    fireEvent.click(inDialog().getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(document.querySelector('.diagnosis-dialog')).toBeNull());

    fireEvent.click(within(mode).getByText('簡易'));
    await openNew();
    expect(drawnFigure()).toContain('body-map-figure-interview');
  });

  it('/diagnosis-v2 is the same screen, opening on the simple (簡易) figure', async () => {
    renderPage('v2');
    const mode = await screen.findByRole('group', { name: '表示モード' });
    expect(within(mode).getByRole<HTMLInputElement>('radio', { name: '簡易' }).checked).toBe(true);
    await openNew();
    expect(drawnFigure()).toContain('body-map-figure-interview');
    fireEvent.click(inDialog().getByText('詳細'));
    await waitFor(() => expect(drawnFigure()).toContain('body-map-figure-chart'));
  });

  it('passes axe-core with the list and with each tab of the dialog open', async () => {
    await seed({ customers: [serverCustomer({ id: id(1), name: '山田 花子' })] });
    renderPage('v2');
    await screen.findByText('診断記録がありません。新規診断記録を作成してください。');
    expect(await axeViolations()).toEqual([]);
    await openNew();
    for (const name of ['基本情報', '人体図', '痛みの一覧', 'まとめ']) {
      tab(name);
      expect(await axeViolations()).toEqual([]);
    }
  });
});
