import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import BookingRoutes from './routes';

// Standalone mode for the team's own dev server; in the product the shell renders ./Routes.
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={ruRU}>
    <BrowserRouter>
      <BookingRoutes />
    </BrowserRouter>
  </ConfigProvider>,
);
