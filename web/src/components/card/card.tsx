import type { HTMLAttributes } from 'react';
import { useAntdLook } from '../antd-look';

/**
 * antd's Card with a body only (no title, tabs, cover or loading state): the same element and class
 * names, so antd's styles apply. antd's own Card brings its tabs, skeleton and menu code: +28 KB gzip
 * on the dashboard's first screen and +30 KB on the diagnosis screen's (measured for issue 23).
 */
export function Card({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const { prefixCls, rootClasses } = useAntdLook('card');
  const classes = [...rootClasses, `${prefixCls}-bordered`, className].filter(Boolean).join(' ');
  return (
    <div {...rest} className={classes}>
      <div className={`${prefixCls}-body`}>{children}</div>
    </div>
  );
}
