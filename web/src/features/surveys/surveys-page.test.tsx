import { type Question, SURVEY_QUESTIONS } from '@clinic/sync-protocol';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { serverCustomer, serverSurvey, serverVisit } from '../../test-utils/sync-fixtures';
import { MemoryRouter } from 'react-router-dom';
import { sessionStore } from '../../auth/session-store';
import { loginResponse } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import SurveysPage from './surveys-page';

const HANAKO = '0193a3f0-0000-4000-8000-000000000001';
const JIRO = '0193a3f0-0000-4000-8000-000000000002';
const SURVEY = '0193a3f0-0000-4000-8000-0000000000b1';
const VISIT = '0193a3f0-0000-4000-8000-0000000000a1';
// A save's toast takes ~0.5 s in happy-dom alone, more beside other test files on two cores.
const SLOW = { timeout: 4_000 };

const pre = SURVEY_QUESTIONS.pre;
const post = SURVEY_QUESTIONS.post;
const text = (type: 'pre' | 'post', key: string) => SURVEY_QUESTIONS[type].find((q) => q.key === key)!.text;

async function seedCustomers() {
  await localDb.customers.bulkPut([
    { ...serverCustomer({ id: HANAKO, name: '山田 花子', nameKana: 'ヤマダ ハナコ', chartNumber: 1 }), pending: 0 },
    { ...serverCustomer({ id: JIRO, name: '佐藤 次郎', nameKana: 'サトウ ジロウ', chartNumber: 2 }), pending: 0 },
  ]);
  await customerCache.settled();
}

const renderPage = (state?: unknown) =>
  render(
    withAntd(
      <MemoryRouter initialEntries={[{ pathname: '/surveys', state }]}>
        <SurveysPage />
      </MemoryRouter>,
    ),
  );
const target = () => within(document.querySelector<HTMLElement>('.survey-target')!);
const customerBox = () => target().getByLabelText('顧客');
const visitBox = () => target().getByLabelText<HTMLInputElement>('来院記録');
const savedList = () => within(document.querySelector<HTMLElement>('.saved-surveys')!);
const typeRadio = (label: '施術前' | '施術後') => target().getByLabelText<HTMLInputElement>(label);

async function pickCustomer(name: string) {
  fireEvent.mouseDown(customerBox());
  fireEvent.change(customerBox(), { target: { value: name } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.customer-picker-option')].find((o) =>
      o.textContent?.includes(name),
    );
    if (!found) throw new Error(`${name} is not offered yet`);
    return found;
  });
  fireEvent.click(option);
  await waitFor(() => expect(screen.getByText('保存済みのアンケート')).toBeTruthy());
}

const cardOf = (key: string) => document.getElementById(`survey-question-${key}`)!;

/** The answer group (or text box) a question's text names, found in the question's card. */
const groupOf = (question: Question) => within(cardOf(question.key)).getByLabelText(question.text);

/** The role a screen reader is told for a question's answer control. */
const ROLE_OF_KIND = {
  stars: 'radiogroup',
  scale: 'radiogroup',
  choice: 'radiogroup',
  multi: 'group',
  text: 'textbox',
} as const;

/** A question's card: numbered heading with its text and 必須 / 任意, and the answer control that text names. */
function expectCard(q: Question, number: number) {
  const heading = within(cardOf(q.key)).getByText(q.text).closest('h3');
  expect(heading?.textContent).toBe(`問${number}${q.text}${q.required ? '必須' : '任意'}`);
  expect(groupOf(q).getAttribute('role') ?? groupOf(q).tagName).toBe(
    q.kind === 'text' ? 'TEXTAREA' : ROLE_OF_KIND[q.kind],
  );
}

/** Taps an option (a star, a number, a choice or a tick box) of a question. */
function choose(type: 'pre' | 'post', key: string, option: string) {
  fireEvent.click(within(groupOf(SURVEY_QUESTIONS[type].find((q) => q.key === key)!)).getByLabelText(option));
}
const typeText = (type: 'pre' | 'post', key: string, value: string) =>
  fireEvent.change(within(cardOf(key)).getByLabelText(text(type, key)), { target: { value } });
const clickSave = () =>
  fireEvent.click(within(document.querySelector<HTMLElement>('.survey-actions')!).getByText('保存'));
/** The names a screen reader reads for a group's radios: their aria-label, else their label's text. */
const radioNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .map((r) => r.getAttribute('aria-label') ?? r.closest('label')?.textContent);
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;
/** The checked state of a question's option. */
const checked = (question: Question, option: string) => isChecked(within(groupOf(question)).getByLabelText(option));

