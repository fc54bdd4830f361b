import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { theme } from '@tour/shared/ui';

/** The theme's colour family a tag is drawn in. */
export type Tone = 'error' | 'warning' | 'info' | 'success';

type ToneStyles = Readonly<Record<Tone, CSSProperties>>;

// Tags in table cells are plain spans drawn like antd's Tag, their styles made once per table
// from the theme: a page of rows of antd Tags (each with its own style hooks) costs more to
// render than the rest of the table, and the section's first opening is measured.
const ToneStylesContext = createContext<ToneStyles | null>(null);

function useToneStyles(): ToneStyles {
  const { token } = theme.useToken();
  return useMemo(() => {
    const base: CSSProperties = {
      display: 'inline-block',
      marginInlineEnd: 8,
      paddingInline: 7,
      fontSize: token.fontSizeSM,
      lineHeight: '20px',
      borderRadius: token.borderRadiusSM,
      borderStyle: 'solid',
      borderWidth: token.lineWidth,
      whiteSpace: 'nowrap',
    };
    const tone = (color: string, background: string, border: string): CSSProperties => ({
      ...base,
      color,
      background,
      borderColor: border,
    });
    return {
      error: tone(token.colorErrorText, token.colorErrorBg, token.colorErrorBorder),
      warning: tone(token.colorWarningText, token.colorWarningBg, token.colorWarningBorder),
      info: tone(token.colorInfoText, token.colorInfoBg, token.colorInfoBorder),
      success: tone(token.colorSuccessText, token.colorSuccessBg, token.colorSuccessBorder),
    };
  }, [token]);
}

/** Makes the tags' styles once for every ToneTag under it (a table). */
export function ToneTagStyles({ children }: { children: ReactNode }) {
  return <ToneStylesContext value={useToneStyles()}>{children}</ToneStylesContext>;
}

function OwnStyles({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span style={useToneStyles()[tone]}>{children}</span>;
}

/** A small coloured label, as antd's Tag looks, in a plain span. */
export function ToneTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  const styles = useContext(ToneStylesContext);
  return styles ? (
    <span style={styles[tone]}>{children}</span>
  ) : (
    <OwnStyles tone={tone}>{children}</OwnStyles>
  );
}
