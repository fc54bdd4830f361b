import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/** Its content, made inert when it is rendered inside an aria-hidden copy. */
function InertWhenHidden({ children }: { children: ReactNode }) {
  return (
    <span
      ref={(node) => {
        if (node?.closest('[aria-hidden="true"]')) node.inert = true;
      }}
    >
      {children}
    </span>
  );
}

/**
 * A table's «select all» checkbox (antd's `rowSelection.columnTitle`), named in Russian (antd
 * names it «Select all»). With `scroll.x` antd also renders every column title into a hidden
 * row that measures the columns (aria-hidden, zero height): a copy of this checkbox there would
 * be an invisible stop of the Tab key, so the copy is made inert. (antd clones the title without
 * its ref, hence a component that holds its own.)
 */
export function selectAllColumnTitle(checkbox: ReactNode): ReactNode {
  const named = isValidElement(checkbox)
    ? cloneElement(checkbox as ReactElement<{ 'aria-label'?: string }>, {
        'aria-label': 'Выбрать все на странице',
      })
    : checkbox;
  return <InertWhenHidden>{named}</InertWhenHidden>;
}
