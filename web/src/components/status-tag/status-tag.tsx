import { Tag } from 'antd';
import type { ReactNode } from 'react';

export type StatusTone = 'ok' | 'neutral' | 'info' | 'warn' | 'error';

/**
 * A short state in a chip (オンライン, 送信済み, 送信できませんでした). antd's green and blue tags put
 * their text at about 3:1 on the pale ground; these are dark enough for 4.5:1 (WCAG AA), as the top
 * bar's オンライン is.
 */
const TONES: Record<StatusTone, { color: string; background: string; borderColor: string } | undefined> = {
  ok: { color: '#237804', background: '#f6ffed', borderColor: '#b7eb8f' },
  info: { color: '#0958d9', background: '#e6f4ff', borderColor: '#91caff' },
  warn: { color: '#ad4e00', background: '#fff7e6', borderColor: '#ffd591' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  neutral: undefined,
};

export function StatusTag({
  tone,
  className,
  children,
}: {
  tone: StatusTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tag className={className} style={TONES[tone]}>
      {children}
    </Tag>
  );
}
