import { useState } from 'react';
import { serverMessageOf, statusOf, validationErrorsOf } from '@tour/shared';
import {
  Alert,
  Button,
  ExportButton,
  Flex,
  Modal,
  Radio,
  Result,
  Spin,
  Typography,
  Upload,
  type UploadProps,
} from '@tour/shared/ui';
import {
  importPath,
  useShellImportPreviewMutation,
  useShellImportRunMutation,
  type DuplicateChoice,
  type ImportKind,
  type ImportPreview,
  type ImportResult,
} from '../lib/import-calls';
import { ExcelImportPreview, rowsText } from './excel-import-preview';

/** The server's limit (the client says so before sending 5 MB for nothing). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

const TEXTS: Record<
  ImportKind,
  { title: string; one: string; template: string; duplicates: string; unit: string }
> = {
  users: {
    title: 'Импорт клиентов из Excel',
    one: 'одна строка — один клиент',
    template: 'Шаблон импорта клиентов.xlsx',
    duplicates: 'Если клиент уже есть (тот же телефон, email или номер паспорта)',
    unit: 'клиентов',
  },
  tours: {
    title: 'Импорт заготовленных туров из Excel',
    one: 'одна строка — один тур',
    template: 'Шаблон импорта туров.xlsx',
    duplicates: 'Если тур с таким ключом уже есть',
    unit: 'туров',
  },
};

/** What a failed call says to a person: the file's own errors, else why. */
function failureOf(error: unknown): string[] {
  const errors = validationErrorsOf(error);
  if (errors) return [...new Set(Object.values(errors).flat())];
  const status = statusOf(error);
  if (status === 0) return ['Нет связи с сервером. Попробуйте ещё раз.'];
  if (status === 403) return ['Недостаточно прав для импорта.'];
  const message = serverMessageOf(error);
  return [message ?? 'Не удалось обработать файл. Попробуйте ещё раз.'];
}

type Step =
  | { step: 'choose' }
  | { step: 'preview'; file: File; preview: ImportPreview }
  | { step: 'done'; result: ImportResult; columns: ImportPreview['columns'] };

export interface ExcelImportDialogProps {
  kind: ImportKind;
  onClose: () => void;
}

/**
 * An import in three steps: the template and the file; the server's check of every row (nothing
 * written yet), with what to do with existing records; the import and what it skipped.
 */
