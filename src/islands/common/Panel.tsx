/**
 * A white card with an optional title bar, drawn like antd's Card. The member centre's frame uses
 * it instead of Card, whose Tabs dependency alone is a tenth of the member pages' script budget.
 */
import type { ReactNode } from 'react';

interface Props {
  title?: ReactNode;
  extra?: ReactNode;
  /** small: tighter padding (phones) */
  size?: 'small' | 'default';
  children: ReactNode;
}

export function Panel({ title, extra, size = 'default', children }: Props) {
  return (
    <section className="rounded-lg border border-neutral-100 bg-white">
      {title !== undefined && (
        <header className="flex min-h-14 items-center justify-between gap-4 border-b border-neutral-100 px-6">
          <h2 className="text-base font-semibold text-neutral-800">{title}</h2>
          {extra}
        </header>
      )}
      <div className={size === 'small' ? 'p-3' : 'p-6'}>{children}</div>
    </section>
  );
}
