import type { CSSProperties, ReactNode } from 'react';
import { useAntdLook } from '../antd-look';

/*
 * antd's Typography.Text, .Title and .Paragraph for text that is only shown: the same elements, class
 * names and antd styles, without what they carry for editing, copying and measured ellipsis (a text
 * box, a tooltip and their styles), which the first screens would otherwise load: +26 KB gzip before
 * every first screen (issue 23). `ellipsis` is antd's one-line CSS ellipsis (antd's own choice when, as
 * here, there is no tooltip or expand button).
 */

type Common = {
  children: ReactNode;
  type?: 'secondary' | 'success' | 'warning' | 'danger';
  strong?: boolean;
  ellipsis?: boolean;
  className?: string;
  style?: CSSProperties;
};

function useClasses({ type, ellipsis, className }: Pick<Common, 'type' | 'ellipsis' | 'className'>): string {
  const { prefixCls, rootClasses } = useAntdLook('typography');
  const classes = [
    ...rootClasses,
    type && `${prefixCls}-${type}`,
    ellipsis && `${prefixCls}-ellipsis ${prefixCls}-ellipsis-single-line`,
    className,
  ];
  return classes.filter(Boolean).join(' ');
}

type Element = 'span' | 'div' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5';

function Plain({
  component: Tag,
  children,
  type,
  strong,
  ellipsis,
  className,
  style,
}: Common & { component: Element }) {
  return (
    <Tag className={useClasses({ type, ellipsis, className })} style={style}>
      {strong ? <strong>{children}</strong> : children}
    </Tag>
  );
}

export function Text(props: Common) {
  return <Plain component="span" {...props} />;
}

export function Paragraph(props: Common) {
  return <Plain component="div" {...props} />;
}

export function Title({ level = 1, ...props }: Omit<Common, 'strong' | 'type'> & { level?: 1 | 2 | 3 | 4 | 5 }) {
  return <Plain component={`h${level}`} {...props} />;
}
