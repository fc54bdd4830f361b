import { Alert, Typography } from '@tour/shared/ui';
import type { BulkResult } from '../api/operations-api';
import { refusalText } from '../lib/failure-text';

export type BulkAction = 'confirm' | 'reject';

const WORDS: Record<BulkAction, { done: string; each: string; failure: string }> = {
  confirm: {
    done: 'Подтверждено',
    each: 'Подтверждены',
    failure: 'Не удалось подтвердить операцию.',
  },
  reject: { done: 'Отклонено', each: 'Отклонены', failure: 'Не удалось отклонить операцию.' },
};

export interface BulkOutcome {
  action: BulkAction;
  results: BulkResult[];
  /** What the operations were, as the answer's accessible name (the selected ones by default). */
  label?: string;
}

/** The answer of a bulk confirmation or rejection: which succeeded, and why each other did not. */
export function BulkResults({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const words = WORDS[outcome.action];
  const done = outcome.results.filter((row) => row.ok);
  const failed = outcome.results.filter((row) => !row.ok);
  const type = failed.length === 0 ? 'success' : done.length === 0 ? 'error' : 'warning';
  return (
    <Alert
      type={type}
      showIcon
      role="status"
      aria-label={outcome.label ?? 'Результат по выбранным операциям'}
      closable={{ onClose, 'aria-label': 'Скрыть результат' }}
      title={`${words.done}: ${done.length} из ${outcome.results.length}`}
      description={
        <>
          {done.length > 0 ? (
            <Typography.Paragraph style={{ marginBottom: failed.length > 0 ? 8 : 0 }}>
              {`${words.each}: ${done.map((row) => `№${row.id}`).join(', ')}`}
            </Typography.Paragraph>
          ) : null}
          {failed.length > 0 ? (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {failed.map((row) => (
                <li key={row.id}>
                  {`№${row.id}: ${refusalText(row.status, row.message, words.failure)}`}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      }
    />
  );
}
