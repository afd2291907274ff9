import { ConfigProvider, theme } from 'antd';
import { useContext } from 'react';
import { CSS_VAR_KEY } from './css-var-key';

/**
 * The class names antd's own component puts on its root so that its styles apply: its name (ant-card),
 * the theme's hash (both read through antd's public API: ConfigContext.getPrefixCls, theme.useToken) and
 * the class of the theme's CSS variables, whose name app/theme.ts gives. The styles themselves come from the stylesheet written
 * at build time (scripts/antd-static-style.ts), which holds them for these components. antd-look.test.tsx
 * compares the result with what antd's own components render, so an antd upgrade that changes them fails
 * a test instead of leaving a card unstyled.
 */
export function useAntdLook(component: string): { prefixCls: string; rootClasses: string[] } {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls(component);
  const { hashId } = theme.useToken();
  return { prefixCls, rootClasses: [prefixCls, hashId, CSS_VAR_KEY].filter(Boolean) };
}
