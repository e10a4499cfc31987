import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsDone } from './motion.ts';

/** The WCAG 2.0/2.1 A and AA rules axe-core checks (issue 29 item 19), colour contrast included. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What axe-core finds on the page as it stands, one line per rule: id, impact, where and why. */
export async function axeViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`,
  );
}
