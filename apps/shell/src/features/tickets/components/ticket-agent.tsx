import { Descriptions, Divider, Typography } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { hrefOf, type TourRequest } from '@tour/shared';

/**
 * An agent's request: the agent who sent it (its user page) and the travellers it names, the
 * people the conversion makes participants. Nothing for a request of anyone else.
 */
export function TicketAgent({ ticket }: { ticket: TourRequest }) {
  const agentId = ticket.counterparty_id;
  if (agentId === null && ticket.travellers.length === 0) return null;
  const items = [];
  if (agentId !== null) {
    items.push({
      key: 'agent',
      label: 'Агент',
      children: (
        <Link to={hrefOf('user-edit', { id: agentId })}>
          {ticket.counterparty_name ?? 'Карточка агента'}
        </Link>
      ),
    });
  }
  if (ticket.travellers.length > 0) {
    items.push({
      key: 'travellers',
      label: `Путешественники: ${ticket.travellers.length}`,
      children: (
        <ol aria-label="Путешественники" style={{ margin: 0, paddingInlineStart: 20 }}>
          {ticket.travellers.map((traveller, index) => (
            <li key={index}>
              {traveller.full_name}
              {', '}
              {traveller.phone ?? (
                <Typography.Text type="secondary">телефон не указан</Typography.Text>
              )}
            </li>
          ))}
        </ol>
      ),
    });
  }
  return (
    <>
      <Descriptions title="Заявка агента" size="small" bordered column={1} items={items} />
      <Divider />
    </>
  );
}
