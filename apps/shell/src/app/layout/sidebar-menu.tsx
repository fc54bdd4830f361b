import { Menu, type MenuProps } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { isHighlighted, type RouteName, type SidebarSection } from '@tour/shared';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The sidebar's groups and entries (from `sidebarEntries`), the current route highlighted. */
export function SidebarMenu({
  sections,
  currentRouteName,
}: {
  sections: readonly SidebarSection[];
  currentRouteName: RouteName | null;
}) {
  const items: MenuItem[] = sections.flatMap((section): MenuItem[] => {
    const entries: MenuItem[] = section.entries.map((entry) => ({
      key: entry.name,
      label: <Link to={entry.href}>{entry.label}</Link>,
    }));
    return section.title
      ? [{ type: 'group', key: section.group, label: section.title, children: entries }]
      : entries;
  });
  const selectedKeys = sections.flatMap((section) =>
    section.entries
      .filter((entry) => isHighlighted(entry.name, currentRouteName))
      .map((entry) => entry.name),
  );
  return (
    <nav aria-label="Разделы">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selectedKeys}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
