/** A real link whose click asks the session to navigate (so the route guards decide). */
import type { MouseEvent, ReactNode } from 'react';
import { useGo } from '../shell/use-actors';

export function NavLink({ to, className, children, label, current }: { to: string; className?: string; children: ReactNode; label?: string; current?: boolean }) {
  const go = useGo();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go(to);
  };
  return (
    <a href={to} className={className} onClick={onClick} aria-label={label} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
