// antd's component styles written at build time into the app's stylesheet, so a tablet does not compute
// them in the browser on every start (at 4× CPU slower it spent a third of a second of the first
// screen's time there). This is antd's documented "whole export" of server-side rendering, made by
// `@ant-design/static-style-extract` for the components the app imports. antd's style hooks read the
// stylesheet's list of what it holds (`.data-ant-cssinjs-cache-path`) and skip those styles; any style
// not in it is still made in the browser as before, so a component missing here is slower to appear,
// never unstyled.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import * as antd from 'antd';
import { createElement as h, Fragment, type ReactElement } from 'react';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:antd-static.css';
// Vite treats an id ending in .css as a stylesheet and bundles it with the importing entry's CSS.
const RESOLVED_ID = `\0${MODULE_ID}`;

// Drawn with antd's class names by the app's own light components (components/app-feedback, card, text,
// segmented), and reached through App.useApp() rather than imported by name (toasts, notices, questions).
const ALWAYS = ['App', 'Card', 'Typography', 'Segmented', 'message', 'notification', 'Modal'];
// Exports without styles of their own (the extractor leaves them out too).
const STYLELESS = new Set(['ConfigProvider', 'Grid']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The antd exports the code under `dir` imports or re-exports by name (`import { Button } from 'antd'`). */
export function antdComponentsUsed(dir: string): string[] {
  const used = new Set(ALWAYS);
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const [, names] of text.matchAll(/(?:import|export) \{([^}]+)\} from 'antd';/g)) {
      for (const name of names!.split(',').map((n) => n.trim()))
        if (!name.startsWith('type ')) used.add(name.split(' as ')[0]!);
    }
  }
  // Components only: the extractor draws each one; hooks, `theme` and `version` have no styles of their own.
  const styled = (name: string) => /^[A-Z]/.test(name) || name === 'message' || name === 'notification';
  return [...used].filter((name) => name in antd && styled(name) && !STYLELESS.has(name)).sort();
}

/**
 * The stylesheet of `components` in `theme`, with the list antd's hooks read to skip them. The extractor
 * draws each component once without props; a form item with its help line and the grid it lays out on
 * are drawn beside them, since a bare <Form> registers neither.
 */
export function antdStaticCss(theme: antd.ConfigProviderProps['theme'], components: readonly string[]): string {
  const { ConfigProvider, Form, Input } = antd;
  const formItem = h(Form, null, h(Form.Item, { label: 'a', help: 'a', validateStatus: 'error' }, h(Input, null)));
  return extractStyle({
    includes: [...components],
    customTheme: (node: ReactElement) => h(ConfigProvider, { theme }, h(Fragment, null, node, formItem)),
  });
}

/**
 * `import 'virtual:antd-static.css'` gives the styles, made in the mode of the build or server (a
 * development server's class names are css-dev-only-…, and so are the ones this process makes then).
 * Where this process's mode is not the page's (a production build run with NODE_ENV=development) the
 * sheet is empty and antd makes every style in the browser, as it would without it.
 */
export function antdStaticStyle(theme: antd.ConfigProviderProps['theme'], sourceDir: string): Plugin {
  let sameMode = true;
  return {
    name: 'clinic:antd-static-style',
    configResolved(config) {
      sameMode = config.isProduction === (process.env.NODE_ENV === 'production');
    },
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) =>
      id === RESOLVED_ID ? (sameMode ? antdStaticCss(theme, antdComponentsUsed(sourceDir)) : '') : undefined,
  };
}
