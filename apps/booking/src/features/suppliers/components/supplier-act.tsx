import { Flex, ReconciliationActButton, Typography } from '@tour/shared/ui';
import type { Supplier } from '../../../lib/supplier';

/**
 * The supplier's papers: «Акт сверки взаимных расчётов» for a period and a currency (its bookings'
 * costs, penalties of the cancelled ones, the confirmed payments and their reversals).
 */
export function SupplierAct({ supplier }: { supplier: Supplier }) {
  return (
    <Flex vertical gap={12} align="start">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Акт сверки взаимных расчётов с поставщиком за период: стоимость бронирований (отменённых —
        штраф), подтверждённые оплаты и их сторно, сальдо на начало и конец периода.
      </Typography.Paragraph>
      <ReconciliationActButton
        url={`/admin/supplier/${supplier.id}/act`}
        partyName={supplier.name}
        defaultCurrency={supplier.default_currency}
        fallbackFileName="Акт сверки.xlsx"
      />
    </Flex>
  );
}
