// A process that runs one site build (site.builder.test.ts kills it mid-build): node site-build-child.ts <currentLink> <projectRoot> <renderer>
import { SiteBuilder } from '../../../src/server/site/site.builder.ts';

const [currentLink, projectRoot, renderer] = process.argv.slice(2);
await new SiteBuilder({
  currentLink: currentLink!,
  projectRoot: projectRoot!,
  renderer: renderer!,
  apiBase: 'http://127.0.0.1:1',
  log: () => {},
}).build();
