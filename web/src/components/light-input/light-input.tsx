import type { InputHTMLAttributes, ReactNode } from 'react';
import { useAntdLook } from '../antd-look';

export type LightInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> & {
  size?: 'middle' | 'large';
  /** An icon before the text (a search box's magnifier), drawn as antd draws an Input's prefix. */
  prefix?: ReactNode;
};

/**
 * antd's Input look (its element and class names, so its styles apply) for a box with nothing of
 * antd's behaviour: a date box, and what stands in for antd's Input until its code loads
 * (InputOnDemand). antd's `Input` export carries TextArea, Password, Search and OTP: +12 KB gzip on
 * the customer and visit screens' first view (issue 23). autocomplete="off" unless told: what is typed
 * (a patient's name in the search) stays out of the browser's session files (no-form-restore).
 */
export function LightInput({ size = 'middle', prefix, className, ...input }: LightInputProps) {
  const { prefixCls, rootClasses } = useAntdLook('input');
  const large = size === 'large';
  const own = (base: string) => [
    base,
    ...rootClasses.slice(1),
    `${prefixCls}-outlined`,
    className,
    `${prefixCls}-css-var`,
  ];
  if (prefix === undefined) {
    const classes = [...own(prefixCls), large && `${prefixCls}-lg`];
    return <input type="text" autoComplete="off" {...input} className={classes.filter(Boolean).join(' ')} />;
  }
  const wrapper = `${prefixCls}-affix-wrapper`;
  const classes = [...own(wrapper), large && `${wrapper}-lg`];
  return (
    <span className={classes.filter(Boolean).join(' ')}>
      <span className={`${prefixCls}-prefix`}>{prefix}</span>
      <input
        type="text"
        autoComplete="off"
        {...input}
        className={[prefixCls, large && `${prefixCls}-lg`, rootClasses[1]].filter(Boolean).join(' ')}
      />
    </span>
  );
}