function answerAllPre() {
  choose('pre', 'pain_level', '星4つ');
  choose('pre', 'pain_areas', '肩');
  choose('pre', 'pain_areas', '腰');
  choose('pre', 'sleep_quality', 'ふつう');
  choose('pre', 'stress_level', '7');
  typeText('pre', 'expectations', '  肩の張りを楽にしたい ');
}

// Each test renders the whole screen and answers it like a person; happy-dom restyles antd's ~300 kB
// of CSS after every change, so a test takes seconds on a busy machine.
describe('surveys page', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await customerCache.settled();
  });
  beforeEach(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await stopSyncAndWait();
    await wipeLocalData();
    await customerCache.settled();
    await seedCustomers();
    sessionStore.start(loginResponse());
  });
  afterEach(async () => {
    sessionStore.end('logout'); // and with it the session's patient
    await stopSyncAndWait();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws each type’s questions from the shared data: numbered cards, 必須 / 任意, groups named by the text', async () => {
    renderPage();
    expect(screen.getByText('施術前アンケート', { selector: 'h2' })).toBeTruthy();
    pre.forEach((q, i) => expectCard(q, i + 1));
    expect(
      within(groupOf(pre.find((q) => q.key === 'pain_areas')!))
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['首', '肩', '腰', '膝', '頭', 'その他']);

    fireEvent.click(typeRadio('施術後'));
    await screen.findByText('施術後アンケート', { selector: 'h2' });
    post.forEach((q, i) => expectCard(q, i + 1));
    expect(screen.queryByText(pre[0]!.text)).toBeNull();
    expect(radioNames(groupOf(post.find((q) => q.key === 'side_effects')!))).toEqual(['ない', '少しある', 'ある']);
  });

  it('keeps the answers out of what the browser saves for session restore: one form, autocomplete off', () => {
    renderPage();
    const controls = [...document.querySelectorAll<HTMLElement>('.surveys-page input, .surveys-page textarea')];
    expect(controls.length).toBeGreaterThan(pre.length);
    for (const control of controls) expect(control.closest('form')?.getAttribute('autocomplete')).toBe('off');
  });

  it('offers stars and the 0-10 scale as named radios a finger or a keyboard can reach', () => {
    renderPage();
    const stars = within(cardOf('pain_level')).getByRole('radiogroup', { name: text('pre', 'pain_level') });
    expect(radioNames(stars)).toEqual(['星1つ', '星2つ', '星3つ', '星4つ', '星5つ']);
    expect(within(cardOf('pain_level')).getByText('ほとんど痛くない')).toBeTruthy();
    expect(within(cardOf('pain_level')).getByText('とても痛い')).toBeTruthy();
    const scale = within(cardOf('stress_level')).getByRole('radiogroup', { name: text('pre', 'stress_level') });
    expect(radioNames(scale)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(within(cardOf('stress_level')).getByText('0：まったくない')).toBeTruthy();
    // Native radios: the group is one Tab stop and the arrow keys move within it.
    expect(
      [...within(stars).getAllByRole('radio'), ...within(scale).getAllByRole('radio')].every(
        (r) => r.tagName === 'INPUT' && r.getAttribute('type') === 'radio',
      ),
    ).toBe(true);

    fireEvent.click(within(stars).getByRole('radio', { name: '星3つ' }));
    // One star is the answer (antd's Rate would report stars 1 to 3 all checked).
    expect(
      within(stars)
        .getAllByRole('radio')
        .filter(isChecked)
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['星3つ']);
  });

  it('keeps the visit picker disabled until a customer is chosen, then lists that customer’s visits', async () => {
    await localDb.visits.put({
      ...serverVisit({ id: VISIT, customerId: HANAKO, date: '2026-11-20', serviceMenu: '鍼灸' }),
      pending: 0,
    });
    renderPage();
    expect(visitBox().disabled).toBe(true);
    expect(screen.getByText('先に顧客を選択してください')).toBeTruthy();
    await pickCustomer('山田 花子');
    await waitFor(() => expect(visitBox().disabled).toBe(false));
    fireEvent.mouseDown(visitBox());
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toContain(
        '2026-11-20 10:00　鍼灸　¥5,000',
      ),
    );
  });

  it('asks for the customer first, with the spec’s words, and stores nothing', async () => {
    renderPage();
    answerAllPre();
    clickSave();
    expect(await screen.findByText('顧客を選択してください')).toBeTruthy();
    expect(document.activeElement).toBe(customerBox());
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('names every unanswered required question, marks their cards, and lets go as they are answered', async () => {
    renderPage();
    await pickCustomer('山田 花子');
    choose('pre', 'pain_level', '星2つ');
    clickSave();
    const missing = ['pain_areas', 'sleep_quality', 'stress_level'];
    const message = `必須項目が入力されていません: ${missing.map((k) => text('pre', k)).join('、')}`;
    expect((await screen.findByText(message)).closest('[role=alert]')).toBeTruthy();
    for (const q of pre) {
      expect(within(cardOf(q.key)).queryByText('この質問に回答してください') !== null).toBe(missing.includes(q.key));
    }
    // The focus is on the first unanswered question's first choice.
    expect(document.activeElement).toBe(within(groupOf(pre[1]!)).getByLabelText('首'));
    expect(await localDb.outbox.count()).toBe(0);

    choose('pre', 'pain_areas', '膝');
    expect(
      await screen.findByText(
        `必須項目が入力されていません: ${text('pre', 'sleep_quality')}、${text('pre', 'stress_level')}`,
      ),
    ).toBeTruthy();
    choose('pre', 'sleep_quality', 'よく眠れる');
    choose('pre', 'stress_level', '0');
    await waitFor(() => expect(screen.queryByText(/^必須項目が入力されていません/)).toBeNull());
    expect(screen.queryByText('この質問に回答してください')).toBeNull();
  });

  it('saves a full 施術前 survey on the device with an outbox entry, says so, keeps the patient and offers 施術後 next', async () => {
    renderPage();
    await pickCustomer('山田 花子');
    answerAllPre();
    clickSave();
    expect(await screen.findByText('施術前アンケートを保存しました（回答5件）', {}, SLOW)).toBeTruthy();

    const [row] = await localDb.surveys.toArray();
    expect(row).toMatchObject({
      customerId: HANAKO,
      type: 'pre',
      visitId: null,
      pending: 1,
      answers: {
        pain_level: 4,
        pain_areas: ['肩', '腰'],
        sleep_quality: 'fair',
        stress_level: 7,
        expectations: '肩の張りを楽にしたい',
      },
    });
    const [entry] = await localDb.outbox.toArray();
    expect(entry?.name).toBe('survey.submit');
    expect(entry?.args).toMatchObject({ id: row!.id, customerId: HANAKO, type: 'pre', answers: row!.answers });

    // The answers are cleared; the patient stays, with the saved list in view.
    await waitFor(() => expect(checked(pre[0]!, '星4つ')).toBe(false));
    expect(['肩', '腰'].some((area) => checked(pre[1]!, area))).toBe(false);
    expect((groupOf(pre[4]!) as HTMLTextAreaElement).value).toBe('');
    expect(typeRadio('施術前').checked).toBe(true);
    expect(target().getByText('山田 花子')).toBeTruthy();
    const item = await savedList().findByRole('listitem');
    expect(within(item).getByText('施術前アンケート')).toBeTruthy();
    expect(within(item).getByText('未同期')).toBeTruthy();
    expect(within(item).getByText('回答5件')).toBeTruthy();

    // 施術後 is offered next, for the same patient.
    fireEvent.click(screen.getByRole('button', { name: '施術後アンケートへ' }));
    await waitFor(() => expect(typeRadio('施術後').checked).toBe(true));
    expect(target().getByText('山田 花子')).toBeTruthy();
  });

  it('opens for the patient and visit the chart handed over, and keeps both after a save', async () => {
    await localDb.visits.put({
      ...serverVisit({ id: VISIT, customerId: HANAKO, date: '2026-11-20', serviceMenu: '鍼灸' }),
      pending: 0,
    });
    renderPage();
    await pickCustomer('山田 花子'); // the session's patient, as the chart picks them
    cleanup();
    renderPage({ returnTo: `/customers/${HANAKO}`, visitId: VISIT, surveyType: 'pre' });
    await waitFor(() => expect(target().getByText('山田 花子')).toBeTruthy());
    await waitFor(() => expect(target().getByText(/2026-11-20/)).toBeTruthy());
    answerAllPre();
    clickSave();
    expect(await screen.findByText('施術前アンケートを保存しました（回答5件）', {}, SLOW)).toBeTruthy();
    const [row] = await localDb.surveys.toArray();
    expect(row).toMatchObject({ customerId: HANAKO, visitId: VISIT, type: 'pre' });
    expect(screen.getByRole('button', { name: 'カルテに戻る' })).toBeTruthy();
    expect(target().getByText(/2026-11-20/)).toBeTruthy();
  });

  it('saves a 施術後 survey likewise, its optional comment left out of the count', async () => {
    renderPage();
    await pickCustomer('佐藤 次郎');
    fireEvent.click(typeRadio('施術後'));
    await screen.findByText('施術後アンケート', { selector: 'h2' });
    choose('post', 'pain_improvement', '星5つ');
    choose('post', 'satisfaction', '9');
    choose('post', 'comfort', '心地よかった');
    choose('post', 'side_effects', 'ない');
    choose('post', 'recommend', 'ぜひすすめたい');
    clickSave();
    expect(await screen.findByText('施術後アンケートを保存しました（回答5件）', {}, SLOW)).toBeTruthy();
    const [row] = await localDb.surveys.toArray();
    expect(row).toMatchObject({
      customerId: JIRO,
      type: 'post',
      answers: {
        pain_improvement: 5,
        satisfaction: 9,
        comfort: 'comfortable',
        side_effects: 'none',
        recommend: 'definitely',
      },
    });
    expect(Object.keys(row!.answers)).not.toContain('comments');
    expect((await localDb.outbox.toArray()).map((e) => e.name)).toEqual(['survey.submit']);
    await waitFor(() => expect(checked(post[0]!, '星5つ')).toBe(false));
    expect(typeRadio('施術後').checked).toBe(true);
  });

  it('asks before a change of type discards typed answers, and keeps them on キャンセル', async () => {
    renderPage();
    choose('pre', 'pain_level', '星2つ');
    fireEvent.click(typeRadio('施術後'));
    const dialog = await screen.findByRole('dialog', { name: '入力中の回答を消去しますか？' });
    expect(within(dialog).getByText('施術後アンケートに切り替えると、入力した回答は消えます。')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('キャンセル'));
    expect(checked(pre[0]!, '星2つ')).toBe(true);
    expect(typeRadio('施術前').checked).toBe(true);

    // The closing dialog's animation never ends in happy-dom: the new one is the last.
    fireEvent.click(typeRadio('施術後'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(2));
    fireEvent.click(
      within([...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].at(-1)!).getByText('切り替える'),
    );
    expect(await screen.findByText('施術後アンケート', { selector: 'h2' })).toBeTruthy();
    expect(screen.queryByText(pre[0]!.text)).toBeNull();
  });

  it('corrects a saved survey through survey.update with only the answers and what they replace', async () => {
    const old = { pain_level: 4, pain_areas: ['肩'], sleep_quality: 'fair', stress_level: 6 };
    await localDb.surveys.put({
      ...serverSurvey({ id: SURVEY, customerId: HANAKO, answers: old, createdAt: '2026-11-20T01:00:00.000Z' }),
      pending: 0,
    });
    renderPage();
    await pickCustomer('山田 花子');
    const item = await savedList().findByRole('listitem');
    expect(within(item).queryByText('未同期')).toBeNull();
    fireEvent.click(within(item).getByLabelText('2026/11/20 10:00の施術前アンケートを修正'));

    expect(await screen.findByText('2026/11/20 10:00に保存した施術前アンケートを修正しています')).toBeTruthy();
    expect(checked(pre[0]!, '星4つ')).toBe(true);
    expect(checked(pre[1]!, '肩')).toBe(true);

    clickSave(); // nothing changed yet
    expect(await screen.findByText('回答は変更されていません', {}, SLOW)).toBeTruthy();
    expect(await localDb.outbox.count()).toBe(0);

    choose('pre', 'stress_level', '3');
    clickSave();
    expect(await screen.findByText('アンケートを修正しました', {}, SLOW)).toBeTruthy();
    const [entry] = await localDb.outbox.toArray();
    expect(entry?.name).toBe('survey.update');
    expect(entry?.args).toEqual({
      id: SURVEY,
      patch: { answers: { ...old, stress_level: 3 } },
      base: { answers: old },
    });
    expect((await localDb.surveys.get(SURVEY))?.answers).toEqual({ ...old, stress_level: 3 });
    // The customer stays, the corrected survey now waits to be sent, and the form is empty again.
    await waitFor(() => expect(within(cardOf('pain_level')).queryByText(/を修正しています$/)).toBeNull());
    expect(await within(savedList().getByRole('listitem')).findByText('未同期')).toBeTruthy();
    expect(checked(pre[0]!, '星4つ')).toBe(false);
  });
});
