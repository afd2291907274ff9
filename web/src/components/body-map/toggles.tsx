import type { BodyView, FigureStyle } from '@clinic/sync-protocol/body';
import { Segmented } from '../segmented';
import { jaBodyMap as t } from '../../i18n/ja-body-map';

const VIEWS: { value: BodyView; label: string }[] = [
  { value: 'front', label: t.views.front },
  { value: 'back', label: t.views.back },
];
const STYLES: { value: FigureStyle; label: string }[] = [
  { value: 'interview', label: t.styles.interview },
  { value: 'chart', label: t.styles.chart },
];

// Large: 44 px a choice with the app's theme. aria-label: antd's own default name is English.

/** 前面 / 背面. */
export function ViewToggle({ value, onChange }: { value: BodyView; onChange: (v: BodyView) => void }) {
  return (
    <Segmented<BodyView>
      className="body-map-toggle"
      size="large"
      aria-label={t.viewToggle}
      options={VIEWS}
      value={value}
      onChange={onChange}
    />
  );
}

/** 簡易 (the ordinary figure) / 詳細 (the medical-record figure). */
export function FigureStyleToggle({ value, onChange }: { value: FigureStyle; onChange: (s: FigureStyle) => void }) {
  return (
    <Segmented<FigureStyle>
      className="body-map-toggle"
      size="large"
      aria-label={t.styleToggle}
      options={STYLES}
      value={value}
      onChange={onChange}
    />
  );
}
