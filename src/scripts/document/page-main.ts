/**
 * Static document page (/library/<category>/<uuid>): wires the pre-rendered view, then asks
 * GET /document once (which counts the view) to show live counters and price.
 */
import { call } from '../../api/call.ts';
import type { Document } from '../../contract/document.ts';
import { documentGet } from '../../api/generated/document.ts';
import { isOk } from '../../api/http.ts';
import { $settings } from '../../stores/settings.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';
import { priceText } from '../../views/parts.ts';
import { mountDocument } from './mount.ts';
import { DOCUMENT_DATA_ID, metaHtml } from '../../views/document/meta.ts';
import { builtItem, prependGoneNote, setHtml } from '../common/dom.ts';
import { trackLiveCounts } from '../common/live-counts.ts';

hydrateSiteData();

const page = builtItem<Document>('[data-document-view]', DOCUMENT_DATA_ID, documentGet.zero);

if (page) {
  const { view, item: doc } = page;
  // the live read goes first: what the page does on mounting (a redo after signing in) waits for it
  void trackLiveCounts(
    call(documentGet, { id: doc.id, with_author: true }).then((r) => {
      if (!isOk(r)) {
        if (r.status === 404) prependGoneNote(view, '该文档已被删除或暂时不可访问。');
        return;
      }
      const settings = $settings.get();
      setHtml(view.querySelector('[data-doc-meta]'), metaHtml(r.data, settings));
      const price = view.querySelector<HTMLElement>('[data-doc-price]');
      if (price) price.textContent = priceText(r.data.price, settings);
    }),
  );
  mountDocument(view, doc);
}
