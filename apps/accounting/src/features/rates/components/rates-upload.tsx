import { useState } from 'react';
import { Alert, Button, Flex, Typography, Upload, type UploadProps } from '@tour/shared/ui';
import {
  CURRENCIES,
  failureTextOf,
  type FailureTexts,
  formatDate,
  formatRate,
  type Rates,
  validationErrorsOf,
} from '@tour/shared';
import { useAccountingImportRatesMutation, type RateImport } from '../api/rates-api';
import { STORED_PLACES } from './format-rate';

/** The server's limit for the file (the weekly file is a few kilobytes). */
const MAX_FILE_BYTES = 1024 * 1024;

type Outcome = { imported: RateImport } | { errors: string[] } | null;

const TOO_BIG = 'Файл больше 1 МБ: это не файл курсов Нацбанка.';

const FAILURE: FailureTexts = {
  byStatus: {
    0: 'Нет связи с сервером. Курсы не загружены, попробуйте ещё раз.',
    403: 'Недостаточно прав для загрузки курсов.',
    413: TOO_BIG,
  },
  fallback: 'Не удалось загрузить файл. Попробуйте ещё раз.',
};

/** «1 USD = 87,45 KGS · 1 EUR = …» of the rates an import saved. */
function ratesText(rates: Rates): string {
  return CURRENCIES.flatMap((from) =>
    CURRENCIES.flatMap((to) => {
      const rate = rates[from]?.[to];
      return rate === undefined
        ? []
        : [`1 ${from.toUpperCase()} = ${formatRate(rate, STORED_PLACES)} ${to.toUpperCase()}`];
    }),
  ).join(' · ');
}

/** Upload of the National Bank's daily.xml or weekly.xml: the file goes to the server as it is. */
export function RatesUpload() {
  const [importRates, { isLoading }] = useAccountingImportRatesMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = async (file: Blob) => {
    if (file.size > MAX_FILE_BYTES) {
      setOutcome({ errors: [TOO_BIG] });
      return;
    }
    setOutcome(null);
    try {
      const imported = await importRates(file).unwrap();
      setOutcome(imported ? { imported } : { errors: [failureTextOf(null, FAILURE)] });
    } catch (error) {
      // The file's problems are the server's field errors (Russian, about the file).
      const errors = validationErrorsOf(error);
      setOutcome({
        errors: errors ? Object.values(errors).flat() : [failureTextOf(error, FAILURE)],
      });
    }
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess }) => {
    void send(file as Blob).then(() => onSuccess?.(null));
  };

  return (
    <Flex vertical gap="middle" align="start">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Файл daily.xml (курсы дня) или weekly.xml (курсы недели) с сайта Нацбанка КР. Берутся курсы
        USD, EUR и JPY к сому; повторная загрузка того же дня заменяет его курсы.
      </Typography.Paragraph>
      <Upload
        accept=".xml,text/xml,application/xml"
        showUploadList={false}
        multiple={false}
        customRequest={customRequest}
        disabled={isLoading}
      >
        <Button loading={isLoading}>Загрузить файл Нацбанка</Button>
      </Upload>
      {outcome && 'imported' in outcome ? (
        <Alert
          type="success"
          showIcon
          title={`Загружены курсы за ${formatDate(outcome.imported.date)}`}
          description={
            <>
              <div>{ratesText(outcome.imported.rates)}</div>
              {outcome.imported.skipped.length > 0 ? (
                <div>Другие валюты файла пропущены: {outcome.imported.skipped.join(', ')}</div>
              ) : null}
            </>
          }
        />
      ) : null}
      {outcome && 'errors' in outcome ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Файл не загружен"
          description={
            <>
              {outcome.errors.map((text) => (
                <div key={text}>{text}</div>
              ))}
            </>
          }
        />
      ) : null}
    </Flex>
  );
}
