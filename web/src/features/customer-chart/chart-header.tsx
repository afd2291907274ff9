import { customerAge, formatBirthDate, todayInJapan } from '@clinic/sync-protocol';
import { Alert, Card } from 'antd';
import { useId } from 'react';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { customerLabel } from '../../data/entities/customer-name';
import { Fact, UnsyncedTag } from './chart-parts';
import { PrintButton } from './pain-history/print-button';

const t = ja.chart;
const labels = ja.customers.form.labels;

/** 生年月日 with today's age (昭和60年4月1日（1985年）・40歳), or 年齢 as typed when there is no birth date. */
function AgeFact({ customer }: { customer: LocalCustomer }) {
  const age = customerAge(customer, todayInJapan());
  if (!customer.birthDate) return <Fact label={labels.age}>{age === null ? '' : t.age(age)}</Fact>;
  const date = formatBirthDate(customer.birthDate);
  return <Fact label={labels.birthDate}>{age === null ? date : t.birthDateWithAge(date, age)}</Fact>;
}

/**
 * The customer at the top of the chart: name (marked 削除済み when deleted), フリガナ, カルテ番号 (or
 * 未同期 until the server numbers a new customer) and the details a clinician checks before treating.
 */
export function ChartHeader({ customer }: { customer: LocalCustomer }) {
  const nameId = useId();
  return (
    <Card role="region" aria-labelledby={nameId}>
      <header>
        <div className="chart-name">
          <h2 id={nameId}>{customerLabel(customer)}</h2>
          {/* A new customer says it in its カルテ番号 already. */}
          {customer.pending === 1 && customer.chartNumber !== null && <UnsyncedTag />}
          <PrintButton />
        </div>
        {customer.nameKana && <div className="chart-kana">{customer.nameKana}</div>}
      </header>
      {customer.deleted && (
        <Alert className="chart-deleted" type="warning" showIcon title={t.deletedTitle} description={t.deletedText} />
      )}
      <dl className="chart-facts">
        <Fact label={ja.customers.columns.chartNumber}>
          {customer.chartNumber === null ? <UnsyncedTag /> : t.chartNumber(customer.chartNumber)}
        </Fact>
        <AgeFact customer={customer} />
        <Fact label={labels.gender}>{ja.customers.gender[customer.gender]}</Fact>
        <Fact label={labels.phone}>{customer.phone}</Fact>
        <Fact label={labels.email}>{customer.email}</Fact>
        <Fact label={labels.address}>{customer.address}</Fact>
        <Fact label={labels.medicalHistory} wide>
          {customer.medicalHistory}
        </Fact>
      </dl>
    </Card>
  );
}
