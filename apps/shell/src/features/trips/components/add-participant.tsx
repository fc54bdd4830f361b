import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  describeTourist,
  Flex,
  Form,
  FormErrorAlert,
  Input,
  Modal,
  PassportFields,
  Row,
  type TouristContacts,
  TouristSelect,
  useLazySharedTouristMatchesQuery,
  useServerForm,
} from '@tour/shared/ui';
import {
  allMessagesOf,
  can,
  type Dayjs,
  failureTextOf,
  normalizeAmount,
  FIELDS_BELOW_HINT,
  toApiDate,
  type TouristOption,
  type Trip,
  usePermissionData,
  type User,
} from '@tour/shared';
import {
  useShellTripsAddParticipantMutation,
  useShellTripsCreateTouristMutation,
} from '../api/trips-api';
import { moneyRule } from '../lib/money-fields';
import { tripFailure } from '../lib/server-errors';

const REQUIRED = 'Обязательное поле';

interface AddValues {
  user_id: number | null;
  price: string;
  discount: string;
}

const ADD_FIELDS = ['user_id', 'price', 'discount'] as const;

/** The contact another manager's client was found by: the server adds it only with it. */
export const foundByOf = (tourist: TouristOption | null, userId: number) =>
  tourist && tourist.id === userId && !tourist.own ? (tourist.found_by ?? undefined) : undefined;

/** What happens to the picked client's manager once it is on the trip (the server decides so). */
function PickedNote({ tourist, trip }: { tourist: TouristOption; trip: Trip }) {
  const permissions = usePermissionData();
  let note: string | null = null;
  if (!tourist.own) {
    const whose = tourist.manager_name ? `менеджера ${tourist.manager_name}` : 'другого менеджера';
    note = `Клиент ${whose}: он будет добавлен в тур и останется за своим менеджером.`;
  } else if (tourist.manager_id === null) {
    note = can('see_all_users', permissions)
      ? trip.manager_name
        ? `Клиент без менеджера: в туре он закрепится за менеджером тура (${trip.manager_name}).`
        : null
      : 'Клиент без менеджера: добавив его в тур, вы станете его менеджером.';
  }
  return note ? <Alert type="info" showIcon title={note} style={{ marginBottom: 16 }} /> : null;
}

function AddParticipantForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const [add, { isLoading }] = useShellTripsAddParticipantMutation();
  const server = useServerForm({
    form,
    fields: ADD_FIELDS,
    failure: tripFailure('Не удалось добавить участника. Попробуйте ещё раз.'),
  });
  const [picked, setPicked] = useState<TouristOption | null>(null);

  const submit = (values: AddValues) =>
    server.submit(async () => {
      const added = await add({
        tripId: trip.id,
        user_id: values.user_id!,
        price: normalizeAmount(values.price),
        discount: normalizeAmount(values.discount || '0'),
        found_by: foundByOf(picked, values.user_id!),
      }).unwrap();
      if (!added) {
        server.setFormError('Сервер не подтвердил добавление. Попробуйте ещё раз.');
        return;
      }
      void message.success(`${added.full_name} добавлен(а) в тур`);
      onDone();
    });

  return (
    <Form<AddValues>
      form={form}
      name="add-participant"
      layout="vertical"
      disabled={isLoading}
      initialValues={{ user_id: null, price: String(trip.price), discount: '0' }}
      onFinish={(values) => void submit(values)}
    >
      <FormErrorAlert error={server.formError} />
      <Form.Item
        name="user_id"
        label="Турист"
        extra="Свои и клиенты без менеджера — по ФИО; клиент другого менеджера — по точному телефону, email или номеру паспорта"
        rules={[{ required: true, message: REQUIRED }]}
      >
        <TouristSelect onPick={setPicked} />
      </Form.Item>
      {picked ? <PickedNote tourist={picked} trip={trip} /> : null}
      <Form.Item
        name="price"
        label={`Цена, ${trip.currency.toUpperCase()}`}
        extra="По умолчанию — цена тура"
        rules={[moneyRule(true, trip.currency)]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item
        name="discount"
        label={`Скидка, ${trip.currency.toUpperCase()}`}
        rules={[moneyRule(false, trip.currency)]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onDone} disabled={false}>
          Отмена
        </Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Добавить
        </Button>
      </Flex>
    </Form>
  );
}

