import type { Input as AntInput, InputProps, InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import { onDemand } from '../on-demand';
import { LightInput } from './light-input';

// Whether the stand-in has the focus (one box at a time has it): antd's box then takes it over.
const focused = { current: false };

/** antd's Input, given the focus when it replaces a stand-in that had it (where the person was typing). */
function keepingFocus(Input: typeof AntInput) {
  return function FocusKept(props: InputProps) {
    const ref = useRef<InputRef>(null);
    useEffect(() => {
      if (focused.current) ref.current?.focus({ cursor: 'end' });
      // Taken over once: a box mounted later (another screen's) starts unfocused as usual.
      focused.current = false;
    }, []);
    return <Input ref={ref} {...props} />;
  };
}

const input = onDemand<InputProps>(
  () => import('./antd-input').then((m) => keepingFocus(m.Input)),
  ({
    size,
    prefix,
    value,
    onChange,
    onFocus,
    onBlur,
    id,
    className,
    placeholder,
    disabled,
    readOnly,
    type,
    ...rest
  }) => (
    <LightInput
      size={size === 'large' ? 'large' : 'middle'}
      prefix={prefix}
      value={typeof value === 'bigint' ? String(value) : value}
      onChange={onChange}
      onFocus={(event) => {
        focused.current = true;
        void input.preload().catch(() => undefined);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        focused.current = false;
        onBlur?.(event);
      }}
      id={id}
      className={className}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readOnly}
      type={type}
      aria-label={rest['aria-label']}
      aria-labelledby={rest['aria-labelledby']}
    />
  ),
);

/**
 * antd's Input, whose code loads once the first screen is shown (or at the first tap on the box); until
 * then a LightInput of the same look, value and name stands there, and a box tapped before the code
 * came keeps the focus when antd's takes its place.
 */
export const InputOnDemand = input.Component;
export const preloadInput = input.preload;
