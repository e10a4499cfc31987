/**
 * A screen loaded on first use, as its own chunk, behind a spinner: an app's first load carries its
 * frame, not every screen's antd components (the page budgets of scripts/page-weight.ts).
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';

export function lazyScreen<P extends object = object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LazyScreen(props: P) {
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}
