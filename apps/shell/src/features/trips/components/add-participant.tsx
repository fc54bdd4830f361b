import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  TouristSelect,
} from '@tour/shared/ui';
import {
  allMessagesOf,
  DATE_FORMAT,
  type Dayjs,
  normalizeAmount,
  splitFieldErrors,
  toApiDate,
  type Trip,
  type User,
  validationErrorsOf,
} from '@tour/shared';
import {
  useShellTripsAddParticipantMutation,
  useShellTripsCreateTouristMutation,
} from '../api/trips-api';
import { moneyRule } from '../lib/money-fields';
import { failureText } from '../lib/server-errors';

const REQUIRED = 'Обязательное поле';

interface AddValues {
  user_id: number | null;
  price: string;
  discount: string;
}

const ADD_FIELDS = ['user_id', 'price', 'discount'] as const;

function AddParticipantForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const [add, { isLoading }] = useShellTripsAddParticipantMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: AddValues) => {
    setFormError(null);
    try {
      const added = await add({
        tripId: trip.id,
        user_id: values.user_id!,
        price: normalizeAmount(values.price),
        discount: normalizeAmount(values.discount || '0'),
      }).unwrap();
      if (!added) {
        setFormError('Сервер не подтвердил добавление. Попробуйте ещё раз.');
        return;
      }
      void message.success(`${added.full_name} добавлен(а) в тур`);
      onDone();
    } catch (error) {
      const errors = validationErrorsOf(error);
      if (!errors) {
        setFormError(failureText(error, 'Не удалось добавить участника. Попробуйте ещё раз.'));
        return;
      }
      const { fields, other } = splitFieldErrors(errors, ADD_FIELDS);
      form.setFields(fields);
      setFormError(other.length > 0 ? other.join(' ') : null);
    }
  };

  return (
    <Form<AddValues>
      form={form}
      name="add-participant"
      layout="vertical"
      disabled={isLoading}
      initialValues={{ user_id: null, price: String(trip.price), discount: '0' }}
      onFinish={(values) => void submit(values)}
    >
      {formError ? (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item name="user_id" label="Турист" rules={[{ required: true, message: REQUIRED }]}>
        <TouristSelect />
      </Form.Item>
      <Form.Item
        name="price"
        label={`Цена, ${trip.currency.toUpperCase()}`}
        extra="По умолчанию — цена тура"
        rules={[moneyRule(true)]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item
        name="discount"
        label={`Скидка, ${trip.currency.toUpperCase()}`}
        rules={[moneyRule(false)]}
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
  passport_number: string;
  birth_date: Dayjs | null;
}

const TOURIST_FIELDS = ['full_name', 'phone', 'email', 'passport_number', 'birth_date'] as const;

const text = (value: string | undefined) => value?.trim() || null;

function NewTouristForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TouristValues>();
  const [createTourist, creating] = useShellTripsCreateTouristMutation();
  const [add, adding] = useShellTripsAddParticipantMutation();
  const [formError, setFormError] = useState<string | null>(null);
  // Once made, the tourist is only added on a retry: never created twice.
  const [created, setCreated] = useState<User | null>(null);

  const createOnce = async (values: TouristValues): Promise<User | null> => {
    if (created) return created;
    let outcome;
    try {
      outcome = await createTourist({
        full_name: values.full_name.trim(),
        phone: text(values.phone),
        email: text(values.email),
        passport_number: text(values.passport_number),
        birth_date: toApiDate(values.birth_date) || null,
        roles: ['client'],
      }).unwrap();
    } catch {
      outcome = null;
    }
    if (outcome?.ok) {
      setCreated(outcome.data);
      return outcome.data;
    }
    if (outcome && outcome.errors) {
      const { fields, other } = splitFieldErrors(outcome.errors, TOURIST_FIELDS);
      form.setFields(fields);
      setFormError(other.length > 0 ? other.join(' ') : 'Исправьте поля, отмеченные ниже.');
    } else {
      setFormError('Не удалось создать туриста. Попробуйте ещё раз.');
    }
    return null;
  };

  const submit = async (values: TouristValues) => {
    setFormError(null);
    const tourist = await createOnce(values);
    if (!tourist) return;
    try {
      const added = await add({ tripId: trip.id, user_id: tourist.id }).unwrap();
      if (!added) throw new Error('not confirmed');
      void message.success(`Турист создан и добавлен в тур: ${tourist.full_name}`);
      onDone();
    } catch (error) {
      const why =
        allMessagesOf(error)?.join(' ') ?? failureText(error, 'Не удалось добавить туриста в тур.');
      setFormError(`Турист «${tourist.full_name}» создан, но не добавлен в тур: ${why}`);
    }
  };

  return (
    <Form<TouristValues>
      form={form}
      name="new-tourist"
      layout="vertical"
      disabled={creating.isLoading || adding.isLoading}
      initialValues={{
        full_name: '',
        phone: '',
        email: '',
        passport_number: '',
        birth_date: null,
      }}
      onFinish={(values) => void submit(values)}
    >
      {formError ? (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        name="full_name"
        label="ФИО"
        rules={[{ required: true, whitespace: true, message: REQUIRED }, { max: 255 }]}
      >
        <Input disabled={created !== null} />
      </Form.Item>
      <Form.Item name="phone" label="Телефон" rules={[{ max: 32 }]}>
        <Input type="tel" placeholder="+996 700 000 000" disabled={created !== null} />
      </Form.Item>
      <Form.Item
        name="email"
        label="Email"
        rules={[{ type: 'email', message: 'Неверный адрес электронной почты' }, { max: 255 }]}
      >
        <Input type="email" disabled={created !== null} />
      </Form.Item>
      <Form.Item name="passport_number" label="Номер паспорта" rules={[{ max: 50 }]}>
        <Input disabled={created !== null} />
      </Form.Item>
      <Form.Item name="birth_date" label="Дата рождения">
        <DatePicker
          format={DATE_FORMAT}
          placeholder="ДД.ММ.ГГГГ"
          style={{ width: '100%' }}
          disabled={created !== null}
        />
      </Form.Item>
      <Flex justify="flex-end" gap="small">
        <Button onClick={onDone} disabled={false}>
          {created ? 'Закрыть' : 'Отмена'}
        </Button>
        <Button type="primary" htmlType="submit" loading={creating.isLoading || adding.isLoading}>
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
        destroyOnHidden
      >
        {open ? <NewTouristForm trip={trip} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}
