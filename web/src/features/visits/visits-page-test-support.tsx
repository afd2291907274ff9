import axe from 'axe-core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { withAntd } from '../../test-utils/render';
import { customerId, seedCustomers, seedVisits, serverVisit, visitId } from './test-support';
import VisitsPage from './visits-page';

// The visit list's page as its test files render and read it (visits-page*.test.tsx).

export const HANAKO = customerId(1);
export const JIRO = customerId(2);
export const GONE = customerId(3);
export const LONG_NOTE = '右肩の痛みが強く、次回は首から肩甲骨まわりを重点的に施術する';
// A toast or a dialog's title takes ~0.5 s in happy-dom, more beside other test files on two cores.
export const SLOW = { timeout: 4_000 };

/** 12:00 on 20 November 2026 in Japan: "this month" is November. */
export const NOW = new Date('2026-11-20T03:00:00Z');

export async function seedNovember() {
  await seedCustomers(
    { id: HANAKO, name: '山田 花子', nameKana: 'ヤマダ ハナコ', chartNumber: 1 },
    { id: JIRO, name: '佐藤 次郎', nameKana: 'サトウ ジロウ', chartNumber: 2 },
    { id: GONE, name: '鈴木 一郎', nameKana: 'スズキ イチロウ', chartNumber: 3, deleted: true },
  );
  await seedVisits([
    serverVisit({
      id: visitId(1),
      customerId: HANAKO,
      date: '2026-11-20',
      serviceMenu: '整体60分',
      price: 6000,
      staffName: '佐藤',
      notes: LONG_NOTE,
    }),
    serverVisit({
      id: visitId(2),
      customerId: JIRO,
      date: '2026-11-18',
      serviceMenu: '',
      price: null,
      staffName: '田中',
      notes: '初回',
    }),
    serverVisit({
      id: visitId(3),
      customerId: GONE,
      date: '2026-11-03',
      serviceMenu: 'マッサージ30分',
      price: 3000,
      staffName: '佐藤',
    }),
    serverVisit({
      id: visitId(4),
      customerId: HANAKO,
      date: '2026-10-30',
      serviceMenu: '整体60分',
      price: 5500,
      staffName: '佐藤',
    }),
  ]);
}

/** In a <main>, as the shell's layout puts it. */
export function renderPage() {
  return render(
    withAntd(
      <MemoryRouter>
        <main>
          <VisitsPage />
        </main>
      </MemoryRouter>,
    ),
  );
}

export const list = () => screen.getByRole('table', { name: '来院記録一覧' });
export const rowOf = (text: string) => within(list()).getByText(text).closest('[role=row]') as HTMLElement;
export const cellsOf = (text: string) =>
  within(rowOf(text))
    .getAllByRole('cell')
    .map((c) => c.textContent);
/** The customers of the rows the list has put in the page, top to bottom. */
export const shownCustomers = () =>
  [...document.querySelectorAll('[role=row] strong, [role=listitem] strong')].map((e) => e.textContent);
export const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
export const totals = () => document.querySelector('.visit-totals')?.textContent;
export const dialog = () => screen.getByRole('dialog');
export const field = (label: string) => within(dialog()).getByLabelText<HTMLInputElement>(label);
export const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
export const clickSave = () => fireEvent.click(within(dialog()).getByRole('button', { name: /保存$/ }));

/** axe-core's WCAG 2.1 A/AA findings, as the e2e tests run them (colours aside: happy-dom paints nothing). */
export const axeViolations = async () =>
  (
    await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    })
  ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);

export const toolbar = () => screen.getByRole('group', { name: '表示する来院記録の条件' });
