import { regionById, regionCentre } from '@clinic/sync-protocol/body';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { customerCache, stopSyncAndWait, wipeLocalData } from '../../sync';
import { loginResponse } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import DiagnosisPage from './diagnosis-page';
import DiagnosisV2Page from './diagnosis-v2-page';
import { preloadDiagnosisDialog } from './diagnosis-screen';

// The dialog loads on demand in the app; here it is there from the start, as after the page's idle preload.
await preloadDiagnosisDialog();

// A toast or a dialog's title takes ~0.5 s in happy-dom, more beside other test files on two cores.
export const SLOW = { timeout: 4_000 };

/** A fresh device, a logged-in staff member and no network for every test. */
export function useFreshDevice() {
  beforeEach(async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await stopSyncAndWait();
    await wipeLocalData();
    await customerCache.settled();
    sessionStore.start(loginResponse());
  });
  afterEach(async () => {
    sessionStore.end('logout');
    await stopSyncAndWait(); // no retry of a failed sync may reach the real network later
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** In a <main>, as the shell's layout puts it. */
export const renderPage = (version: 'v1' | 'v2' = 'v1') => render(withAntd(<main>{version === 'v1' ? <DiagnosisPage /> : <DiagnosisV2Page />}</main>));

export const listItems = () => [...document.querySelectorAll<HTMLElement>('.diagnosis-item')];
export const itemOf = (name: string) => listItems().find((item) => item.querySelector('.diagnosis-item-name')?.textContent === name)!;
export const dialog = () => document.querySelector<HTMLElement>('.diagnosis-dialog')!;
export const inDialog = () => within(dialog());
export const detailDialog = () => within(document.querySelector<HTMLElement>('.pain-detail-dialog')!);
export const tab = (name: string) => fireEvent.click(inDialog().getByRole('tab', { name }));

/** Chooses a customer in the dialog's picker by typing part of the name. */
export async function pickCustomer(query: string, name: string) {
  const picker = inDialog().getByRole('combobox', { name: '顧客' });
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: query } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.customer-picker-option')].find((o) => o.textContent?.includes(name));
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  fireEvent.click(option);
}

/** happy-dom lays nothing out: the figure is drawn 200 × 400 px at the page's corner. */
function figure(view: '前面' | '背面'): SVGSVGElement {
  const svg = screen.getByRole('group', { name: `人体図（${view}）` }) as unknown as SVGSVGElement;
  svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 400, right: 200, bottom: 400, x: 0, y: 0, toJSON: () => ({}) });
  return svg;
}

/** A tap in the middle of a region of the figure shown; returns the position stored (percent, one decimal). */
export function tapRegion(regionId: string): { x: number; y: number } {
  const region = regionById(regionId)!;
  const [x, y] = regionCentre(region);
  fireEvent.click(figure(region.view === 'front' ? '前面' : '背面'), { clientX: x * 2, clientY: y * 4 });
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}
