import { useMemo, useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  InputNumber,
  Row,
  Select,
  Spin,
  UserSearchSelect,
  useServerForm,
} from '@tour/shared/ui';
import {
  countRule,
  CURRENCIES,
  CURRENCY_LABELS,
  DATE_FORMAT,
  defaultTripManager,
  FIELDS_BELOW_HINT,
  formatAmount,
  hrefOf,
  type PreparedTour,
  type SplitErrors,
  type Trip,
  TRIP_FLIGHTS,
  TRIP_FLIGHTS_LIST,
  TRIP_SEATS,
  useDebouncedValue,
  usePermissionData,
} from '@tour/shared';
import { useSignedInUserId } from '../../../lib/signed-in-user';
import { ItineraryEditor } from '../../../components/itinerary-editor';
import { ButtonLink } from '../../../components/button-link';
import {
  useShellTripsCreateMutation,
  useShellTripsTourOptionsQuery,
  useShellTripsUpdateMutation,
} from '../api/trips-api';
import { moneyRule } from '../lib/money-fields';
import { tripFailure } from '../lib/server-errors';
import {
  createBodyOf,
  emptyTripForm,
  splitServerErrors,
  tourEnd,
  tripFormValues,
  updateBodyOf,
  valuesFromTour,
  type TripFormValues,
} from '../lib/trip-form-values';

const REQUIRED = 'Обязательное поле';
const FLIGHTS_OPTIONS = TRIP_FLIGHTS_LIST.map((flights) => ({
  value: flights,
  label: TRIP_FLIGHTS[flights].label,
}));
const SEARCH_DELAY_MS = 300;

interface PreparedTourSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The tour picked (null when cleared), to fill the form. */
  onPick: (tour: PreparedTour | null) => void;
}

/** A prepared tour found by the server's search as one types; nothing is asked before opening. */
function PreparedTourSelect({ id, value, onChange, onPick }: PreparedTourSelectProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useShellTripsTourOptionsQuery(term, { skip: !opened });
  const [picked, setPicked] = useState<PreparedTour | null>(null);
  const tours = useMemo(() => {
    const list = found.data ?? [];
    return picked && !list.some((tour) => tour.id === picked.id) ? [picked, ...list] : list;
  }, [found.data, picked]);

  return (
    <Select<number>
      id={id}
      allowClear
      placeholder="Без заготовки: всё заполняется вручную"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      loading={found.isFetching}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      notFoundContent={
        found.isFetching ? (
          <Spin size="small" />
        ) : found.isError ? (
          'Не удалось загрузить туры'
        ) : (
          'Ничего не найдено'
        )
      }
      options={tours.map((tour) => ({
        value: tour.id,
        label: `${tour.title} · ${tour.days} дн. · ${formatAmount(tour.base_price, tour.currency)}`,
      }))}
      onChange={(next) => {
        const tour = tours.find((item) => item.id === next) ?? null;
        setPicked(tour);
        onChange?.(next ?? null);
        onPick(tour);
      }}
    />
  );
}

export interface TripFormProps {
  /** The trip being edited; absent for a new one. */
  trip?: Trip;
  onSaved: (trip: Trip) => void;
}

/**
 * A trip's own fields. A new trip may start from a prepared tour: picking one fills the title,
 * country, itinerary, price and currency, and the end date (start + days - 1). The server's errors
 * appear under their fields, the rest above the form; typed values stay.
 */
