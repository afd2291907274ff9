import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { DANGER_BUTTON_CLASS, useConfirmDelete } from './use-confirm';

function DeleteButton({ onDelete, detail }: { onDelete: () => Promise<void>; detail?: string }) {
  const confirmDelete = useConfirmDelete();
  return (
    <button type="button" onClick={() => confirmDelete('顧客「山田 花子」を削除しますか？', onDelete, detail)}>
      削除
    </button>
  );
}

describe('useConfirmDelete', () => {
  it('asks with the given title, says it cannot be undone, and deletes only on 削除する', async () => {
    const onDelete = vi.fn(async () => {});
    render(withAntd(<DeleteButton onDelete={onDelete} />));
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog', { name: '顧客「山田 花子」を削除しますか？' });
    expect(within(dialog).getByText('このデータは元に戻せません。')).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: '削除する' });
    const cancel = within(dialog).getByRole('button', { name: 'キャンセル' });
    // Large (a finger's size), the delete one red enough to read, focus on the harmless one.
    expect(ok.className).toContain('ant-btn-lg');
    expect(cancel.className).toContain('ant-btn-lg');
    expect(ok.className).toContain('ant-btn-dangerous');
    expect(ok.className).toContain(DANGER_BUTTON_CLASS);
    await waitFor(() => expect(document.activeElement).toBe(cancel));

    fireEvent.click(cancel);
    expect(onDelete).not.toHaveBeenCalled();

    // The closing one's animation never ends in happy-dom: the new dialog is the last.
    fireEvent.click(screen.getByRole('button', { name: '削除', hidden: true }));
    await waitFor(() => expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(2));
    fireEvent.click(
      within(screen.getAllByRole('dialog', { hidden: true }).at(-1)!).getByRole('button', {
        name: '削除する',
        hidden: true,
      }),
    );
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it('adds what else the person should know after the warning, when there is something', async () => {
    render(withAntd(<DeleteButton onDelete={vi.fn(async () => {})} detail="この顧客には来院記録3件があります。" />));
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog', { name: '顧客「山田 花子」を削除しますか？' });
    const texts = [...dialog.querySelectorAll('p')].map((p) => p.textContent);
    expect(texts).toEqual(['このデータは元に戻せません。', 'この顧客には来院記録3件があります。']);
  });
});
