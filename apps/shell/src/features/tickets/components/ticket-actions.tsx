import { useState } from 'react';
import { Alert, App, Button, Flex, Typography, UserSearchSelect } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  allMessagesOf,
  canConvertRequest,
  failureTextOf,
  formatDateTime,
  hrefOf,
  nextRequestStatuses,
  type TourRequest,
} from '@tour/shared';
import { useShellTicketsAssignMutation, useShellTicketsMoveMutation } from '../api/tickets-api';
import { ticketFailure } from '../lib/server-errors';
import { TICKET_MOVE_LABELS, TICKET_STATUS_LABELS } from '../lib/ticket-labels';
import { ConvertTicket } from './convert-ticket';
import { RejectTicket } from './reject-ticket';
import { TicketStatusTag } from './ticket-status-tag';

/** The request's assignee: any staff member, or nobody. */
function TicketAssignee({ ticket }: { ticket: TourRequest }) {
  const { message } = App.useApp();
  const [assign, { isLoading }] = useShellTicketsAssignMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const assignTo = async (assigneeId: number | null) => {
    setRefusal(null);
    try {
      const saved = await assign({ id: ticket.id, assignee_id: assigneeId }).unwrap();
      if (!saved) setRefusal('Сервер не подтвердил назначение. Попробуйте ещё раз.');
      else void message.success(saved.assignee_name ? 'Исполнитель назначен' : 'Назначение снято');
    } catch (error) {
      setRefusal(
        allMessagesOf(error)?.join(' ') ??
          failureTextOf(
            error,
            ticketFailure('Не удалось назначить исполнителя. Попробуйте ещё раз.'),
          ),
      );
    }
  };

  return (
    <Flex vertical gap="small">
      <Flex gap="small" align="center" wrap>
        <Typography.Text>Исполнитель:</Typography.Text>
        {ticket.status === 'converted' ? (
          <Typography.Text>{ticket.assignee_name ?? 'не назначен'}</Typography.Text>
        ) : (
          <UserSearchSelect
            users="staff"
            label="Исполнитель"
            placeholder={isLoading ? 'Назначаем…' : 'Не назначен'}
            value={ticket.assignee_id}
            onChange={(id) => void assignTo(id)}
            style={{ width: 300, maxWidth: '100%' }}
          />
        )}
      </Flex>
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
    </Flex>
  );
}

/**
 * What can be done with a request: its status and the moves the shared flow allows (a rejection
 * asks for its reason), its conversion into a trip's participants, its assignee. A converted
 * request only links to its trip.
 */
export function TicketActions({ ticket }: { ticket: TourRequest }) {
  const { message } = App.useApp();
  const [move, { isLoading, originalArgs }] = useShellTicketsMoveMutation();
  const [dialog, setDialog] = useState<'reject' | 'convert' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const takeIntoWork = async () => {
    setRefusal(null);
    try {
      const moved = await move({ id: ticket.id, status: 'in_work' }).unwrap();
      if (!moved) setRefusal('Сервер не подтвердил смену статуса. Попробуйте ещё раз.');
      else void message.success(`Статус заявки: ${TICKET_STATUS_LABELS[moved.status]}`);
    } catch (error) {
      setRefusal(
        allMessagesOf(error)?.join(' ') ??
          failureTextOf(error, ticketFailure('Не удалось сменить статус. Попробуйте ещё раз.')),
      );
    }
  };

  const next = nextRequestStatuses(ticket.status);
  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap align="center">
        <Typography.Text>Статус:</Typography.Text>
        <TicketStatusTag status={ticket.status} />
        {next.includes('in_work') ? (
          <Button
            size="small"
            loading={isLoading && originalArgs?.status === 'in_work'}
            disabled={isLoading}
            onClick={() => void takeIntoWork()}
          >
            {ticket.status === 'rejected' ? 'Вернуть в работу' : TICKET_MOVE_LABELS.in_work}
          </Button>
        ) : null}
        {next.includes('rejected') ? (
          <Button size="small" danger disabled={isLoading} onClick={() => setDialog('reject')}>
            {TICKET_MOVE_LABELS.rejected}
          </Button>
        ) : null}
        {canConvertRequest(ticket.status) ? (
          <Button
            size="small"
            type="primary"
            disabled={isLoading}
            onClick={() => setDialog('convert')}
          >
            {TICKET_MOVE_LABELS.converted}
          </Button>
        ) : null}
      </Flex>
      {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
      {ticket.status === 'rejected' && ticket.reject_reason ? (
        <Alert type="warning" showIcon title={`Причина отказа: ${ticket.reject_reason}`} />
      ) : null}
      {ticket.status === 'converted' ? (
        <Alert
          type="success"
          showIcon
          title={`Заявка оформлена${ticket.converted_at ? ` ${formatDateTime(ticket.converted_at)}` : ''}${ticket.trip_title ? ` в тур «${ticket.trip_title}»` : ''} и больше не меняется.`}
          description={
            ticket.trip_id ? (
              <Link to={hrefOf('trip-summary', { id: ticket.trip_id })}>Открыть свод по туру</Link>
            ) : null
          }
        />
      ) : null}
      <TicketAssignee ticket={ticket} />
      <RejectTicket ticket={ticket} open={dialog === 'reject'} onClose={() => setDialog(null)} />
      <ConvertTicket ticket={ticket} open={dialog === 'convert'} onClose={() => setDialog(null)} />
    </Flex>
  );
}
