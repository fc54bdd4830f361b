import {
  AgentReportButton,
  Card,
  Flex,
  ReconciliationActButton,
  Typography,
} from '@tour/shared/ui';

/**
 * «Документы агента» on a counterparty's user page: the act of reconciliation with the agent for
 * a period and a currency, and the agent's report for a month (XLSX to check, DOCX to sign).
 */
export function AgentPapers({ agent }: { agent: { id: number; full_name: string } }) {
  return (
    <Card title="Документы агента">
      <Flex vertical gap="small" align="start">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Акт сверки: участия туристов агента за вычетом комиссии и оплаты за них. Отчёт агента:
          проданные участники туров месяца, комиссия, оплачено и долг.
        </Typography.Paragraph>
        <Flex gap="small" wrap>
          <ReconciliationActButton
            url={`/admin/users/${agent.id}/agent/act`}
            partyName={agent.full_name}
            fallbackFileName="Акт сверки.xlsx"
          />
          <AgentReportButton
            url={`/admin/users/${agent.id}/agent/report`}
            fallbackFileName="Отчёт агента.xlsx"
          />
        </Flex>
      </Flex>
    </Card>
  );
}
