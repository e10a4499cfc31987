import { describe, expect, it } from 'vitest';
import { MissingPages } from '../../src/server/site/site.missing.ts';

// Which shell answers lead to a render: document pages of public documents, once a minute each.
describe('missing document pages', () => {
  const setup = () => {
    let now = 1_000_000;
    const rendered: number[] = [];
    const pages = new MissingPages();
    pages.renderWith({
      publicDocumentId: async (uuid) => ({ publicdoc: 7, other: 8 })[uuid] ?? null,
      render: (id) => void rendered.push(id),
      now: () => now,
    });
    return { pages, rendered, later: (ms: number) => void (now += ms) };
  };

  it('renders a public document asked for once, however often it is asked within the minute', async () => {
    const { pages, rendered, later } = setup();
    await pages.report('/library/3/publicdoc');
    await pages.report('/library/3/publicdoc.html?from=home');
    expect(rendered).toEqual([7]);
    later(60_000);
    await pages.report('/library/3/publicdoc');
    expect(rendered).toEqual([7, 7]);
  });

  it('renders nothing for documents that are not public, other shells, or before the builder runs', async () => {
    const { pages, rendered } = setup();
    await pages.report('/library/3/gone');
    await pages.report('/article/some-article');
    await pages.report('/user/5');
    expect(rendered).toEqual([]);
    const idle = new MissingPages();
    await idle.report('/library/3/publicdoc');
  });
});
