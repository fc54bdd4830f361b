import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter } from 'axios';
import { http } from '@tour/shared';
import { EXPORT_FAILED, ExportButton } from './export-button';
import { UiProviders } from './ui-providers';

let requests: { url: string; params: unknown; responseType: unknown }[] = [];
let answer: 'file' | 'json' | 'error' | 'refused' = 'file';

const adapter: AxiosAdapter = async (config) => {
  requests.push({
    url: config.url ?? '',
    params: config.params,
    responseType: config.responseType,
  });
  const response = { statusText: '', config, headers: {} as Record<string, string> };
  if (answer === 'error') {
    throw new AxiosError('fail', 'ERR_BAD_RESPONSE', config, null, {
      ...response,
      status: 500,
      data: new Blob(['{}']),
    });
  }
  if (answer === 'refused') {
    throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, null, {
      ...response,
      status: 422,
      data: new Blob([
        JSON.stringify({ code: 0, message: 'Ваучер выдаётся только для отеля или трансфера' }),
      ]),
    });
  }
  if (answer === 'json') return { ...response, status: 204, data: '' };
  return {
    ...response,
    status: 200,
    headers: {
      'content-disposition':
        'attachment; filename="trips.xlsx"; filename*=UTF-8\'\'%D0%A2%D1%83%D1%80%D1%8B.xlsx',
    },
    data: new Blob(['PK']),
  };
};

let saved: string[] = [];
const originalAdapter = http.defaults.adapter;
const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;

beforeEach(() => {
  requests = [];
  saved = [];
  answer = 'file';
  http.defaults.adapter = adapter;
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  http.defaults.adapter = originalAdapter;
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
  jest.restoreAllMocks();
});

function renderButton() {
  render(
    <UiProviders>
      <ExportButton
        url="/admin/trips/export"
        params={{ status: 'planned', search: 'Киото' }}
        fallbackFileName="trips.xlsx"
      />
    </UiProviders>,
  );
  return screen.getByRole('button', { name: 'Экспорт в XLSX' });
}

describe('ExportButton', () => {
  it('downloads the file for the screen filters and saves it under the server name', async () => {
    await userEvent.click(renderButton());
    await waitFor(() => expect(saved).toEqual(['Туры.xlsx']));
    expect(requests).toEqual([
      {
        url: '/admin/trips/export',
        params: { status: 'planned', search: 'Киото' },
        responseType: 'blob',
      },
    ]);
  });

  it('says in Russian when the server gives no file', async () => {
    answer = 'json';
    await userEvent.click(renderButton());
    expect(await screen.findByText(EXPORT_FAILED)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('shows the server’s own message when it refuses the file', async () => {
    answer = 'refused';
    await userEvent.click(renderButton());
    expect(
      await screen.findByText('Ваучер выдаётся только для отеля или трансфера'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says what a document button is for and sends no filters', async () => {
    render(
      <UiProviders>
        <ExportButton
          url="/admin/booking/7/voucher"
          label="Ваучер (DOCX)"
          fallbackFileName="v.docx"
        />
      </UiProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ваучер (DOCX)' }));
    await waitFor(() => expect(saved).toEqual(['Туры.xlsx']));
    expect(requests).toEqual([
      { url: '/admin/booking/7/voucher', params: {}, responseType: 'blob' },
    ]);
  });

  it('names a row’s button for whom its file is, and stays busy while the file is made', async () => {
    let finish: () => void = () => undefined;
    http.defaults.adapter = ((config) =>
      new Promise((resolve) => {
        finish = () => resolve(adapter(config));
      })) as AxiosAdapter;
    render(
      <UiProviders>
        <ExportButton
          url="/admin/trip/3/participant/9/travel-pack"
          label="Пакет туриста"
          ariaLabel="Пакет туриста: Осмонова Айгуль"
          size="small"
          fallbackFileName="travel-pack.zip"
        />
      </UiProviders>,
    );
    const button = screen.getByRole('button', { name: 'Пакет туриста: Осмонова Айгуль' });
    expect(button).toHaveClass('ant-btn-sm');
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    finish();
    await waitFor(() => expect(saved).toEqual(['Туры.xlsx']));
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
  });

  it('says in Russian when the request fails, and can be pressed again', async () => {
    answer = 'error';
    const button = renderButton();
    await userEvent.click(button);
    expect(await screen.findByText(EXPORT_FAILED)).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    answer = 'file';
    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['Туры.xlsx']));
  });
});
