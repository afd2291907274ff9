import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { antdComponentsUsed, antdStaticCss } from './antd-static-style.ts';
import { theme } from '../web/src/app/theme.ts';
import { CSS_VAR_KEY } from '../web/src/components/antd-look/css-var-key.ts';

const webSource = fileURLToPath(new URL('../web/src/', import.meta.url));

// What antd calls each one's styles, where it is not the component's own name.
const STYLE_NAMES: Record<string, string> = {
  AutoComplete: 'Select',
  message: 'Message',
  notification: 'Notification',
  Input: 'Input-Component',
};

/** The style names in the list antd's hooks read (`css-x|Button-Button|ant-btn|anticon:hash;…`). */
function listedStyles(css: string): string[] {
  const listed = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1] ?? '';
  return listed.split(';').map((entry) => entry.split('|')[1] ?? '');
}

describe('the antd components the app uses', () => {
  it('are the names its code imports or re-exports from antd, those its light components draw and App.useApp() reaches, without types and hooks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'antd-used-'));
    mkdirSync(join(dir, 'a'));
    writeFileSync(
      join(dir, 'a', 'x.tsx'),
      "import { Button, theme, type FormRule, Typography } from 'antd';\nimport type { TableProps } from 'antd';\n",
    );
    writeFileSync(join(dir, 'y.ts'), "export { Tooltip } from 'antd';\n");
    writeFileSync(join(dir, 'y.test.tsx'), "import { Slider } from 'antd';\n");
    expect(antdComponentsUsed(dir)).toEqual([
      'App',
      'Button',
      'Card',
      'Modal',
      'Segmented',
      'Tooltip',
      'Typography',
      'message',
      'notification',
    ]);
  });
});

describe('antd styles written at build time', () => {
  const used = antdComponentsUsed(webSource);
  const css = antdStaticCss(theme, used);
  const styles = listedStyles(css);

  it('hold the styles of every antd component the app uses, with the list antd reads to skip making them', () => {
    const missing = used.filter(
      (component) => !styles.some((name) => name.startsWith(STYLE_NAMES[component] ?? component)),
    );
    expect(missing).toEqual([]);
    expect(used.length).toBeGreaterThan(20);
  });

  it('hold a form item’s and the grid’s styles, which a bare form does not draw', () => {
    expect(styles.some((name) => name.startsWith('Form-item'))).toBe(true);
    expect(styles.some((name) => name.startsWith('Grid'))).toBe(true);
  });

  it('are drawn in the app’s theme, its CSS variables under the name the light components give their elements', () => {
    expect(css).toContain('.ant-btn');
    expect(css.toLowerCase()).toContain('#0f766e');
    expect(theme.cssVar).toEqual({ key: CSS_VAR_KEY });
    expect(css).toContain(`.${CSS_VAR_KEY}.ant-card{`);
  });
});
