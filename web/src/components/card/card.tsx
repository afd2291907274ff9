import { ConfigProvider } from 'antd';
import useStyle from 'antd/es/card/style';
import { type HTMLAttributes, useContext } from 'react';

/**
 * antd's Card with a body only (no title, tabs, cover or loading state): the same element, class names
 * and antd styles, without the tabs and skeleton code antd's Card loads for what is not used here.
 */
export function Card({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('card');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const classes = [prefixCls, `${prefixCls}-bordered`, className, hashId, cssVarCls].filter(Boolean).join(' ');
  return (
    <div {...rest} className={classes}>
      <div className={`${prefixCls}-body`}>{children}</div>
    </div>
  );
}
