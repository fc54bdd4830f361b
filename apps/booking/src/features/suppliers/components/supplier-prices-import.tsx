import { useState } from 'react';
import { serverMessageOf, statusOf, validationErrorsOf, type PriceImportMode } from '@tour/shared';
import {
  Alert,
  App,
  Button,
  Flex,
  Modal,
  Radio,
  Typography,
  Upload,
  type UploadProps,
} from '@tour/shared/ui';
import { useBookingSupplierPricesImportMutation } from '../api/prices-api';

/** The server's limit (said before 5 MB are sent for nothing). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** What a refused file says to a person: each row's errors, else why. */
function failureOf(error: unknown): { title: string; lines: string[] } {
  const errors = validationErrorsOf(error);
  const message = serverMessageOf(error);
  if (errors) {
    return {
      title: message ?? 'Файл не принят',
      lines: [...new Set(Object.values(errors).flat())],
    };
  }
  const status = statusOf(error);
  if (status === 0) return { title: 'Нет связи с сервером. Попробуйте ещё раз.', lines: [] };
  if (status === 403) return { title: 'Недостаточно прав для загрузки прайс-листа.', lines: [] };
  return { title: message ?? 'Не удалось загрузить файл. Попробуйте ещё раз.', lines: [] };
}

/** «Добавлено цен: 5», «заменено: 3». */
export function importedText(added: number, replaced: number, mode: PriceImportMode): string {
  return mode === 'replace'
    ? `Прайс-лист заменён: удалено прежних цен — ${replaced}, добавлено из файла — ${added}`
    : `Добавлено цен из файла: ${added}`;
}

export interface PricesImportDialogProps {
  supplierId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * «Загрузить из Excel»: the file of «Скачать Excel» (or a table with its columns), added to the
 * list or in its place. All or nothing: a refused file lists every row's error and changes
 * nothing.
 */
export function PricesImportDialog({ supplierId, open, onClose }: PricesImportDialogProps) {
  const { message } = App.useApp();
  const [mode, setMode] = useState<PriceImportMode>('add');
  const [failure, setFailure] = useState<{ title: string; lines: string[] } | null>(null);
  const [run, { isLoading }] = useBookingSupplierPricesImportMutation();

  const close = () => {
    setFailure(null);
    setMode('add');
    onClose();
  };

  const send = async (file: File) => {
    setFailure(null);
    if (file.size > MAX_FILE_BYTES) {
      setFailure({ title: 'Файл больше 5 МБ: разделите его на несколько файлов', lines: [] });
      return;
    }
    try {
      const result = await run({ supplierId, file, mode }).unwrap();
      if (!result) {
        setFailure(failureOf(null));
        return;
      }
      void message.success(importedText(result.added, result.replaced, result.mode));
      close();
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess }) => {
    void send(file as File).then(() => onSuccess?.(null));
  };

  return (
    <Modal
      open={open}
      title="Загрузка прайс-листа из Excel"
      onCancel={close}
      destroyOnHidden
      width="min(640px, 100vw)"
      footer={
        <Button onClick={close} disabled={isLoading}>
          Закрыть
        </Button>
      }
    >
      <Flex vertical gap="middle" align="stretch">
        <Typography.Paragraph style={{ margin: 0 }}>
          Загрузите файл, скачанный кнопкой «Скачать Excel» (или таблицу с теми же столбцами).
          Каждая строка проверяется как цена, добавленная вручную; если хоть одна строка с ошибкой,
          ничего не изменится.
        </Typography.Paragraph>
        <Flex vertical gap={4}>
          <Typography.Text id="price-import-mode">Что сделать с ценами из файла:</Typography.Text>
          <Radio.Group
            aria-labelledby="price-import-mode"
            value={mode}
            disabled={isLoading}
            onChange={(event) => setMode(event.target.value as PriceImportMode)}
          >
            <Flex vertical gap={4}>
              <Radio value="add">Добавить к прайс-листу</Radio>
              <Radio value="replace">Заменить весь прайс-лист ценами из файла</Radio>
            </Flex>
          </Radio.Group>
        </Flex>
        <Flex gap="small" wrap>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            multiple={false}
            customRequest={customRequest}
            disabled={isLoading}
          >
            <Button type="primary" loading={isLoading}>
              {isLoading ? 'Загружаем…' : 'Выбрать файл XLSX'}
            </Button>
          </Upload>
        </Flex>
        <Typography.Text type="secondary">Файл XLSX до 5 МБ.</Typography.Text>
        {failure && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={failure.title}
            description={
              failure.lines.length > 0 ? (
                <ul aria-label="Ошибки в файле" style={{ margin: 0, paddingInlineStart: 20 }}>
                  {failure.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
