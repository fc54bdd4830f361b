import { Col, DatePicker, Form, Input } from 'antd';
import { createDisabledDate, DATE_FORMAT, dayjs, type Dayjs } from '@tour/shared';

/** The earliest birth date the server accepts. */
export const OLDEST_BIRTH_DATE = '1900-01-01';

export const PASSPORT_FIELD_MESSAGES = {
  birthFuture: 'Дата рождения не может быть в будущем',
  birthTooOld: 'Дата рождения не может быть раньше 01.01.1900',
  issuedFuture: 'Дата выдачи паспорта не может быть в будущем',
  expiryBeforeIssue: 'Срок действия паспорта должен заканчиваться позже даты выдачи',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
} as const;

const max = (length: number) => ({
  max: length,
  message: PASSPORT_FIELD_MESSAGES.tooLong(length),
});

function DateField({
  disabledDate,
  ...props
}: {
  disabledDate: (current: Dayjs) => boolean;
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  return (
    <DatePicker
      {...props}
      format={DATE_FORMAT}
      placeholder="ДД.ММ.ГГГГ"
      disabledDate={disabledDate}
      style={{ width: '100%' }}
    />
  );
}

export interface PassportFieldsProps {
  /** The width of the birth date and citizenship columns from md up (of 24); the passport's are 8. */
  personMd?: number;
  /**
   * A row of a Form.List holding several people: the list's name and the row's `name`; the
   * fields are then that row's (`['travellers', 0, 'passport_number']`).
   */
  row?: { list: string; name: number };
  /** Whose fields these are, in each field's accessible name («Спутник 1: номер паспорта»). */
  who?: string;
  disabled?: boolean;
}

type FieldName =
  'birth_date' | 'citizenship' | 'passport_number' | 'passport_issued_at' | 'passport_expires_at';

/**
 * A person's birth date, citizenship and passport (number, issue and expiry), as the columns of
 * a form's Row, with the server's rules checked as one types: no birth date in the future or
 * before 1900, no issue in the future, an expiry after the issue; the pickers refuse the same
 * days. Used by every form that edits or creates a person (the staff's user form, the agent's
 * tourist form, a new tourist of a trip, the companions of a request converted into a trip).
 */
export function PassportFields({ personMd = 8, row, who, disabled }: PassportFieldsProps) {
  const form = Form.useFormInstance();
  // A Form.Item inside a Form.List takes its name within the row; a watch, a dependency and
  // getFieldValue take the whole path.
  const nameOf = (field: FieldName) => (row ? [row.name, field] : field);
  const pathOf = (field: FieldName) => (row ? [row.list, row.name, field] : [field]);
  const labelled = (label: string) =>
    who ? { 'aria-label': `${who}: ${label.charAt(0).toLowerCase()}${label.slice(1)}` } : {};
  const issuedAt =
    (Form.useWatch(pathOf('passport_issued_at'), form) as Dayjs | null | undefined) ?? null;
  const expiresAt =
    (Form.useWatch(pathOf('passport_expires_at'), form) as Dayjs | null | undefined) ?? null;
  const today = dayjs();
  const birthDisabled = createDisabledDate({ min: OLDEST_BIRTH_DATE, max: today });
  const issuedDisabled = createDisabledDate({
    max: expiresAt && expiresAt.isBefore(today, 'day') ? expiresAt.subtract(1, 'day') : today,
  });
  const expiresDisabled = createDisabledDate({ min: issuedAt ? issuedAt.add(1, 'day') : null });
  return (
    <>
      <Col xs={24} md={personMd}>
        <Form.Item
          name={nameOf('birth_date')}
          label="Дата рождения"
          rules={[
            {
              validator: async (_rule, value: Dayjs | null) => {
                if (value?.isAfter(today, 'day')) {
                  throw new Error(PASSPORT_FIELD_MESSAGES.birthFuture);
                }
                if (value?.isBefore(OLDEST_BIRTH_DATE, 'day')) {
                  throw new Error(PASSPORT_FIELD_MESSAGES.birthTooOld);
                }
              },
            },
          ]}
        >
          <DateField
            disabledDate={birthDisabled}
            disabled={disabled}
            {...labelled('Дата рождения')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={personMd}>
        <Form.Item name={nameOf('citizenship')} label="Гражданство" rules={[max(100)]}>
          <Input maxLength={100} disabled={disabled} {...labelled('Гражданство')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name={nameOf('passport_number')} label="Номер паспорта" rules={[max(50)]}>
          <Input maxLength={50} disabled={disabled} {...labelled('Номер паспорта')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name={nameOf('passport_issued_at')}
          label="Дата выдачи паспорта"
          rules={[
            {
              validator: async (_rule, value: Dayjs | null) => {
                if (value?.isAfter(today, 'day')) {
                  throw new Error(PASSPORT_FIELD_MESSAGES.issuedFuture);
                }
              },
            },
          ]}
        >
          <DateField
            disabledDate={issuedDisabled}
            disabled={disabled}
            {...labelled('Дата выдачи паспорта')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name={nameOf('passport_expires_at')}
          label="Паспорт действителен до"
          dependencies={[pathOf('passport_issued_at')]}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: Dayjs | null) => {
                const issued = getFieldValue(pathOf('passport_issued_at')) as Dayjs | null;
                if (value && issued && !value.isAfter(issued, 'day')) {
                  throw new Error(PASSPORT_FIELD_MESSAGES.expiryBeforeIssue);
                }
              },
            }),
          ]}
        >
          <DateField
            disabledDate={expiresDisabled}
            disabled={disabled}
            {...labelled('Паспорт действителен до')}
          />
        </Form.Item>
      </Col>
    </>
  );
}
