/**
 * @jest-environment node
 */
// The server render of a page with a head of its own (a route with `ownHead`: the shared plan's link): its preload's
// answer makes the head, which is in the HTML's <head> (escaped), and its status is the answer's.
import { currentCache, type PageHeadOf } from '@utsav/contracts';
import { planKeys } from '@utsav/contracts/plans';

jest.mock('../src/server/server-containers', () => ({
  serverContainers: () => ({ current: async () => ({}), failed: () => undefined, browserAssets: () => null }),
}));
jest.mock('../src/federation/load-page', () => ({ loadPage: jest.fn() }));

import { loadPage } from '../src/federation/load-page';
import { createRenderer, type PageSink } from '../src/server/render';

const HTML =
  '<!doctype html><html lang="en-IN"><head><meta charset="utf-8"/><meta name="description" content="Utsav: find and book wedding and personal services near you."/>' +
  '<title>Utsav</title><script defer src="/main.js"></script></head><body><div id="root"><div id="boot">Utsav</div></div><!--/root--></body></html>';
const HOSTILE = 'Asha & Rohan "><script>alert(1)</script>';

/** A shared plan's page as the booking remote exposes it: its preload fills the answer, its head reads it. */
function sharedPage(answer: { title: string } | null) {
  const head: PageHeadOf = ({ params }) => {
    const state = currentCache().state<{ title: string }>(planKeys.sharedPlan(params.token ?? ''));
    return state.status === 'success' ? { title: state.data.title, description: '3 events', image: '/icons/icon-512.png', noindex: true } : { title: 'This link no longer works', noindex: true, status: 404 };
  };
  return {
    default: () => <h1>{answer?.title ?? 'gone'}</h1>,
    preload: ({ params }: { params: Record<string, string | undefined> }) => {
      if (answer) currentCache().set(planKeys.sharedPlan(params.token ?? ''), answer);
    },
    head,
  };
}

async function renderPage(url: string) {
  const renderer = await createRenderer({ html: HTML, remotes: () => ({}), config: {}, apiUrl: 'http://api.invalid', timeoutMs: 5000, remoteCheckMs: 60_000 });
  const answer = await renderer.render({ url, forwardedFor: '127.0.0.1', origin: 'https://utsav.example' });
  if (answer.kind !== 'page') throw new Error(`not a page: ${answer.kind}`);
  let html = '';
  const sink: PageSink = { write: (chunk) => (html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), flush: () => undefined };
  await answer.send(sink);
  return { status: answer.status, html, head: html.slice(0, html.indexOf('</head>')) };
}

test("the shared plan's head carries its title and preview tags, escaped, before the page; the status is 200", async () => {
  jest.mocked(loadPage).mockResolvedValue(sharedPage({ title: HOSTILE }) as never);
  const { status, html, head } = await renderPage('/shared/plan/tok3n');
  expect(status).toBe(200);
  expect(head).toContain('<title>Asha &amp; Rohan "&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
  expect(head).toContain('<meta property="og:title" content="Asha &amp; Rohan &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
  expect(head).toContain('<meta property="og:url" content="https://utsav.example/shared/plan/tok3n">');
  expect(head).toContain('<meta property="og:image" content="https://utsav.example/icons/icon-512.png">');
  expect(head).toContain('<meta name="robots" content="noindex, nofollow">');
  expect(head).toContain('<meta name="twitter:card" content="summary">');
  expect(head).not.toContain('<title>Utsav</title>');
  expect(html).not.toContain('<script>alert(1)');
  // the page itself is drawn after the head
  expect(html.indexOf('<h1>')).toBeGreaterThan(html.indexOf('</head>'));
});

test('a link that no longer works: its head says so, with a 404', async () => {
  jest.mocked(loadPage).mockResolvedValue(sharedPage(null) as never);
  const { status, head } = await renderPage('/shared/plan/nope');
  expect(status).toBe(404);
  expect(head).toContain('<title>This link no longer works</title>');
});

test("another page keeps the app's head", async () => {
  jest.mocked(loadPage).mockResolvedValue({ default: () => <h1>Terms</h1> } as never);
  const { status, head } = await renderPage('/terms');
  expect(status).toBe(200);
  expect(head).toContain('<title>Utsav</title>');
  expect(head).not.toContain('og:title');
});
