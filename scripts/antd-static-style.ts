// antd's component styles written at build time into the app's stylesheet, so a tablet does not compute
// them in the browser on every start (at 4× CPU slower it spent a third of a second of the first
// screen's time there). antd's style hooks read the stylesheet's list of what it holds
// (`.data-ant-cssinjs-cache-path`) and skip those styles; any style not in it is still made in the
// browser as before, so a component missing below is slower to appear, never unstyled.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:antd-static.css';
// Vite treats an id ending in .css as a stylesheet and bundles it with the importing entry's CSS.
const RESOLVED_ID = `\0${MODULE_ID}`;

// antd's internal panels: what its popups draw, rendered in place (a closed popup renders nothing).
type WithPanel = { _InternalPanelDoNotUseOrYouWillBeFired: (props: Record<string, unknown>) => ReactNode };
const panel = (component: unknown, props: Record<string, unknown> = {}) =>
  h((component as WithPanel)._InternalPanelDoNotUseOrYouWillBeFired, props);

/** Every antd component the app uses, drawn once with the parts whose styles are registered apart. */
export function antdSamples(): ReactNode {
  const { Alert, App, AutoComplete, Avatar, Badge, Button, Card, Checkbox, Descriptions, Drawer, Dropdown, Empty, Flex, Form, Input } = antd;
  const { Layout, Menu, Modal, Popconfirm, Progress, Radio, Result, Segmented, Select, Slider, Space, Spin, Statistic, Switch } = antd;
  const { Table, Tabs, Tag, Tooltip, Typography, message, notification } = antd;
  return h(
    Fragment,
    null,
    h(App, null, h(Button, { type: 'primary' }, 'a'), h(Button, { danger: true }, 'a')),
    h(Alert, { title: 'a' }),
    h(AutoComplete, { options: [] }),
    h(Avatar, null),
    h(Badge, { count: 1 }),
    h(Card, { title: 'a' }, 'a'),
    h(Checkbox, null),
    h(Descriptions, { bordered: true, size: 'small', items: [{ key: 'a', label: 'a', children: 'a' }] }),
    panel(Drawer),
    h(Dropdown, { menu: { items: [] } }, h('div', null)),
    h(Empty, null),
    h(Flex, null),
    h(Form, null, h(Form.Item, { label: 'a', help: 'a', validateStatus: 'error' }, h(Input, null))),
    h(Input, null),
    h(Input.TextArea, null),
    h(Input.Password, null),
    h(Input.Search, null),
    h(Layout, null, h(Layout.Header, null), h(Layout.Sider, null), h(Layout.Content, null), h(Layout.Footer, null)),
    h(Menu, { mode: 'inline', items: [{ key: 'a', label: 'a' }] }),
    panel(Modal),
    panel(Modal, { type: 'confirm' }),
    panel(message),
    panel(notification),
    panel(Popconfirm, { title: 'a' }),
    h(Progress, { percent: 50 }),
    h(Progress, { percent: 50, size: 'small', showInfo: false }),
    h(Radio.Group, { optionType: 'button', options: ['a'] }),
    h(Radio, null),
    h(Result, { status: 'error' }),
    h(Segmented, { options: ['a'] }),
    h(Select, { options: [] }),
    h(Slider, null),
    h(Space, null, h(Space.Compact, null, h(Button, null))),
    h(Spin, null),
    h(Statistic, { value: 1 }),
    h(Switch, null),
    h(Table, { rowKey: 'a', dataSource: [{ a: 'a' }], columns: [{ key: 'a', title: 'a', dataIndex: 'a' }], pagination: false, scroll: { x: 100 } }),
    h(Tabs, { items: [{ key: 'a', label: 'a', children: 'a' }] }),
    h(Tag, { color: 'blue' }, 'a'),
    panel(Tooltip, { title: 'a' }),
    h(Typography.Title, null, 'a'),
    h(Typography.Text, null, 'a'),
    h(Typography.Paragraph, null, 'a'),
  );
}

/** The stylesheet of `antdSamples` in `theme`, with the list antd's hooks read to skip them. */
export function antdStaticCss(theme: antd.ConfigProviderProps['theme']): string {
  const cache = createCache();
  renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, antdSamples())));
  // Only the component styles: the theme's variables carry a key antd draws per page, so the browser
  // still sets those (a few lines, cheap).
  return extractStyle(cache, { plain: true, types: 'style' });
}

/**
 * `import 'virtual:antd-static.css'` gives the styles of a production build. A development server gets
 * an empty sheet: antd's class names there differ (css-dev-only-…), and it makes its styles as usual.
 */
export function antdStaticStyle(theme: antd.ConfigProviderProps['theme']): Plugin {
  let production = false;
  return {
    name: 'clinic:antd-static-style',
    configResolved(config) {
      production = config.isProduction && process.env.NODE_ENV === 'production';
    },
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? (production ? antdStaticCss(theme) : '') : undefined),
  };
}
