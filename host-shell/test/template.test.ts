import { embedJson, readEmbeddedJson } from '@utsav/contracts';
import { preloadLinks, readTemplate } from '../src/server/template';
import { HYDRATING, RENDERED_PAGE_ID, type RenderedPage } from '../src/boot/rendered-page';

// the shape of the host's built index.html (tooling/src/index.html, minified, comments kept)
const HTML =
  '<!doctype html><html lang="en-IN"><head><title>Utsav</title><script defer src="/main.js"></script></head>' +
  '<body><div id="root"><div id="boot" role="status">Utsav</div></div><!--/root--><noscript>Utsav needs JavaScript to run.</noscript></body></html>';

describe("the host's page cut for a server render", () => {
  const template = readTemplate(HTML);

  it('sends the head (scripts first) with a root that takes no taps until the app has taken it over', () => {
    expect(template.head).toBe(
      `<!doctype html><html lang="en-IN"><head><title>Utsav</title><script defer src="/main.js"></script></head><body><div id="root" ${HYDRATING}>`,
    );
  });

  it('left to the browser, the page is the static one: its boot screen and the note that it needs JavaScript', () => {
    expect(template.head + template.shell + template.tail()).toBe(HTML.replace('<div id="root">', `<div id="root" ${HYDRATING}>`));
  });

  it("rendered, it carries the page's data after the root, and reads without JavaScript", () => {
    const rendered = { session: { status: 'signedOut' }, answers: [['k', { ok: true, data: { note: '</script><!--<script>alert(1)</script>' } }]] };
    const page = `${template.head}<main>drawn</main>${template.tail(embedJson(rendered))}`;
    expect(page).not.toContain('<noscript>');
    const doc = new DOMParser().parseFromString(page, 'text/html');
    // one script of data, nothing broken out of it, read back as it was
    expect(doc.querySelectorAll('script').length).toBe(2);
    expect(doc.getElementById('root')?.innerHTML).toBe('<main>drawn</main>');
    expect(readEmbeddedJson<RenderedPage>(RENDERED_PAGE_ID, doc)).toEqual(rendered);
  });

  it("names what the page's scripts will fetch at the end of its head: the manifest as fetch() asks for it, the host's scripts as webpack asks", () => {
    const links = preloadLinks({ fetches: ['https://cdn.example/a/mf-manifest.json'], scripts: ['/8948.1.js', '/layout.1.js?a=1&b="2"'] });
    expect(links).toBe(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="https://cdn.example/a/mf-manifest.json">' +
        '<link rel="preload" as="script" href="/8948.1.js">' +
        '<link rel="preload" as="script" href="/layout.1.js?a=1&amp;b=&quot;2&quot;">',
    );
    const head = template.headWith(links);
    expect(head).toBe(template.head.replace('</head>', `${links}</head>`));
    const doc = new DOMParser().parseFromString(`${head}</div></body></html>`, 'text/html');
    expect([...doc.head.querySelectorAll('link[rel=preload]')].map((link) => link.getAttribute('href'))).toEqual([
      'https://cdn.example/a/mf-manifest.json',
      '/8948.1.js',
      '/layout.1.js?a=1&b="2"',
    ]);
    // nothing to name: the head as it is
    expect(template.headWith(preloadLinks({ fetches: [], scripts: [] }))).toBe(template.head);
  });

  it('refuses a page with no marked root (a build without the marker would render into nothing)', () => {
    expect(() => readTemplate('<html><body><div id="root"></div></body></html>')).toThrow(/<!--\/root-->/);
  });
});
