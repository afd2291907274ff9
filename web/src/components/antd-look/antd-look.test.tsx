import { render } from '@testing-library/react';
import { App, Card as AntCard, ConfigProvider, Segmented as AntSegmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { LightApp } from '../app-feedback';
import { Card } from '../card';
import { Segmented } from '../segmented';
import { Text } from '../text';

// The light components draw antd's elements with antd's class names, for antd's styles to apply; an
// antd upgrade that names them otherwise must fail here rather than leave them unstyled.
const rootClasses = (node: ReactNode) => {
  const { container, unmount } = render(<ConfigProvider theme={theme}>{node}</ConfigProvider>);
  const classes = [...container.firstElementChild!.classList].sort();
  unmount();
  return classes;
};
const without = (classes: string[], ...left: string[]) => classes.filter((c) => !left.includes(c));

describe("the light components' class names", () => {
  it('are those of antd’s own Card, Typography.Text, Segmented and App in the app’s theme', () => {
    expect(rootClasses(<Card>a</Card>)).toEqual(without(rootClasses(<AntCard>a</AntCard>), 'ant-card-outlined'));
    expect(rootClasses(<Text type="secondary">a</Text>)).toEqual(rootClasses(<Typography.Text type="secondary">a</Typography.Text>));
    const options = [{ value: 'a', label: 'a' }];
    expect(without(rootClasses(<Segmented value="a" options={options} onChange={() => undefined} />), 'light-segmented')).toEqual(
      rootClasses(<AntSegmented value="a" options={options} />),
    );
    expect(rootClasses(<LightApp>a</LightApp>)).toEqual(rootClasses(<App>a</App>));
  });
});
