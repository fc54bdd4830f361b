import { PageFrame, Tabs } from '@tour/shared/ui';
import { useUrlQuery } from '@tour/shared/router';
import { PapersTab } from '../features/agent-papers/components/papers-tab';
import { RequestsTab } from '../features/agent-requests/components/requests-tab';
import { TouristsTab } from '../features/agent-tourists/components/tourists-tab';
import { touristsTabOf, type TouristsTab as TabName } from '../lib/tourists-tab';

/**
 * agent-tourists: three tabs, the tab in the URL (`?tab=requests`, `?tab=documents`; none:
 * «Туристы»). Only the
 * shown tab renders (and loads); another tab starts from its own first page, without the
 * previous tab's filters.
 */
export function AgentTouristsPage({ title }: { title: string }) {
  const { params, update } = useUrlQuery();
  const tab = touristsTabOf(params);
  const select = (next: string) =>
    update({
      tab: (next as TabName) === 'tourists' ? undefined : (next as TabName),
      page: undefined,
      search: undefined,
      status: undefined,
      tourist: undefined,
    });
  return (
    <PageFrame title={title}>
      <Tabs
        activeKey={tab}
        onChange={select}
        items={[
          {
            key: 'tourists',
            label: 'Туристы',
            children: tab === 'tourists' ? <TouristsTab /> : null,
          },
          {
            key: 'requests',
            label: 'Заявки',
            children: tab === 'requests' ? <RequestsTab /> : null,
          },
          {
            key: 'documents',
            label: 'Документы',
            children: tab === 'documents' ? <PapersTab /> : null,
          },
        ]}
      />
    </PageFrame>
  );
}
