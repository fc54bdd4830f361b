import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CURRENCIES,
  CURRENCY_LABELS,
  DEFAULT_GROUP_SIZES,
  dayjs,
  failureTextOf,
  toApiDate,
  useDebouncedValue,
  validationErrorsOf,
  type Costing,
  type CostingPreview,
  type Currency,
} from '@tour/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  EmptyState,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Spin,
  Typography,
} from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import type { CostingPanelProps, CostingSubject } from '../../../components/costing-tab';
import {
  subjectParams,
  useShellCostingsPreviewQuery,
  useShellCostingsSaveMutation,
  useShellCostingsVersionsQuery,
} from '../api/costings-api';
import {
  bodyOf,
  dayTitle,
  draftOfVersion,
  emptyDraft,
  lineDate,
  lineFacts,
  newLineKey,
  sortedByDay,
  type Draft,
  type DraftLine,
  type DraftSettings,
} from '../lib/draft';
import { placeErrors } from '../lib/preview-errors';
import { CostingTable } from './costing-table';
import { CostingVersions } from './costing-versions';
import { LineDialog } from './line-dialog';

/** The preview waits this long after the last change (typing a markup asks once). */
const PREVIEW_DELAY_MS = 400;
const MAX_GROUP_SIZES = 10;
const DATE_FORMAT = 'DD.MM.YYYY';

function firstDraft(subject: CostingSubject): Draft {
  if (subject.kind !== 'request') return emptyDraft(subject.currency);
  const draft = emptyDraft();
  // The request's travellers are a group size of the table (the usual ones around it).
  const sizes = new Set<number>([...DEFAULT_GROUP_SIZES, subject.groupSize]);
  draft.settings.group_sizes = [...sizes]
    .filter((size) => size >= 1 && size <= 200)
    .sort((a, b) => a - b)
    .slice(0, MAX_GROUP_SIZES);
  return draft;
}

const startOf = (subject: CostingSubject) =>
  subject.kind === 'prepared_tour' ? null : subject.startsOn;

/** Group sizes typed as tags: whole numbers from 1 to 200, each once, in order. */
const groupSizesOf = (values: string[]) =>
  [...new Set(values.map((value) => Number(value.trim())))]
    .filter((size) => Number.isInteger(size) && size >= 1 && size <= 200)
    .sort((a, b) => a - b)
    .slice(0, MAX_GROUP_SIZES);