export function TripForm({ trip, onSaved }: TripFormProps) {
  const [form] = Form.useForm<TripFormValues>();
  const { message } = App.useApp();
  const [create, creating] = useShellTripsCreateMutation();
  const [update, updating] = useShellTripsUpdateMutation();
  const server = useServerForm({
    form,
    // The server names an itinerary day's field by its index, as the list does.
    fields: (errors) => splitServerErrors(errors) as SplitErrors,
    failure: tripFailure('Не удалось сохранить тур. Попробуйте ещё раз.'),
    fieldsHint: FIELDS_BELOW_HINT,
  });
  const [tour, setTour] = useState<PreparedTour | null>(null);
  const permissionData = usePermissionData();
  const signedInId = useSignedInUserId();
  // A new trip is its sales manager's own unless another (or nobody) is chosen, as the API does.
  const defaultManager = defaultTripManager(signedInId, permissionData);
  const initialValues = useMemo(
    () => (trip ? tripFormValues(trip) : { ...emptyTripForm(), manager_id: defaultManager }),
    [trip, defaultManager],
  );

  const pickTour = (picked: PreparedTour | null) => {
    setTour(picked);
    if (picked) form.setFieldsValue(valuesFromTour(picked, form.getFieldValue('dates')));
  };

  const submit = (values: TripFormValues) =>
    server.submit(async () => {
      const saved = trip
        ? await update({ id: trip.id, ...updateBodyOf(values) }).unwrap()
        : await create(createBodyOf(values)).unwrap();
      if (!saved) {
        server.setFormError(['Сервер не подтвердил сохранение. Попробуйте ещё раз.']);
        return;
      }
      void message.success(trip ? 'Изменения сохранены' : 'Тур создан');
      if (trip) form.setFieldsValue(tripFormValues(saved));
      onSaved(saved);
    });

  return (
    <Form<TripFormValues>
      form={form}
      name="trip"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      scrollToFirstError={{ block: 'center' }}
      autoComplete="off"
    >
      <Flex vertical gap="middle">
        <FormErrorAlert title="Не удалось сохранить тур" error={server.formError} style={{}} />

        <Card title="Основное">
          <Row gutter={16}>
            {trip ? null : (
              <Col span={24}>
                <Form.Item
                  name="prepared_tour_id"
                  label="Из заготовленного тура"
                  extra="Название, страна, программа, цена и конец тура подставятся из заготовки"
                >
                  <PreparedTourSelect onPick={pickTour} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12}>
              <Form.Item
                name="title"
                label="Название"
                rules={[{ required: true, whitespace: true, message: REQUIRED }, { max: 255 }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="country" label="Страна" rules={[{ max: 100 }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="dates"
                label="Даты"
                extra={
                  tour
                    ? `Конец подставится по длительности заготовки: ${tour.days} дн.`
                    : 'Начало позже конца — даты поменяются местами'
                }
                // With a prepared tour a start is enough: its length gives the end.
                normalize={(range: TripFormValues['dates']) =>
                  tour && range?.[0] && !range[1] ? [range[0], tourEnd(range[0], tour)] : range
                }
                rules={[
                  {
                    validator: async (_rule, range: TripFormValues['dates']) => {
                      if (!range?.[0] || (!range[1] && !tour)) throw new Error('Укажите даты тура');
                    },
                  },
                ]}
              >
                {/* Named on both its inputs: the form's label reaches only the first. */}
                <DatePicker.RangePicker
                  aria-label="Даты"
                  format={DATE_FORMAT}
                  placeholder={['Начало', 'Конец']}
                  allowEmpty={tour ? [false, true] : [false, false]}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="manager_id" label="Менеджер" extra="Сотрудник, ответственный за тур">
                <UserSearchSelect users="staff" placeholder="Найти сотрудника" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="price" label="Цена на человека" rules={[moneyRule(true)]}>
                <Input inputMode="decimal" placeholder="1500.50" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="currency"
                label="Валюта"
                rules={[{ required: true, message: REQUIRED }]}
              >
                <Select
                  placeholder="Валюта"
                  options={CURRENCIES.map((code) => ({
                    value: code,
                    label: `${CURRENCY_LABELS[code]} (${code.toUpperCase()})`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="seats"
                label="Мест"
                rules={[{ required: true, message: REQUIRED }, countRule(TRIP_SEATS)]}
              >
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="flights"
                label="Авиаперелёт"
                extra="Какие авиабилеты нужны каждому туристу"
              >
                <Select options={FLIGHTS_OPTIONS} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="notes" label="Заметки" rules={[{ max: 5000 }]}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} showCount />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title="Программа по дням">
          <ItineraryEditor />
        </Card>

        <Flex gap="small">
          <Button
            type="primary"
            htmlType="submit"
            loading={creating.isLoading || updating.isLoading}
          >
            {trip ? 'Сохранить' : 'Создать тур'}
          </Button>
          <ButtonLink to={hrefOf('trips')}>Отмена</ButtonLink>
        </Flex>
      </Flex>
    </Form>
  );
}
