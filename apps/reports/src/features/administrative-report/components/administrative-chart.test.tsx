import { screen, waitFor } from '@testing-library/react';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { NBSP, textOf } from '../../../testing/reports';
import {
  administrativeReport,
  emptyAdministrativeReport,
} from '../testing/administrative-report-fixture';
import { renderAdministrativeReport } from '../testing/render-administrative-report';
import { loadAdministrativeChart } from './administrative-chart-loader';

// The chart's module is held back here until the test lets it come: the page must not wait for
// it (recharts comes in its own chunk, after the report).
jest.mock('./administrative-chart-loader', () => ({ loadAdministrativeChart: jest.fn() }));

installFakeApi();

const REPORT = 'GET /admin/reports/administrative';

type ChartModule = Awaited<ReturnType<typeof loadAdministrativeChart>>;

describe('the administrative report’s chart', () => {
  it('is not loaded for a period without amounts: the empty states show instead', async () => {
    fakeApi.ok(REPORT, emptyAdministrativeReport());
    renderAdministrativeReport();

    expect(await screen.findByText('Операций за период нет')).toBeInTheDocument();
    expect(screen.getByText('За период нет сумм')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Дни без курса' })).not.toBeInTheDocument();
    expect(screen.queryByText('Поступления')).not.toBeInTheDocument();
    // First in this file: React.lazy has not asked for the module yet, and must not.
    expect(loadAdministrativeChart).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Загрузка графика')).not.toBeInTheDocument();
    expect(document.querySelector('.recharts-wrapper')).toBeNull();
  });

  it('is loaded lazily: the table shows before its module arrives, the chart after', async () => {
    let arrive: (module: ChartModule) => void = () => undefined;
    jest
      .mocked(loadAdministrativeChart)
      .mockReturnValue(new Promise<ChartModule>((resolve) => (arrive = resolve)));
    fakeApi.ok(REPORT, administrativeReport('usd'));
    renderAdministrativeReport({ url: '/admin/report/administrative?currency=usd' });

    const table = await screen.findByRole('table', { name: 'По категориям' });
    expect(textOf(table)).toContain(`$183${NBSP}234,50`);
    // The chart's module is asked for once the tables have been painted, never before.
    await waitFor(() => expect(loadAdministrativeChart).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText('Загрузка графика')).toBeInTheDocument();
    expect(document.querySelector('.recharts-wrapper')).toBeNull();

    arrive(jest.requireActual<ChartModule>('./administrative-chart'));
    await waitFor(() => expect(document.querySelector('.recharts-wrapper')).not.toBeNull());
    expect(screen.queryByLabelText('Загрузка графика')).not.toBeInTheDocument();
  });
});
