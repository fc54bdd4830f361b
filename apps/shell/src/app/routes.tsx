import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTES, hrefOf } from '@tour/shared';
import { PageFrame } from '../components/page-frame';

const MAIN_ROUTES = ROUTES.filter((route) => route.app === 'shell');

/** The main section the shell owns (users, trips, tours, tickets), from the shared route table. */
export function MainRoutes() {
  return (
    <Routes>
      <Route path="/admin" element={<Navigate to={hrefOf('users')} replace />} />
      {MAIN_ROUTES.map((route) => (
        <Route key={route.name} path={route.path} element={<PageFrame title={route.title} />} />
      ))}
      {/* Remote sections and unknown paths are wired with the shell issue. */}
      <Route path="*" element={null} />
    </Routes>
  );
}
