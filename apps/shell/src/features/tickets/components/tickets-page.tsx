import { routeByName } from '@tour/shared';
import { Button, PageFrame } from '@tour/shared/ui';
import { useOpenedTicket } from '../hooks/use-opened-ticket';
import { TicketDrawer } from './ticket-drawer';
import { TicketsList } from './tickets-list';

/** tickets: the requests (заявки) by status, and the drawer of the one being worked on. */
export function TicketsPage() {
  const { opened, open, close } = useOpenedTicket();
  return (
    <PageFrame
      title={routeByName('tickets').title}
      extra={
        <Button type="primary" onClick={() => open('new')}>
          Новая заявка
        </Button>
      }
    >
      <TicketsList onOpen={open} />
      <TicketDrawer opened={opened} onClose={close} onCreated={(ticket) => open(ticket.id)} />
    </PageFrame>
  );
}
