import type { ReactNode } from 'react';
import { StyleProvider } from '@tour/shared/ui';

// antd writes its CSS-in-JS here, outside the document: jsdom would otherwise match thousands of
// rules on every accessibility query and pointer check (a file of dialogs ran four times slower);
// mock="server" inserts no style element at all (the shell's tests do the same). A test that
// asserts antd's own styles renders without it.
const styleSink = document.createElement('div');

/** Keeps antd's styles out of the document: `render(ui, { wrapper: StyleSink })`. */
export function StyleSink({ children }: { children?: ReactNode }) {
  return (
    <StyleProvider container={styleSink} mock="server">
      {children}
    </StyleProvider>
  );
}
