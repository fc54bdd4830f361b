import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from '@tour/shared/router';
import { Button } from '@tour/shared/ui';

export interface ButtonLinkProps {
  /** A path built with hrefOf. */
  to: string;
  type?: 'primary' | 'default' | 'link';
  children: ReactNode;
}

/**
 * A link that looks like a button: the router navigates on a plain click, while a click with a
 * modifier (a new tab, a new window) is left to the browser, as for any link.
 */
export function ButtonLink({ to, type = 'default', children }: ButtonLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate(to);
  };
  return (
    <Button type={type} href={to} onClick={onClick}>
      {children}
    </Button>
  );
}
