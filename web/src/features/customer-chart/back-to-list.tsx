import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import { ja } from '../../i18n/ja';

// One step up the path: /customers/:id to /customers, and /pwa/customers/:id to /pwa/customers.
const LIST = '..';

/** 顧客一覧へ: a link (it goes to another page) drawn as a large button. */
export function BackToList() {
  const navigate = useNavigate();
  const href = useHref(LIST, { relative: 'path' });
  const onClick = (event: MouseEvent) => {
    event.preventDefault(); // the router moves without reloading the app
    void navigate(LIST, { relative: 'path' });
  };
  return (
    <Button size="large" href={href} onClick={onClick} icon={<ArrowLeftOutlined aria-hidden />} className="chart-back">
      {ja.chart.back}
    </Button>
  );
}