/** "Добавить участника": a tourist from the directory, with its price and discount. */
export function AddParticipant({ trip }: { trip: Trip }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        Добавить участника
      </Button>
      <Modal
        title="Добавить участника"
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        {open ? <AddParticipantForm trip={trip} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

interface TouristValues {
  full_name: string;
  phone: string;
  email: string;
  birth_date: Dayjs | null;
  citizenship: string;
  passport_number: string;
  passport_issued_at: Dayjs | null;
  passport_expires_at: Dayjs | null;
}

const TOURIST_FIELDS = [
  'full_name',
  'phone',
  'email',
  'birth_date',
  'citizenship',
  'passport_number',
  'passport_issued_at',
  'passport_expires_at',
] as const satisfies readonly (keyof TouristValues)[];

const text = (value: string | undefined) => value?.trim() || null;
const date = (value: Dayjs | null | undefined) => toApiDate(value) || null;

/** The fields a duplicate is looked for by: contacts no two tourists share. */
const CONTACT_FIELDS = ['phone', 'email', 'passport_number'] as const;

const MATCHED_BY_LABEL = {
  phone: 'телефон',
  email: 'email',
  passport_number: 'номер паспорта',
} as const;

/**
 * «Такой турист уже есть»: the clients that already have a typed phone, email or passport number,
 * each to be put on the trip instead of a second record. A passport number alone may be a typo or
 * another country's: then a new tourist may still be made; a phone or an email never repeats.
 */
function ExistingTourists({
  matches,
  busy,
  onAdd,
  onCreateAnyway,
}: {
  matches: TouristOption[];
  busy: boolean;
  onAdd: (tourist: TouristOption) => void;
  onCreateAnyway: (() => void) | null;
}) {
  const one = matches.length === 1 ? matches[0]! : null;
  const by = [...new Set(matches.map((tourist) => tourist.matched_by).filter(Boolean))]
    .map((field) => MATCHED_BY_LABEL[field!])
    .join(', ');
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        one
          ? `Такой турист уже есть: ${describeTourist(one)}. Добавить его?`
          : 'Такие туристы уже есть. Добавить одного из них?'
      }
      description={
        <Flex vertical gap="small">
          <span>{`Совпадает ${by}.`}</span>
          <Flex gap="small" wrap>
            {matches.map((tourist) => (
              <Button
                key={tourist.id}
                type="primary"
                size="small"
                loading={busy}
                onClick={() => onAdd(tourist)}
              >
                {one ? 'Добавить его в тур' : `Добавить: ${describeTourist(tourist)}`}
              </Button>
            ))}
            {onCreateAnyway ? (
              <Button size="small" disabled={busy} onClick={onCreateAnyway}>
                Нет, это другой человек — создать
              </Button>
            ) : null}
          </Flex>
        </Flex>
      }
    />
  );
}

function NewTouristForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TouristValues>();
  const [createTourist, creating] = useShellTripsCreateTouristMutation();
  const [add, adding] = useShellTripsAddParticipantMutation();
  const [findMatches, matching] = useLazySharedTouristMatchesQuery();
  const server = useServerForm({
    form,
    fields: TOURIST_FIELDS,
    fieldsHint: FIELDS_BELOW_HINT,
    failure: { fallback: 'Не удалось создать туриста. Попробуйте ещё раз.' },
  });
  const setFormError = server.setFormError;
  // Once made, the tourist is only added on a retry: never created twice.
  const [created, setCreated] = useState<User | null>(null);
  // The clients that already have the typed contacts, offered instead of a second record.
  const [matches, setMatches] = useState<TouristOption[] | null>(null);
  // Contacts the person confirmed to be a different tourist's (a passport number alone).
  const confirmedNew = useRef<string | null>(null);

  const contactsOf = (values: TouristValues): TouristContacts => ({
    phone: text(values.phone),
    email: text(values.email),
    passport_number: text(values.passport_number),
  });

  const createOnce = async (values: TouristValues): Promise<User | null> => {
    if (created) return created;
    let outcome;
    try {
      outcome = await createTourist({
        full_name: values.full_name.trim(),
        phone: text(values.phone),
        email: text(values.email),
        birth_date: date(values.birth_date),
        citizenship: text(values.citizenship),
        passport_number: text(values.passport_number),
        passport_issued_at: date(values.passport_issued_at),
        passport_expires_at: date(values.passport_expires_at),
        roles: ['client'],
      }).unwrap();
    } catch {
      outcome = null;
    }
    if (outcome?.ok) {
      setCreated(outcome.data);
      return outcome.data;
    }
    if (outcome && outcome.errors) server.showErrors(outcome.errors);
    else server.failUnconfirmed();
    return null;
  };

  /** The clients that already have these contacts; none when the lookup itself fails. */
  const existingFor = async (values: TouristValues): Promise<TouristOption[]> => {
    const contacts = contactsOf(values);
    if (created || JSON.stringify(contacts) === confirmedNew.current) return [];
    if (!contacts.phone && !contacts.email && !contacts.passport_number) return [];
    try {
      return await findMatches(contacts).unwrap();
    } catch {
      // The server still refuses a second phone or email: the form shows that under the field.
      return [];
    }
  };

  const submit = async (values: TouristValues) => {
    setFormError(null);
    const existing = await existingFor(values);
    if (existing.length > 0) {
      setMatches(existing);
      return;
    }
    const tourist = await createOnce(values);
    if (!tourist) return;
    try {
      const added = await add({ tripId: trip.id, user_id: tourist.id }).unwrap();
      if (!added) throw new Error('not confirmed');
      void message.success(`Турист создан и добавлен в тур: ${tourist.full_name}`);
      onDone();
    } catch (error) {
      const why =
        allMessagesOf(error)?.join(' ') ??
        failureTextOf(error, tripFailure('Не удалось добавить туриста в тур.'));
      setFormError(`Турист «${tourist.full_name}» создан, но не добавлен в тур: ${why}`);
    }
  };

  const addExisting = async (tourist: TouristOption) => {
    setFormError(null);
    try {
      const added = await add({
        tripId: trip.id,
        user_id: tourist.id,
        found_by: foundByOf(tourist, tourist.id),
      }).unwrap();
      if (!added) throw new Error('not confirmed');
      void message.success(`${added.full_name} добавлен(а) в тур`);
      onDone();
    } catch (error) {
      const why =
        allMessagesOf(error)?.join(' ') ??
        failureTextOf(error, tripFailure('Не удалось добавить туриста в тур.'));
      setFormError(`Не удалось добавить «${tourist.full_name}» в тур: ${why}`);
    }
  };

  // Only a passport number repeats between different people (a typo, another country's).
  const onlyPassport =
    matches !== null && matches.every((tourist) => tourist.matched_by === 'passport_number');

  return (
    <Form<TouristValues>
      form={form}
      name="new-tourist"
      layout="vertical"
      disabled={creating.isLoading || adding.isLoading || matching.isFetching}
      initialValues={{
        full_name: '',
        phone: '',
        email: '',
        birth_date: null,
        citizenship: '',
        passport_number: '',
        passport_issued_at: null,
        passport_expires_at: null,
      }}
      onValuesChange={(changed: Partial<TouristValues>) => {
        if (CONTACT_FIELDS.some((field) => field in changed)) setMatches(null);
      }}
      onFinish={(values) => void submit(values)}
    >
      <FormErrorAlert error={server.formError} />
      {matches && matches.length > 0 ? (
        <ExistingTourists
          matches={matches}
          busy={adding.isLoading}
          onAdd={(tourist) => void addExisting(tourist)}
          onCreateAnyway={
            onlyPassport
              ? () => {
                  confirmedNew.current = JSON.stringify(contactsOf(form.getFieldsValue()));
                  setMatches(null);
                  form.submit();
                }
              : null
          }
        />
      ) : null}
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item
            name="full_name"
            label="ФИО"
            rules={[{ required: true, whitespace: true, message: REQUIRED }, { max: 255 }]}
          >
            <Input maxLength={255} disabled={created !== null} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="Телефон" rules={[{ max: 32 }]}>
            <Input
              type="tel"
              placeholder="+996 700 000 000"
              maxLength={32}
              disabled={created !== null}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label="Email"
            rules={[{ type: 'email', message: 'Неверный адрес электронной почты' }, { max: 255 }]}
          >
            <Input type="email" maxLength={255} disabled={created !== null} />
          </Form.Item>
        </Col>
        <PassportFields personMd={12} disabled={created !== null} />
      </Row>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onDone} disabled={false}>
          {created ? 'Закрыть' : 'Отмена'}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={creating.isLoading || adding.isLoading || matching.isFetching}
        >
          {created ? 'Добавить в тур' : 'Создать и добавить'}
        </Button>
      </Flex>
    </Form>
  );
}

/** "Новый турист": creates a client on the spot, then adds it at the trip's price. */
export function NewTourist({ trip }: { trip: Trip }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Новый турист</Button>
      <Modal
        title="Новый турист"
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={640}
        destroyOnHidden
      >
        {open ? <NewTouristForm trip={trip} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}
