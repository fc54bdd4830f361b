import { BrowserRouter } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { MainRoutes } from './routes';

/** The host: Russian locale, one router; the main section's routes (remotes join with the shell issue). */
export function App() {
  return (
    <ConfigProvider locale={ruRU}>
      <BrowserRouter>
        <MainRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
