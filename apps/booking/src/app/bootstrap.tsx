import { createRoot } from 'react-dom/client';
import { StandaloneSection } from '@tour/shared/ui';
import SectionRoutes from './routes';
import { StandalonePermissions } from './standalone-permissions';

// Standalone mode for the team's own dev server (npm run dev); in the product the shell renders
// ./Routes inside its own store, router and layout, and none of this runs.
createRoot(document.getElementById('root')!).render(
  <StandaloneSection
    app="booking"
    SectionRoutes={SectionRoutes}
    home="booking-dashboard"
    Wrapper={StandalonePermissions}
  />,
);
