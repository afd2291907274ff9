import { InboxOutlined } from '@ant-design/icons';
import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { jaFace } from '../../i18n/ja-face';

const t = jaFace;

/** The upload area (spec 2): tap to choose a photo, or drop one on it. Checks happen in `onFile`. */
export function ImageDrop({ onFile, disabled }: { onFile: (file: File) => void; disabled: boolean }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <label
      htmlFor={id}
      className={`face-drop${over ? ' face-drop-over' : ''}${disabled ? ' face-drop-disabled' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={dropped}
    >
      <InboxOutlined className="face-drop-icon" aria-hidden="true" />
      <span className="face-drop-text">{t.drop}</span>
      <span className="face-drop-help">{t.dropHelp}</span>
      <input
        id={id}
        className="face-drop-input"
        type="file"
        accept="image/jpeg,image/png,image/gif"
        disabled={disabled}
        onChange={picked}
        aria-label={t.choose}
      />
    </label>
  );
}
