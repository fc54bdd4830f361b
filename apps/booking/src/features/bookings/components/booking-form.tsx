import { useMemo, useRef, useState } from 'react';
import {
  App,
  Button,
  Col,
  Divider,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Row,
  TripSelect,
  useServerForm,
} from '@tour/shared/ui';
import {
  BOOKING_KINDS,
  type BookingKind,
  type FailureTexts,
  FIELDS_BELOW_HINT,
  type SplitErrors,
} from '@tour/shared';
import { SupplierSelect } from '../../../components/supplier-select';
import type { Supplier } from '../../../lib/supplier';
import { hotelFromSupplier } from '../../../lib/supplier-fill';
import { useBookingSaveMutation } from '../api/bookings-api';
import type { Booking } from '../api/types';
import { splitBookingErrors, type CoverErrors } from '../lib/booking-errors';
import {
  bookingBodyOf,
  bookingFormValues,
  emptyBookingForm,
  type BookingFormValues,
  type CoverValue,
  type RoomValue,
} from '../lib/booking-form-values';
import { maxLength, required } from '../lib/form-rules';
import { COVER_COLUMNS } from '../lib/kind-config';
import { moneyError } from '../lib/money-input';
import { keepCovered } from '../lib/rooming';
import { CostFields } from './cost-fields';
import { KindFields } from './kind-fields';
import { ParticipantsEditor } from './participants-field';
import { RoomPlanEditor } from './room-plan-editor';
import { ServiceDates } from './service-dates';

const FAILURE: FailureTexts = {
  byStatus: {
    0: 'Нет связи с сервером. Проверьте подключение и сохраните ещё раз.',
    403: 'Недостаточно прав для работы с бронированиями.',
    404: 'Бронирование не найдено: возможно, его уже нет.',
  },
  serverMessage: 'otherwise',
  fallback: 'Не удалось сохранить бронирование. Попробуйте ещё раз.',
};

export interface BookingFormProps {
  kind: BookingKind;
  /** The booking being edited; absent for a new one. */
  booking?: Booking;
  /** A new booking's trip (from the URL: the trip summary's link). */
  presetTripId?: number | null;
  /** A new booking's values to start from instead of an empty form (a costing's line). */
  start?: { values: BookingFormValues; supplierName: string | null };
  onSaved: (booking: Booking) => void;
  onCancel: () => void;
}

/**
 * A booking's fields: trip, supplier, dates, the kind's own fields, status and money, the
 * participants covered, a hotel's room plan. The server's errors appear under their fields (nested
 * ones too: a ticket's price, a room of the plan), the rest above the form; nothing typed is lost.
 */
