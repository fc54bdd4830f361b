import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '@tour/shared';
import { PageFrame } from '../components/page-frame';

const OWN_ROUTES = ROUTES.filter((route) => route.app === 'reports');

/** The reports section: every route of the shared table this remote renders (exposed as ./Routes). */
export default function ReportsRoutes() {
  return (
    <Routes>
      {OWN_ROUTES.map((route) => (
        <Route key={route.name} path={route.path} element={<PageFrame title={route.title} />} />
      ))}
      {/* Paths of other sections render nothing here; the shell decides what they show. */}
      <Route path="*" element={null} />
    </Routes>
  );
}
