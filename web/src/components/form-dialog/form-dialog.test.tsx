import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider, Form, Input } from 'antd';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { FormDialog } from './form-dialog';
import { hasUnsavedChanges } from './unsaved-changes';

type Values = { subject?: string; note?: string };

function Harness({
  initial,
  onClose,
  onSave = () => {},
}: {
  initial: Values;
  onClose: () => void;
  onSave?: () => void;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog title="来院記録の編集" form={form} initialValues={initial} onSave={onSave} onClose={onClose}>
      <Form.Item name="subject" label="件名">
        <Input />
      </Form.Item>
      <Form.Item name="note" label="メモ">
        <Input.TextArea />
      </Form.Item>
    </FormDialog>
  );
}

const dialog = () => screen.getByRole('dialog', { name: '来院記録の編集' });
const field = (label: string) => within(dialog()).getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const question = () => screen.queryByRole('dialog', { name: '入力内容を破棄しますか？' });
const findQuestion = () => screen.findByRole('dialog', { name: '入力内容を破棄しますか？' });

/** The four ways a person closes a dialog. */
const closers: Record<string, () => void> = {
  キャンセル: () => fireEvent.click(within(dialog()).getByRole('button', { name: 'キャンセル' })),
  Esc: () => fireEvent.keyDown(window, { key: 'Escape' }),
  '×': () => fireEvent.click(within(dialog()).getByRole('button', { name: '閉じる' })),
  'a tap outside': () => {
    const wrap = dialog().closest('.ant-modal-wrap')!;
    fireEvent.mouseDown(wrap);
    fireEvent.click(wrap);
  },
};

function open(initial: Values = { subject: '肩こり' }) {
  const onClose = vi.fn();
  const onSave = vi.fn();
  render(
    withAntd(
      // Without motion a closed dialog leaves the page at once (happy-dom never ends an animation).
      <ConfigProvider theme={{ token: { motion: false } }}>
        <Harness initial={initial} onClose={onClose} onSave={onSave} />
      </ConfigProvider>,
    ),
  );
  return { onClose, onSave };
}

describe('FormDialog', () => {
  // Under NODE_ENV=test antd gives every dialog the id "test-id": two open dialogs would share a name and
  // an Esc registration, which never happens in a browser.
  beforeAll(() => void vi.stubEnv('NODE_ENV', 'development'));
  afterAll(() => void vi.unstubAllEnvs());

  it('starts with the focus on the first field, not on ×', async () => {
    open();
    await waitFor(() => expect(document.activeElement).toBe(field('件名')));
  });

  it('keeps 保存 and キャンセル outside the part that scrolls', () => {
    const { onSave } = open();
    const body = field('件名').closest('.ant-modal-body') as HTMLElement;
    expect(getComputedStyle(body).overflowY).toBe('auto');
    const save = within(dialog()).getByRole('button', { name: '保存' });
    expect(body.contains(save)).toBe(false);
    expect(body.contains(within(dialog()).getByRole('button', { name: 'キャンセル' }))).toBe(false);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('brings a field into view when it gets the focus (the keyboard may cover it)', () => {
    open();
    const scroll = vi.fn();
    const note = field('メモ');
    note.scrollIntoView = scroll;
    fireEvent.focus(note);
    expect(scroll).toHaveBeenCalledWith({ block: 'nearest' });
  });

  it('fits in what an on-screen keyboard leaves visible and brings the focused field back into view', async () => {
    const viewport = Object.assign(new EventTarget(), { height: window.innerHeight, offsetTop: 0, scale: 1 });
    vi.stubGlobal('visualViewport', viewport);
    try {
      open();
      const note = field('メモ');
      await waitFor(() => expect(document.activeElement).toBe(field('件名')));
      note.focus();
      const scroll = vi.fn();
      note.scrollIntoView = scroll;
      act(() => {
        Object.assign(viewport, { height: window.innerHeight - 320, offsetTop: 40 });
        viewport.dispatchEvent(new Event('resize'));
      });
      expect(scroll).toHaveBeenCalledWith({ block: 'nearest' });
      expect(dialog().style.top).toBe('calc(40px + var(--form-dialog-margin) / 2)');
      const container = note.closest<HTMLElement>('.ant-modal-container')!;
      expect(container.style.maxHeight).toBe(`calc(${window.innerHeight - 320}px - var(--form-dialog-margin))`);

      act(() => {
        Object.assign(viewport, { height: window.innerHeight, offsetTop: 0 });
        viewport.dispatchEvent(new Event('resize'));
      });
      expect(dialog().style.top).toBe('');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  for (const [how, close] of Object.entries(closers)) {
    it(`closes at once with ${how} when nothing was changed`, () => {
      const { onClose } = open();
      close();
      expect(onClose).toHaveBeenCalledOnce();
      expect(question()).toBeNull();
    });

    it(`asks before discarding with ${how}; 編集を続ける keeps every typed value, 破棄する closes`, async () => {
      const { onClose } = open();
      type('件名', '腰痛');
      type('メモ', '朝がつらい');
      close();
      const ask = await findQuestion();
      expect(within(ask).getByText('保存していない入力は失われます。')).toBeTruthy();
      expect(onClose).not.toHaveBeenCalled();

      fireEvent.click(within(ask).getByRole('button', { name: '編集を続ける' }));
      await waitFor(() => expect(question()).toBeNull());
      expect(onClose).not.toHaveBeenCalled();
      expect(field('件名').value).toBe('腰痛');
      expect(field('メモ').value).toBe('朝がつらい');

      close();
      fireEvent.click(within(await findQuestion()).getByRole('button', { name: '破棄する' }));
      expect(onClose).toHaveBeenCalledOnce();
    });
  }

  it('answers Esc on the question by going back to the form, not by closing it', async () => {
    const { onClose } = open();
    type('件名', '腰痛');
    closers.Esc!();
    await findQuestion();
    act(() => void fireEvent.keyDown(window, { key: 'Escape' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(field('件名').value).toBe('腰痛');
  });

  it('keeps every field out of what the browser saves for session restore (its form says autocomplete off)', () => {
    open();
    for (const label of ['件名', 'メモ'])
      expect(field(label).closest('form')?.getAttribute('autocomplete')).toBe('off');
  });

  it('closes at once when what was typed is back to how it opened', () => {
    const { onClose } = open({ subject: '肩こり' });
    type('件名', '腰痛');
    type('件名', '肩こり');
    type('メモ', 'a');
    type('メモ', '');
    closers.キャンセル!();
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('hasUnsavedChanges', () => {
  it('compares by content: blank equals untouched, objects ignore key order, a changed value counts', () => {
    expect(hasUnsavedChanges({ a: '', b: undefined, c: null }, {})).toBe(false);
    expect(hasUnsavedChanges({ tags: ['x'], at: { y: 1, x: 2 } }, { tags: ['x'], at: { x: 2, y: 1 } })).toBe(false);
    expect(hasUnsavedChanges({ a: ' ' }, {})).toBe(true);
    expect(hasUnsavedChanges({ n: 0 }, { n: null })).toBe(true);
    expect(hasUnsavedChanges({ tags: ['x', 'y'] }, { tags: ['x'] })).toBe(true);
  });
});
