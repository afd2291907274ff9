import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { LightApp, useAppApis } from './light-app';

afterEach(cleanup);

// The toasts and questions of components/toast and components/confirm are made of these calls.
function Buttons() {
  const { message, modal, notification } = useAppApis();
  const ask = () =>
    void modal.confirm({
      title: '顧客「山田 花子」を削除しますか？',
      okText: '削除する',
      onOk: () => void message.open({ type: 'info', content: '削除しました' }),
    });
  return (
    <>
      <button type="button" onClick={() => void message.open({ type: 'success', content: '保存しました' })}>
        toast
      </button>
      <button type="button" onClick={ask}>
        confirm
      </button>
      <button
        type="button"
        onClick={() => notification.open({ key: 'n', title: '新しいバージョンが利用可能です', duration: false })}
      >
        notify
      </button>
    </>
  );
}

const renderApp = () =>
  render(
    <ConfigProvider>
      <LightApp message={{ maxCount: 5 }} notification={{ maxCount: 5 }}>
        <Buttons />
      </LightApp>
    </ConfigProvider>,
  );

describe('LightApp', () => {
  it("wraps the page in antd's App element, which sets its font and colour", () => {
    const { container } = renderApp();
    expect(container.firstElementChild?.classList.contains('ant-app')).toBe(true);
    expect(screen.getByRole('button', { name: 'toast' }).closest('.ant-app')).toBeTruthy();
  });

  it('shows toasts, questions and notices asked for at once, before their code has loaded', async () => {
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'toast' }));
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    fireEvent.click(screen.getByRole('button', { name: 'confirm' }));
    expect(await screen.findByText('保存しました')).toBeTruthy();
    expect(await screen.findByText('新しいバージョンが利用可能です')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: '顧客「山田 花子」を削除しますか？' });
    fireEvent.click(await screen.findByRole('button', { name: '削除する' }));
    expect(await screen.findByText('削除しました')).toBeTruthy();
    expect(dialog).toBeTruthy();
  });
});