export function BookingForm({
  kind,
  booking,
  presetTripId = null,
  start,
  onSaved,
  onCancel,
}: BookingFormProps) {
  const [form] = Form.useForm<BookingFormValues>();
  const { message } = App.useApp();
  const [save, { isLoading }] = useBookingSaveMutation();
  const server = useServerForm({
    form,
    fields: [],
    failure: FAILURE,
    fieldsHint: FIELDS_BELOW_HINT,
  });
  const [coverErrors, setCoverErrors] = useState<CoverErrors>({});
  const initialValues = useMemo(
    () =>
      booking
        ? bookingFormValues(booking)
        : (start?.values ?? emptyBookingForm(kind, presetTripId)),
    [booking, kind, presetTripId, start],
  );
  const coveredBefore = useMemo(
    () => new Set(booking?.participants.map((p) => p.participant_id) ?? []),
    [booking],
  );
  // An existing booking's trip is shown, not a field: its id is the booking's.
  const watchedTrip = Form.useWatch('trip_id', form);
  const tripId = booking ? booking.trip.id : watchedTrip;

  const clearCover = (participantId: number) =>
    setCoverErrors((current) => {
      if (!current[participantId]) return current;
      const next = { ...current };
      delete next[participantId];
      return next;
    });

  // What the previous supplier put into the hotel's fields: replaced by the next one's, while a
  // value typed by hand stays.
  const filled = useRef<{ hotel_name?: string | null; city?: string | null }>({
    hotel_name: booking?.supplier.name ?? start?.supplierName,
  });
  const chooseSupplier = (_id: number | null, supplier: Supplier | null) => {
    // A new booking takes the supplier's currency unless one was chosen by hand.
    if (!booking && supplier?.default_currency && !form.isFieldTouched('currency')) {
      form.setFieldValue('currency', supplier.default_currency);
    }
    if (kind === 'hotel' && supplier) {
      const from = hotelFromSupplier(supplier);
      for (const field of ['hotel_name', 'city'] as const) {
        const value = from[field];
        const current = (form.getFieldValue(['details', field]) as string | undefined)?.trim();
        if (value && (!current || current === filled.current[field])) {
          form.setFields([{ name: ['details', field], value, errors: [] }]);
          filled.current[field] = value;
        }
      }
    }
  };

  const submit = () => {
    const values = form.getFieldsValue(true) as BookingFormValues;
    const body = bookingBodyOf(kind, values);
    return server.submit(
      async () => {
        const saved = await save({ id: booking?.id ?? null, body }).unwrap();
        if (!saved) {
          server.setFormError(
            'Сервер не подтвердил сохранение. Обновите список и проверьте бронирование.',
          );
          return;
        }
        setCoverErrors({});
        void message.success(booking ? 'Изменения сохранены' : 'Бронирование добавлено');
        if (booking) form.setFieldsValue(bookingFormValues(saved));
        onSaved(saved);
      },
      (errors): SplitErrors => {
        const sent = body.participants.map((cover) => cover.participant_id);
        const split = splitBookingErrors(errors, kind, values.status, sent);
        setCoverErrors(split.covers);
        return split as SplitErrors;
      },
    );
  };

  return (
    <Form<BookingFormValues>
      form={form}
      name={booking ? `booking-${booking.id}` : `booking-new-${kind}`}
      layout="vertical"
      initialValues={initialValues}
      onFinish={() => void submit()}
      onValuesChange={(changed: Partial<BookingFormValues>) => {
        if ('trip_id' in changed) form.setFieldValue('participants', []);
        // Whoever the booking no longer covers leaves the room plan at once.
        if (kind === 'hotel' && ('trip_id' in changed || 'participants' in changed)) {
          const covered = new Set(
            ((form.getFieldValue('participants') ?? []) as CoverValue[]).map(
              (cover) => cover.participant_id,
            ),
          );
          const plan = (form.getFieldValue(['details', 'room_plan']) ?? []) as RoomValue[];
          if (plan.some((room) => room.participant_ids.some((id) => !covered.has(id)))) {
            form.setFieldValue(['details', 'room_plan'], keepCovered(plan, covered));
          }
        }
      }}
      scrollToFirstError={{ block: 'center' }}
      autoComplete="off"
    >
      <FormErrorAlert title="Не удалось сохранить бронирование" error={server.formError} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {booking ? (
            // The trip stays in the form's values; it is shown, not chosen again.
            <Form.Item label="Тур" extra="Тур бронирования не меняется.">
              <Input value={booking.trip.title} disabled aria-label="Тур" />
            </Form.Item>
          ) : (
            <Form.Item name="trip_id" label="Тур" rules={[required]}>
              <TripSelect />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="supplier_id" label="Поставщик" rules={[required]}>
            <SupplierSelect
              kind={kind}
              initialName={booking?.supplier.name ?? start?.supplierName ?? undefined}
              onChange={chooseSupplier}
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{BOOKING_KINDS[kind].label}</Divider>
      <ServiceDates kind={kind} />
      <KindFields kind={kind} />
      <Divider titlePlacement="start">Стоимость и оплата</Divider>
      <CostFields kind={kind} />
      <Divider titlePlacement="start">Участники</Divider>
      <Form.Item
        name="participants"
        rules={[
          {
            validator: (_rule, covers: BookingFormValues['participants'] | undefined) => {
              const problem = participantsProblem(kind, covers, form.getFieldValue('currency'));
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <ParticipantsEditor
          kind={kind}
          tripId={tripId}
          coveredBefore={coveredBefore}
          errors={coverErrors}
          onEdited={clearCover}
        />
      </Form.Item>
      {kind === 'hotel' ? (
        <>
          <Divider titlePlacement="start">План размещения</Divider>
          <RoomPlanEditor tripId={tripId} />
        </>
      ) : null}
      <Form.Item name="notes" label="Заметки" rules={[maxLength(5000)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} showCount />
      </Form.Item>
      <Flex gap="small">
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {booking ? 'Сохранить' : 'Добавить бронирование'}
        </Button>
        <Button onClick={onCancel}>{booking ? 'Закрыть' : 'Отмена'}</Button>
      </Flex>
    </Form>
  );
}

/** What the participants lack before saving: someone to cover, a valid ticket cost each. */
function participantsProblem(
  kind: BookingKind,
  covers: BookingFormValues['participants'] | undefined,
  currency: BookingFormValues['currency'],
): string | null {
  const list = covers ?? [];
  if (list.length === 0 && kind !== 'tour_expense') {
    return 'Выберите участников, которых покрывает бронирование';
  }
  const costs = COVER_COLUMNS[kind].includes('ticket_cost');
  if (costs && list.some((cover) => moneyError(cover.ticket_cost, currency, { required: true }))) {
    return 'Укажите стоимость билета каждого пассажира числом';
  }
  return null;
}
