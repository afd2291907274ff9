// Issues 9 and 10: a device's first pull of a clinic's history, the visit list's filters at 30,000 visits,
// offline reloads of the working screens with all of it on the device, and the body map's tap.
import { PROTOCOL_VERSION } from '@clinic/sync-protocol';
import { BODY_REGIONS, bodyPartLabel, regionCentre, roundPercent } from '@clinic/sync-protocol/body';
import type { Page } from 'playwright-core';
import { apiLogin } from '../../web/e2e/support/api';
import { launchBrowser, newContext } from '../../web/e2e/support/browser';
import { ADMIN } from '../../web/e2e/support/server';
import { loginViaUi } from '../../web/e2e/support/ui';
import { benchDiagnosisTap } from './diagnosis-tap';
import { benchNavigation } from './navigation';
import { localCount, waitFor } from './local-db';
import { WORKING_SCREENS, benchOfflineReload } from './offline-reload';
import { timeFilterChanges } from './visit-filters';
import { registerDevice } from '../../web/e2e/support/device-proof';

const CUSTOMERS = 10_000;
const VISITS = 30_000;
const SURVEYS = 10_000;
const DIAGNOSES = 10_000;
/** Each diagnosis marks two spots, so the device holds 20,000 markers beside the records. */
const MARKERS_PER_DIAGNOSIS = 2;
const BATCH = 500;
const MENUS = ['鍼灸', '美容鍼', 'マッサージ', '骨盤矯正', 'よもぎ蒸し', '不妊鍼灸', ''];
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Dates over two years, so one month holds about 1,250 visits. */
function dateOf(n: number): string {
  const day = new Date(Date.UTC(2025, 0, 1) + (n % 700) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

type Args = Record<string, unknown> & { id: string };

async function push(baseURL: string, token: string, name: string, all: Args[]) {
  const clientId = crypto.randomUUID();
  const proof = await registerDevice(baseURL, token, clientId);
  for (let first = 0; first < all.length; first += BATCH) {
    const mutations = all
      .slice(first, first + BATCH)
      .map((args, i) => ({ id: first + i + 1, name, clientTime: new Date().toISOString(), args }));
    const response = await fetch(`${baseURL}/api/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...proof },
      body: JSON.stringify({ protocolVersion: PROTOCOL_VERSION, clientId, mutations }),
    });
    if (!response.ok) throw new Error(`push failed: ${response.status} ${await response.text()}`);
  }
}

/** 10,000 customers, 30,000 visits and 10,000 surveys, through the same push a device uses. */
export async function seed(baseURL: string): Promise<void> {
  const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `来院花子${i}`,
    nameKana: 'ライインハナコ',
    phone: `03-${String(i).padStart(8, '0')}`,
  }));
  await push(baseURL, token, 'customer.create', customers);
  const visits = Array.from({ length: VISITS }, (_, i) => ({
    id: crypto.randomUUID(),
    customerId: customers[(i * 7) % CUSTOMERS]!.id,
    date: dateOf(i),
    serviceMenu: MENUS[i % MENUS.length]!,
    price: i % 5 === 0 ? null : 3000 + (i % 8) * 500,
    staffName: 'admin',
    notes: i % 3 === 0 ? '肩と腰の張りが強い。次回は骨盤周りを重点的に。' : '',
  }));
  await push(baseURL, token, 'visit.create', visits);
  const surveys = Array.from({ length: SURVEYS }, (_, i) => ({
    id: crypto.randomUUID(),
    customerId: visits[i * 3]!.customerId,
    visitId: visits[i * 3]!.id,
    type: i % 2 === 0 ? 'pre' : 'post',
    answers:
      i % 2 === 0
        ? { pain_level: 1 + (i % 5), pain_areas: ['肩', '腰'], sleep_quality: 'fair', stress_level: i % 11 }
        : {
            pain_improvement: 1 + (i % 5),
            satisfaction: i % 11,
            comfort: 'comfortable',
            side_effects: 'none',
            recommend: 'probably',
          },
  }));
  await push(baseURL, token, 'survey.submit', surveys);
  await seedDiagnoses(baseURL, token, visits);
}

/** 10,000 diagnoses of the visits' customers, each with two markers at the centres of named regions. */
async function seedDiagnoses(baseURL: string, token: string, visits: Args[]): Promise<void> {
  const diagnoses = Array.from({ length: DIAGNOSES }, (_, i) => ({
    id: crypto.randomUUID(),
    customerId: visits[i * 3]!.customerId,
    visitId: visits[i * 3]!.id,
    date: visits[i * 3]!.date,
    generalHealth: i % 4 === 0 ? '疲れやすく、夜に目が覚める' : '',
    notes: i % 2 === 0 ? '肩から首にかけての張り' : '',
  }));
  await push(baseURL, token, 'diagnosis.create', diagnoses);
  const markers = diagnoses.flatMap((diagnosis, i) =>
    Array.from({ length: MARKERS_PER_DIAGNOSIS }, (_, n) => {
      const region = BODY_REGIONS[(i * 5 + n * 17) % BODY_REGIONS.length]!;
      const [x, y] = regionCentre(region).map(roundPercent) as [number, number];
      return {
        id: crypto.randomUUID(),
        diagnosisId: diagnosis.id,
        number: n + 1,
        view: region.view,
        x,
        y,
        region: region.id,
        bodyPart: bodyPartLabel(region.view, x, y),
        painLevel: 1 + ((i + n * 3) % 10),
        notes: '',
      };
    }),
  );
  await push(baseURL, token, 'painMarker.create', markers);
}

export async function benchVisits(baseURL: string): Promise<void> {
  console.log(
    `\n== A clinic's data (${CUSTOMERS.toLocaleString()} customers, ${VISITS.toLocaleString()} visits, ${SURVEYS.toLocaleString()} surveys, ${DIAGNOSES.toLocaleString()} diagnoses) ==`,
  );
  const seeding = performance.now();
  await seed(baseURL);
  console.log(`  seeded through push in ${ms(performance.now() - seeding)}`);

  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, baseURL);
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page: Page = await context.newPage();
    page.on('pageerror', (error) => console.log(`  page error: ${error.message}`));
    let pullStarted = 0;
    page.on('request', (request) => {
      if (!pullStarted && request.url().endsWith('/api/sync/pull')) pullStarted = performance.now();
    });
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const total = CUSTOMERS + VISITS + SURVEYS + DIAGNOSES * (1 + MARKERS_PER_DIAGNOSIS);
    await waitFor(
      async () =>
        (await localCount(page, 'customers')) >= CUSTOMERS &&
        (await localCount(page, 'visits')) >= VISITS &&
        (await localCount(page, 'surveys')) >= SURVEYS &&
        (await localCount(page, 'diagnoses')) >= DIAGNOSES &&
        (await localCount(page, 'painMarkers')) >= DIAGNOSES * MARKERS_PER_DIAGNOSIS,
      300_000,
    );
    const pulled = performance.now() - pullStarted;
    console.log(
      `  first pull of ${total.toLocaleString()} rows into an empty device: ${ms(pulled)}, ${((total / pulled) * 1000).toFixed(0)} rows/s (target ≤ 10,000 ms, ≥ 5,000 rows/s)`,
    );

    await timeFilterChanges(page);
    await benchOfflineReload(
      context,
      page,
      WORKING_SCREENS,
      'a clinic (10,000 customers, 30,000 visits, 10,000 diagnoses)',
    );
    await benchDiagnosisTap(page);
    await benchNavigation(page);
  } finally {
    await browser.close();
  }
}
