import { describe, expect, it } from 'vitest';
import { MissingPages } from '../../src/server/site/site.missing.ts';

// Which documents answered with a shell lead to a render: public ones, once a minute each.
describe('missing document pages', () => {
  const setup = () => {
    let now = 1_000_000;
    const rendered: number[] = [];
    const pages = new MissingPages();
    pages.renderWith({ render: (id) => void rendered.push(id), now: () => now });
    return { pages, rendered, later: (ms: number) => void (now += ms) };
  };
  const publicDoc = { id: 7, uuid: 'publicdoc', isPublic: true };

  it('renders a public document asked for once, however often it is asked within the minute', () => {
    const { pages, rendered, later } = setup();
    pages.report(publicDoc);
    pages.report(publicDoc);
    expect(rendered).toEqual([7]);
    later(60_000);
    pages.report(publicDoc);
    expect(rendered).toEqual([7, 7]);
  });

  it('renders nothing for a document not public yet, or before the builder runs', () => {
    const { pages, rendered } = setup();
    pages.report({ id: 8, uuid: 'converting', isPublic: false });
    expect(rendered).toEqual([]);
    const idle = new MissingPages();
    idle.report(publicDoc);
    pages.report(publicDoc);
    expect(rendered).toEqual([7]);
  });
});