/** Settings: the selling currency, the rates' day, markup, commission, group sizes. */
function SettingsForm({
  settings,
  errors,
  onChange,
}: {
  settings: DraftSettings;
  errors: Record<string, string[]>;
  onChange: (settings: DraftSettings) => void;
}) {
  const set = (patch: Partial<DraftSettings>) => onChange({ ...settings, ...patch });
  const status = (field: string) => (errors[field] ? 'error' : undefined);
  const help = (field: string) => errors[field]?.join(' ');
  return (
    <Form layout="vertical" component="div">
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            label="Валюта продажи"
            htmlFor="costing-currency"
            validateStatus={status('currency')}
            help={help('currency')}
          >
            <Select<Currency>
              id="costing-currency"
              value={settings.currency}
              options={CURRENCIES.map((code) => ({ value: code, label: CURRENCY_LABELS[code] }))}
              onChange={(currency) => set({ currency })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            label="Дата курсов"
            htmlFor="costing-rate-date"
            validateStatus={status('rate_date')}
            help={help('rate_date')}
          >
            <DatePicker
              id="costing-rate-date"
              format={DATE_FORMAT}
              allowClear={false}
              value={dayjs(settings.rate_date)}
              onChange={(day) => day && set({ rate_date: toApiDate(day) })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            label="Наценка"
            htmlFor="costing-markup"
            validateStatus={status('markup')}
            help={help('markup')}
          >
            <Flex gap="small" wrap>
              <Radio.Group
                optionType="button"
                aria-label="Вид наценки"
                value={settings.markup_type}
                options={[
                  { value: 'percent', label: '%' },
                  { value: 'amount', label: 'На человека' },
                ]}
                onChange={(event) =>
                  set({ markup_type: event.target.value as 'percent' | 'amount' })
                }
              />
              <Input
                id="costing-markup"
                inputMode="decimal"
                value={settings.markup}
                onChange={(event) => set({ markup: event.target.value })}
                suffix={settings.markup_type === 'percent' ? '%' : settings.currency.toUpperCase()}
                style={{ width: 140 }}
              />
            </Flex>
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item
            label="Комиссия агента"
            htmlFor="costing-commission"
            validateStatus={status('commission')}
            help={help('commission')}
          >
            <Input
              id="costing-commission"
              inputMode="decimal"
              value={settings.commission}
              onChange={(event) => set({ commission: event.target.value })}
              suffix="%"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            label="Размеры группы"
            htmlFor="costing-group-sizes"
            validateStatus={status('group_sizes')}
            help={
              help('group_sizes') ??
              'Строка таблицы на каждый размер: введите число и запятую или Enter'
            }
          >
            <Select<string[]>
              id="costing-group-sizes"
              mode="tags"
              value={settings.group_sizes.map(String)}
              tokenSeparators={[',', ' ']}
              notFoundContent={null}
              suffixIcon={null}
              onChange={(values) => {
                const sizes = groupSizesOf(values);
                if (sizes.length > 0) set({ group_sizes: sizes });
              }}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/** One line of the programme: what it is, how it was priced, what is wrong with it. */
function LineRow({
  line,
  number,
  count,
  priced,
  errors,
  onMove,
  onEdit,
  onRemove,
}: {
  line: DraftLine;
  number: number;
  count: number;
  priced: CostingPreview['lines'][number] | undefined;
  errors: string[];
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Flex justify="space-between" align="flex-start" gap="small" wrap role="listitem">
      <Flex vertical style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Typography.Text strong>
          {number}. {line.title}
        </Typography.Text>
        <Typography.Text type="secondary">{lineFacts(line.body)}</Typography.Text>
        {priced ? (
          <Typography.Text type="secondary">
            Как посчитано ({CURRENCY_LABELS[priced.currency]}): {priced.detail}
          </Typography.Text>
        ) : null}
        {errors.map((error) => (
          <Typography.Text key={error} type="danger">
            {error}
          </Typography.Text>
        ))}
      </Flex>
      <Flex gap={4} wrap>
        <Button
          size="small"
          aria-label={`Выше: строка ${number}`}
          disabled={number === 1}
          onClick={() => onMove(-1)}
        >
          ↑
        </Button>
        <Button
          size="small"
          aria-label={`Ниже: строка ${number}`}
          disabled={number === count}
          onClick={() => onMove(1)}
        >
          ↓
        </Button>
        <Button size="small" aria-label={`Изменить: строка ${number}`} onClick={onEdit}>
          Изменить
        </Button>
        <Button size="small" danger aria-label={`Удалить: строка ${number}`} onClick={onRemove}>
          Удалить
        </Button>
      </Flex>
    </Flex>
  );
}

/** The costing editor: a programme's services, the settings, a live price table, versions. */
export function CostingPanel({ subject }: CostingPanelProps) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState(() => firstDraft(subject));
  const [note, setNote] = useState<string | null>(null);
  // The dialog: a new line ('new'), a line's key to change, or closed.
  const [editing, setEditing] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  const ref = useMemo(() => ({ kind: subject.kind, id: subject.id }), [subject.kind, subject.id]);

  const body = useMemo(() => bodyOf(draft), [draft]);
  const settled = useDebouncedValue(body, PREVIEW_DELAY_MS);
  const preview = useShellCostingsPreviewQuery(settled ?? skipToken);
  const [save, saving] = useShellCostingsSaveMutation();

  const pending = body !== settled || preview.isFetching;
  const current = body === null ? undefined : (preview.currentData ?? undefined);
  const shown = current ?? (pending && body !== null ? (preview.data ?? undefined) : undefined);
  const { fields, byLine, other } = placeErrors(
    body === null ? null : validationErrorsOf(preview.error),
    draft.lines.length,
  );
  const failed =
    body !== null && preview.isError && !validationErrorsOf(preview.error)
      ? failureTextOf(preview.error, {
          serverMessage: 'otherwise',
          fallback: 'Не удалось рассчитать калькуляцию. Попробуйте ещё раз.',
        })
      : null;

  const setLines = (lines: DraftLine[]) => setDraft((old) => ({ ...old, lines }));
  const move = (index: number, by: -1 | 1) => {
    const lines = [...draft.lines];
    const [line] = lines.splice(index, 1);
    lines.splice(index + by, 0, line!);
    setLines(lines);
  };
  const editingLine =
    editing === null || editing === 'new'
      ? null
      : (draft.lines.find((line) => line.key === editing) ?? null);
  const lastDay =
    draft.lines
      .map((line) => lineDate(line.body))
      .filter(Boolean)
      .at(-1) ?? null;
  const firstDay =
    [startOf(subject), ...draft.lines.map((line) => lineDate(line.body))]
      .filter((day): day is string => day !== null)
      .sort()[0] ?? null;

  const saveVersion = async () => {
    const name = title.trim();
    if (!name || name.length > 200) {
      setTitleError(name ? 'Название — не больше 200 символов' : 'Укажите название версии');
      return;
    }
    setTitleError(null);
    if (!body) return;
    const result = await save({ ...body, title: name, ...subjectParams(ref) });
    if ('data' in result && result.data) {
      void message.success(`Сохранена версия ${result.data.version}`);
      setTitle('');
      setExpanded(result.data.id);
      setNote(null);
    }
  };
  const saveErrors = validationErrorsOf(saving.error);
  const saveFailure = saving.error
    ? saveErrors
      ? Object.entries(saveErrors)
          .filter(([field]) => field !== 'title')
          .flatMap(([, messages]) => messages)
          .join(' ') || null
      : failureTextOf(saving.error, {
          serverMessage: 'otherwise',
          fallback: 'Не удалось сохранить версию. Попробуйте ещё раз.',
        })
    : null;

  const openVersion = (costing: Costing) => {
    setDraft(draftOfVersion(costing));
    setNote(
      `Открыта версия ${costing.version} «${costing.title}» — это новый черновик: ` +
        'сохранённая версия не меняется.',
    );
    setTitle(costing.title);
  };

  // The tab opens on the latest saved version (as a new draft), not on an empty programme: a
  // manager comes back to the costing it left. Once, and only while nothing has been typed.
  const versions = useShellCostingsVersionsQuery(ref);
  const opened = useRef(false);
  useEffect(() => {
    const latest = versions.data?.[0];
    if (opened.current || !versions.data) return;
    opened.current = true;
    if (latest && draft.lines.length === 0) openVersion(latest);
  });

  let day: string | null | undefined;
  return (
    <Flex vertical gap="middle">
      {note ? (
        <Alert type="info" showIcon title={note} closable onClose={() => setNote(null)} />
      ) : null}
      <Card size="small" title="Настройки">
        <SettingsForm
          settings={draft.settings}
          errors={fields}
          onChange={(settings) => setDraft((old) => ({ ...old, settings }))}
        />
      </Card>

      <Card size="small" title="Программа">
        {/* In the card, not its header: on a phone the header has no room for two buttons. */}
        <Flex gap="small" wrap style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing('new')}>
            Добавить услугу
          </Button>
          <Button
            disabled={draft.lines.length < 2}
            onClick={() => setLines(sortedByDay(draft.lines))}
          >
            По дням
          </Button>
        </Flex>
        {draft.lines.length === 0 ? (
          <EmptyState description="Добавьте услуги программы: отель, трансфер, гида, билеты" />
        ) : (
          <Flex vertical gap="small" role="list" aria-label="Услуги программы">
            {draft.lines.map((line, index) => {
              const lineDay = lineDate(line.body);
              const header = lineDay !== day;
              day = lineDay;
              return (
                <Flex key={line.key} vertical gap={4}>
                  {header ? (
                    <Typography.Text type="secondary" strong>
                      {dayTitle(lineDay, firstDay)}
                    </Typography.Text>
                  ) : null}
                  <LineRow
                    line={line}
                    number={index + 1}
                    count={draft.lines.length}
                    priced={current?.lines[index]}
                    errors={byLine[index] ?? []}
                    onMove={(by) => move(index, by)}
                    onEdit={() => setEditing(line.key)}
                    onRemove={() => setLines(draft.lines.filter((one) => one.key !== line.key))}
                  />
                </Flex>
              );
            })}
          </Flex>
        )}
      </Card>

      <Card
        size="small"
        title="Цена на человека"
        extra={pending && body !== null ? <Spin size="small" aria-label="Расчёт" /> : null}
      >
        <Flex vertical gap="small">
          {other.length > 0 ? (
            <Alert
              type="error"
              showIcon
              title={other.length === 1 ? other[0] : 'Калькуляцию нельзя рассчитать'}
              description={other.length > 1 ? other.join(' ') : undefined}
            />
          ) : null}
          {failed ? <Alert type="error" showIcon title={failed} /> : null}
          {shown ? (
            <CostingTable label="Таблица цен" rows={shown.rows} currency={shown.currency} />
          ) : body === null ? (
            <EmptyState description="Таблица появится, когда в программе будут услуги" />
          ) : null}
        </Flex>
      </Card>

      <Card size="small" title="Версии">
        <Flex vertical gap="middle">
          <Form layout="vertical" component="div">
            <Form.Item
              label="Название версии"
              htmlFor="costing-title"
              validateStatus={titleError || saveErrors?.title ? 'error' : undefined}
              help={titleError ?? saveErrors?.title?.join(' ')}
            >
              <Flex gap="small" wrap>
                <Input
                  id="costing-title"
                  value={title}
                  maxLength={250}
                  onChange={(event) => setTitle(event.target.value)}
                  placeholder="Например: Наценка 15 %, курсы на 01.06"
                  style={{ flex: '1 1 240px' }}
                />
                <Button
                  type="primary"
                  loading={saving.isLoading}
                  disabled={body === null}
                  onClick={() => void saveVersion()}
                >
                  Сохранить версию
                </Button>
              </Flex>
            </Form.Item>
          </Form>
          {saveFailure ? <Alert type="error" showIcon title={saveFailure} /> : null}
          <CostingVersions
            subject={ref}
            trip={
              subject.kind === 'trip'
                ? { id: subject.id, price: subject.price, currency: subject.currency }
                : undefined
            }
            expanded={expanded}
            onExpand={setExpanded}
            onOpen={openVersion}
          />
        </Flex>
      </Card>

      {editing !== null ? (
        <LineDialog
          line={editingLine}
          defaultDate={editingLine ? null : (lastDay ?? startOf(subject))}
          onCancel={() => setEditing(null)}
          onDone={(line) => {
            setLines(
              editingLine
                ? draft.lines.map((one) =>
                    one.key === editingLine.key ? { ...line, key: one.key } : one,
                  )
                : [...draft.lines, { ...line, key: newLineKey() }],
            );
            setEditing(null);
          }}
        />
      ) : null}
    </Flex>
  );
}

export default CostingPanel;
