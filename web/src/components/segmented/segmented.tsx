import { type CSSProperties, useId } from 'react';
import { useAntdLook } from '../antd-look';
import './segmented.css';

export type SegmentedOption<V extends string> = { value: V; label: string };

type Props<V extends string> = {
  value: V;
  options: readonly SegmentedOption<V>[];
  onChange: (value: V) => void;
  size?: 'middle' | 'large';
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-labelledby'?: string;
};

/**
 * antd's Segmented for a few text choices: the same look (antd's classes and styles), drawn as native
 * radio buttons, so arrow keys and screen readers work as for any radio group. antd's own brings a
 * tooltip, a sliding thumb and their code to the first screens that show one (the lists' sort order,
 * the body figure's 前面 / 背面): about +8 KB gzip on the customer and diagnosis screens (issue 23).
 */
export function Segmented<V extends string>({
  value,
  options,
  onChange,
  size = 'middle',
  className,
  style,
  ...aria
}: Props<V>) {
  const { prefixCls, rootClasses } = useAntdLook('segmented');
  const name = useId();
  const classes = [...rootClasses, size === 'large' && `${prefixCls}-lg`, 'light-segmented', className];
  return (
    <div role="radiogroup" {...aria} className={classes.filter(Boolean).join(' ')} style={style}>
      <div className={`${prefixCls}-group`}>
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <label
              key={option.value}
              className={selected ? `${prefixCls}-item ${prefixCls}-item-selected` : `${prefixCls}-item`}
            >
              <input
                type="radio"
                name={name}
                className={`${prefixCls}-item-input`}
                value={option.value}
                checked={selected}
                onChange={() => onChange(option.value)}
              />
              <div className={`${prefixCls}-item-label`} title={option.label}>
                {option.label}
              </div>
            </label>
          );
        })}
      </div>
    </div>
  );
}