export function ExcelImportDialog({ kind, onClose }: ExcelImportDialogProps) {
  const texts = TEXTS[kind];
  const [state, setState] = useState<Step>({ step: 'choose' });
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const [failure, setFailure] = useState<string[] | null>(null);
  const [check, { isLoading: checking }] = useShellImportPreviewMutation();
  const [run, { isLoading: importing }] = useShellImportRunMutation();

  const preview = async (file: File, choice: DuplicateChoice) => {
    setFailure(null);
    if (file.size > MAX_FILE_BYTES) {
      setFailure(['Файл больше 5 МБ: разделите его на несколько файлов']);
      return;
    }
    try {
      const checked = await check({ kind, file, fileName: file.name, duplicates: choice }).unwrap();
      if (checked) setState({ step: 'preview', file, preview: checked });
      else setFailure(failureOf(null));
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  const confirm = async () => {
    if (state.step !== 'preview') return;
    setFailure(null);
    try {
      const result = await run({
        kind,
        file: state.file,
        fileName: state.file.name,
        duplicates,
      }).unwrap();
      if (result) setState({ step: 'done', result, columns: state.preview.columns });
      else setFailure(failureOf(null));
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess }) => {
    void preview(file as File, duplicates).then(() => onSuccess?.(null));
  };
  const picker = (label: string, primary: boolean) => (
    <Upload
      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      showUploadList={false}
      multiple={false}
      customRequest={customRequest}
      disabled={checking || importing}
    >
      <Button type={primary ? 'primary' : 'default'} loading={checking}>
        {label}
      </Button>
    </Upload>
  );

  const failureAlert = failure ? (
    <Alert
      type="error"
      showIcon
      role="alert"
      title="Файл не принят"
      description={
        <>
          {failure.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </>
      }
    />
  ) : null;

  let body;
  let footer;
  if (state.step === 'choose') {
    body = (
      <Flex vertical gap="middle" align="start">
        <Typography.Paragraph style={{ margin: 0 }}>
          Скачайте шаблон, перенесите в него свою таблицу ({texts.one}) и загрузите файл. Сначала
          покажем проверку каждой строки: ничего не запишется, пока вы не подтвердите импорт.
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Файл XLSX до 5 МБ и до 5 000 строк.
        </Typography.Paragraph>
        <Flex gap="small" wrap>
          <ExportButton
            url={`${importPath(kind)}/template`}
            fallbackFileName={texts.template}
            label="Скачать шаблон"
          />
          {picker('Выбрать файл XLSX', true)}
        </Flex>
        {failureAlert}
      </Flex>
    );
    footer = <Button onClick={onClose}>Отмена</Button>;
  } else if (state.step === 'preview') {
    const { counts, columns, rows } = state.preview;
    const writes = counts.create + counts.update;
    body = (
      <Flex vertical gap="middle">
        <Typography.Text>
          Файл «{state.file.name}»: {rowsText(counts.total)}.
        </Typography.Text>
        <Alert
          type={counts.invalid > 0 ? 'warning' : 'info'}
          showIcon
          title={`Будет создано: ${counts.create}, обновлено: ${counts.update}, пропущено: ${
            counts.skip + counts.invalid
          }`}
          description={
            counts.invalid > 0
              ? `${rowsText(counts.invalid)} с ошибками не будут загружены: исправьте их в файле ` +
                'и загрузите его снова, или импортируйте остальные.'
              : 'Ошибок нет.'
          }
        />
        <Flex vertical gap={4}>
          <Typography.Text id="import-duplicates">{texts.duplicates}:</Typography.Text>
          <Radio.Group
            aria-labelledby="import-duplicates"
            value={duplicates}
            disabled={checking || importing}
            onChange={(event) => {
              const choice = event.target.value as DuplicateChoice;
              setDuplicates(choice);
              void preview(state.file, choice);
            }}
            options={[
              { value: 'skip', label: 'Пропустить' },
              { value: 'update', label: 'Обновить данными из файла' },
            ]}
          />
        </Flex>
        {failureAlert}
        <Spin spinning={checking}>
          <ExcelImportPreview columns={columns} rows={rows} caption="Строки файла" />
        </Spin>
      </Flex>
    );
    footer = (
      <Flex justify="flex-end" gap="small" wrap>
        {picker('Загрузить другой файл', false)}
        <Button onClick={onClose} disabled={importing}>
          Отмена
        </Button>
        <Button
          type="primary"
          loading={importing}
          disabled={writes === 0 || checking}
          onClick={() => void confirm()}
        >
          {writes === 0 ? 'Нечего импортировать' : `Импортировать: ${writes}`}
        </Button>
      </Flex>
    );
  } else {
    const { result, columns } = state;
    body = (
      <Flex vertical gap="middle">
        <Result
          status="success"
          title="Импорт завершён"
          subTitle={`Создано: ${result.created}, обновлено: ${result.updated}, пропущено: ${result.skipped}`}
          style={{ padding: '16px 0' }}
        />
        {result.skipped_rows.length > 0 ? (
          <>
            <Typography.Title level={5} style={{ margin: 0 }}>
              Пропущенные строки
            </Typography.Title>
            <ExcelImportPreview
              columns={columns}
              rows={result.skipped_rows}
              filterable={false}
              caption="Пропущенные строки"
            />
          </>
        ) : null}
      </Flex>
    );
    footer = (
      <Button type="primary" onClick={onClose}>
        Готово
      </Button>
    );
  }

  return (
    <Modal
      title={texts.title}
      open
      onCancel={importing ? undefined : onClose}
      mask={{ closable: false }}
      footer={footer}
      width={state.step === 'choose' ? 560 : 'min(1280px, calc(100vw - 32px))'}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
