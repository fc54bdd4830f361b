import {
  AgentReportButton,
  Card,
  Col,
  ReconciliationActButton,
  Row,
  Typography,
} from '@tour/shared/ui';

/**
 * «Документы» of the agent area: the agent's own act of reconciliation with the company for a
 * period and a currency, and its own report for a month. The server makes them for the signed-in
 * agent only: there is no other agent to ask for.
 */
export function PapersTab() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card title="Акт сверки взаимных расчётов" style={{ height: '100%' }}>
          <Typography.Paragraph type="secondary">
            Участия ваших туристов в турах (к оплате за вычетом вашей комиссии), оплаты и возвраты
            за период; сальдо на начало и конец периода. Отдельно по каждой валюте.
          </Typography.Paragraph>
          <ReconciliationActButton url="/agent/act" fallbackFileName="Акт сверки.xlsx" />
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title="Отчёт агента за месяц" style={{ height: '100%' }}>
          <Typography.Paragraph type="secondary">
            Ваши туристы в турах, начинающихся в выбранном месяце: цена, скидка, комиссия, оплачено
            и долг, итоги по валютам.
          </Typography.Paragraph>
          <AgentReportButton url="/agent/report" fallbackFileName="Отчёт агента.xlsx" />
        </Card>
      </Col>
    </Row>
  );
}
