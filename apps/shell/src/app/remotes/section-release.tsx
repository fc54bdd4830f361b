import { SIDEBAR_GROUPS, type RemoteAppName } from '@tour/shared';
import { PRINT_HIDDEN_CLASS, theme } from '@tour/shared/ui';

// A remote whose sidebar group has no title of its own (the agent area's entries stand alone).
const UNTITLED_SECTIONS: Partial<Record<RemoteAppName, string>> = { agent: 'Кабинет агента' };

/** The section's Russian name: its sidebar group's title, else the shell's own word for it. */
export function sectionName(app: RemoteAppName): string {
  return SIDEBAR_GROUPS.find(({ group }) => group === app)?.title ?? UNTITLED_SECTIONS[app] ?? app;
}

/**
 * The small line under a remote's page naming the release of the section that is loaded
 * («Раздел «Бронирование» · версия 0.1.0»): a person or an end-to-end test sees which build runs
 * after a redeploy. Not printed.
 */
export function SectionRelease({ app, release }: { app: RemoteAppName; release: string }) {
  const { token } = theme.useToken();
  return (
    <div
      className={PRINT_HIDDEN_CLASS}
      data-testid="section-release"
      data-release={release}
      style={{
        marginTop: token.marginLG,
        fontSize: token.fontSizeSM,
        color: token.colorTextTertiary,
      }}
    >
      Раздел «{sectionName(app)}» · версия {release}
    </div>
  );
}
