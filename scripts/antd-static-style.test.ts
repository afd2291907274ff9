import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { antdStaticCss } from './antd-static-style.ts';
import { theme } from '../web/src/app/theme.ts';

const webSource = fileURLToPath(new URL('../web/src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The antd components the app's code uses: `import { Button } from 'antd'` and `antd/es/avatar/…`. */
function usedComponents(): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(webSource)) {
    const text = readFileSync(file, 'utf8');
    for (const [, names] of text.matchAll(/import \{([^}]+)\} from 'antd';/g)) {
      for (const name of names!.split(',').map((n) => n.trim()))
        if (/^[A-Z]\w*$/.test(name) || name === 'message' || name === 'notification') used.add(name);
    }
    for (const [, folder] of text.matchAll(/from 'antd\/es\/([a-z-]+)/g)) used.add(folder!);
  }
  return used;
}

// What antd calls each one's styles, where it is not the component's own name; null: it has none.
const STYLE_NAMES: Record<string, string | null> = {
  ConfigProvider: null,
  Grid: null,
  locale: null,
  theme: null,
  AutoComplete: 'Select',
  Popconfirm: 'Popconfirm',
  message: 'Message',
  notification: 'Notification',
  Input: 'Input-Component',
};

const styleName = (component: string): string | null => {
  if (component in STYLE_NAMES) return STYLE_NAMES[component] ?? null;
  const pascal = component.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
  return pascal;
};

describe('antd styles written at build time', () => {
  const css = antdStaticCss(theme);
  const listed = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '';
  const paths = listed.split(';').map((entry) => entry.slice(0, entry.lastIndexOf(':')));

  it('hold the styles of every antd component the app uses, with the list antd reads to skip making them', () => {
    const missing = [...usedComponents()].filter((component) => {
      const name = styleName(component);
      return name !== null && !paths.some((path) => path.split('|')[1]?.startsWith(name));
    });
    expect(missing).toEqual([]);
    expect(paths.length).toBeGreaterThan(30);
  });

  it('hold component styles only: the theme’s variables stay with the page, under the key antd gives them there', () => {
    expect(css.includes('.ant-btn{')).toBe(true);
    expect(css.includes('--ant-color-primary:')).toBe(false);
  });
});
