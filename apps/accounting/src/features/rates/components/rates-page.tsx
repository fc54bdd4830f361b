import { Col, Flex, PageFrame, Row, Typography } from '@tour/shared/ui';
import { Link, useUrlQuery } from '@tour/shared/router';
import { dayjs, hrefOf, toApiDate } from '@tour/shared';
import { DayRates } from './day-rates';
import { RatesForm } from './rates-form';
import { RatesHistory } from './rates-history';
import { RatesUpload } from './rates-upload';

const section = (title: string) => (
  <Typography.Title level={3} style={{ margin: 0 }}>
    {title}
  </Typography.Title>
);

/** balance-rates: a day's rates with the cross rates, entering and importing them, the history. */
export function RatesPage({ title }: { title: string }) {
  const { params, update } = useUrlQuery();
  const date = toApiDate(params.get('date')) || toApiDate(dayjs());

  return (
    <PageFrame title={title} extra={<Link to={hrefOf('balance-wallets')}>Кошельки</Link>}>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap="middle">
            {section('Курсы на день')}
            <DayRates date={date} onDateChange={(day) => update({ date: day })} />
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap="middle">
            {section('Ввод курсов дня')}
            {/* A new day picked on the left starts a new form for that day. */}
            <RatesForm key={date} initialDate={date} />
            {section('Загрузка файла Нацбанка')}
            <RatesUpload />
          </Flex>
        </Col>
      </Row>
      {section('История курсов')}
      <RatesHistory />
    </PageFrame>
  );
}
