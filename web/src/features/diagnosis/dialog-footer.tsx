import { Button } from 'antd';
import { DANGER_BUTTON_CLASS } from '../../components/confirm';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import type { DialogMode } from './use-diagnosis-dialog';

const t = jaDiagnosis.dialog;

type Props = {
  mode: DialogMode;
  /** A customer is chosen: without one 登録 / 更新 cannot be pressed (spec 4). */
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * View: 削除, 閉じる and 編集 (DESIGN.md deviation: a record can be corrected). Edit: 削除, キャンセル and
 * 更新. Create: キャンセル and 登録. 削除 stands apart, on the left, away from the save.
 */
export function DialogFooter({ mode, canSave, saving, onSave, onClose, onEdit, onDelete }: Props) {
  return (
    <div className="diagnosis-footer">
      {mode !== 'create' && (
        <Button
          size="large"
          danger
          className={`${DANGER_BUTTON_CLASS} diagnosis-footer-delete`}
          onClick={onDelete}
          disabled={saving}
        >
          {t.delete}
        </Button>
      )}
      <Button size="large" onClick={onClose} disabled={saving}>
        {mode === 'view' ? t.close : t.cancel}
      </Button>
      {mode === 'view' ? (
        <Button size="large" type="primary" onClick={onEdit}>
          {t.edit}
        </Button>
      ) : (
        <Button size="large" type="primary" loading={saving} disabled={!canSave || saving} onClick={onSave}>
          {mode === 'edit' ? t.update : t.create}
        </Button>
      )}
    </div>
  );
}
