import { Divider, Drawer, HistoryList, LoadError, Result, Skeleton, Tabs } from '@tour/shared/ui';
import { statusOf, type TourRequest } from '@tour/shared';
import { useShellTicketQuery } from '../api/tickets-api';
import type { OpenedTicket } from '../hooks/use-opened-ticket';
import {
  TICKET_HISTORY_ENTITIES,
  TICKET_HISTORY_FIELDS,
  TICKET_HISTORY_VALUES,
} from '../lib/ticket-labels';
import { RequestQuote } from './request-quote';
import { TicketActions } from './ticket-actions';
import { TicketAgent } from './ticket-agent';
import { TicketForm } from './ticket-form';

// Wide enough for the form's two columns; the whole screen on a phone.
const DRAWER_WIDTH = 'min(760px, 100vw)';

/** An existing request: its actions and fields, and its "История". */
function TicketView({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: ticket, isLoading, isError, error, refetch } = useShellTicketQuery(id);

  if (isError && statusOf(error) === 404) {
    return (
      <Result
        status="404"
        title="Заявка не найдена"
        subTitle="Возможно, её нет или она вам недоступна."
      />
    );
  }
  if (isError) {
    return <LoadError title="Не удалось загрузить заявку" onRetry={() => void refetch()} />;
  }
  if (isLoading || !ticket) return <Skeleton active paragraph={{ rows: 10 }} />;

  return (
    <Tabs
      items={[
        {
          key: 'ticket',
          label: 'Заявка',
          children: (
            <>
              <TicketActions ticket={ticket} />
              <Divider />
              <RequestQuote ticket={ticket} />
              <Divider />
              <TicketAgent ticket={ticket} />
              <TicketForm
                key={ticket.id}
                ticket={ticket}
                readOnly={ticket.status === 'converted'}
                onSaved={() => undefined}
                onCancel={onClose}
              />
            </>
          ),
        },
        {
          key: 'history',
          label: 'История',
          children: (
            <HistoryList
              record="request"
              path={`/admin/ticket/${ticket.id}`}
              id={ticket.id}
              fields={TICKET_HISTORY_FIELDS}
              entities={TICKET_HISTORY_ENTITIES}
              values={TICKET_HISTORY_VALUES}
            />
          ),
          destroyOnHidden: true,
        },
      ]}
    />
  );
}

export interface TicketDrawerProps {
  opened: OpenedTicket;
  onClose: () => void;
  /** A new request was created: it opens in its place. */
  onCreated: (ticket: TourRequest) => void;
}

/** The drawer of a request: the creation form, or an existing request to work on. */
export function TicketDrawer({ opened, onClose, onCreated }: TicketDrawerProps) {
  return (
    <Drawer
      open={opened !== null}
      onClose={onClose}
      title={opened === 'new' ? 'Новая заявка' : opened ? `Заявка №${opened}` : undefined}
      size={DRAWER_WIDTH}
      destroyOnHidden
    >
      {opened === 'new' ? (
        <TicketForm onSaved={onCreated} onCancel={onClose} />
      ) : opened ? (
        <TicketView key={opened} id={opened} onClose={onClose} />
      ) : null}
    </Drawer>
  );
}
