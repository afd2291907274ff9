import { Button, Modal, Typography } from 'antd';
import { useAppApis } from '../../components/app-feedback';
import { ja } from '../../i18n/ja';
import type { HeldDevice } from './use-sync-runtime';

const t = ja.deviceHeld;
type Props = { held: HeldDevice | null; onLogout: () => void; onDiscard: () => Promise<void> };

/**
 * Another user's changes are still unsynced on this device: their author should log in to send them.
 * Discarding is possible, but only after a confirmation that names whose changes and how many.
 */
export function DeviceHeldDialog({ held, onLogout, onDiscard }: Props) {
  const { modal } = useAppApis();
  if (!held) return null;
  const confirmDiscard = () =>
    void modal.confirm({
      title: t.confirmTitle(held.ownerName, held.pending),
      content: t.confirmText,
      okText: t.confirmOk,
      okButtonProps: { danger: true },
      cancelText: t.cancel,
      // Enter or a stray tap must never discard someone's work: the focus starts on the safe answer.
      focusable: { autoFocusButton: 'cancel' },
      onOk: onDiscard,
    });
  return (
    <Modal
      open
      title={t.title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="discard" danger onClick={confirmDiscard}>
          {t.discard}
        </Button>,
        // The safe way out takes the focus, not the destructive button before it (a dialog moves the focus
        // inside it, WAI-ARIA's dialog pattern: to its least destructive action).
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the focus moves into a dialog as it opens
        <Button key="logout" type="primary" onClick={onLogout} autoFocus>
          {t.logout}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t.text(held.ownerName, held.pending)}</Typography.Paragraph>
    </Modal>
  );
}
