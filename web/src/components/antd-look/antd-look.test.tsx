import { render } from '@testing-library/react';
import { App, Card as AntCard, ConfigProvider, Input, Segmented as AntSegmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LightApp } from '../app-feedback';
import { Card } from '../card';
import { LightInput } from '../light-input';
import { Segmented } from '../segmented';
import { Text } from '../text';
import { CSS_VAR_KEY } from './css-var-key';

// The app's theme in what matters here (app/theme.ts, which this layer does not import).
const theme = { cssVar: { key: CSS_VAR_KEY } };

// The light components draw antd's elements with antd's class names, for antd's styles to apply; an
// antd upgrade that names them otherwise must fail here rather than leave them unstyled.
const classesOf = (node: ReactNode, selector?: string) => {
  const { container, unmount } = render(<ConfigProvider theme={theme}>{node}</ConfigProvider>);
  const element = selector ? container.querySelector(selector)! : container.firstElementChild!;
  const classes = [...element.classList].sort();
  unmount();
  return classes;
};
const rootClasses = (node: ReactNode) => classesOf(node);
const without = (classes: string[], ...left: string[]) => classes.filter((c) => !left.includes(c));

describe("the light components' class names", () => {
  it('are those of antd’s own Card, Typography.Text, Segmented and App in the app’s theme', () => {
    expect(rootClasses(<Card>a</Card>)).toEqual(without(rootClasses(<AntCard>a</AntCard>), 'ant-card-outlined'));
    expect(rootClasses(<Text type="secondary">a</Text>)).toEqual(
      rootClasses(<Typography.Text type="secondary">a</Typography.Text>),
    );
    const options = [{ value: 'a', label: 'a' }];
    expect(
      without(rootClasses(<Segmented value="a" options={options} onChange={() => undefined} />), 'light-segmented'),
    ).toEqual(rootClasses(<AntSegmented value="a" options={options} />));
    expect(rootClasses(<LightApp>a</LightApp>)).toEqual(rootClasses(<App>a</App>));
  });

  it('are those of antd’s Input, plain and with a prefix, box and wrapper', () => {
    expect(rootClasses(<LightInput type="date" className="x" />)).toEqual(
      rootClasses(<Input type="date" className="x" />),
    );
    const search = (Box: typeof Input | typeof LightInput) => <Box size="large" prefix={<b>p</b>} className="x" />;
    expect(rootClasses(search(LightInput))).toEqual(rootClasses(search(Input)));
    expect(classesOf(search(LightInput), 'input')).toEqual(classesOf(search(Input), 'input'));
    expect(classesOf(search(LightInput), 'b')).toEqual(classesOf(search(Input), 'b'));
  });
});
