import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { changeLocale, localeAtom, localeFromCookies, registerMessages, translate, useT, utsavStore } from '../src';

/** The i18n core (src/i18n.ts): catalogues per namespace, Hindi fetched when chosen, the language per store. */

let hindiFetches = 0;
registerMessages('sample', {
  // compiled as the build compiles them (the jest transform does it for locales/*.json; here by hand)
  en: { greeting: ['Hello ', ['name']], items: [['count', 'plural', { one: ['#', ' item'], other: ['#', ' items'] }]] },
  hi: async () => {
    hindiFetches += 1;
    return { default: { greeting: ['नमस्ते ', ['name']], items: [['count', 'plural', { one: ['#', ' वस्तु'], other: ['#', ' वस्तुएँ'] }]] } };
  },
});

function Sample({ count }: { count: number }) {
  const t = useT<'greeting' | 'items'>('sample');
  return <p>{`${t('greeting', { name: 'Asha' })}, ${t('items', { count })}`}</p>;
}

afterEach(() => utsavStore.set(localeAtom, 'en-IN'));

test('English by default, with values and plurals; Hindi only once chosen, fetched once, and every text follows', async () => {
  render(<Sample count={1} />);
  expect(screen.getByText('Hello Asha, 1 item')).toBeTruthy();
  expect(hindiFetches).toBe(0);

  await act(() => changeLocale('hi-IN'));
  expect(screen.getByText('नमस्ते Asha, 1 वस्तु')).toBeTruthy();
  expect(document.documentElement.lang).toBe('hi-IN');
  expect(document.cookie).toContain('utsav_lang=hi-IN');
  expect(translate('sample', 'items', { count: 3 })).toBe('3 वस्तुएँ');

  await act(() => changeLocale('en-IN'));
  expect(screen.getByText('Hello Asha, 1 item')).toBeTruthy();
  await act(() => changeLocale('hi-IN'));
  expect(hindiFetches).toBe(1);
});

test('two server renders at once, each in its own language: each request has its own store', async () => {
  await changeLocale('hi-IN'); // the catalogue is here (a server loads it before rendering)
  const page = (locale: 'en-IN' | 'hi-IN') => {
    const store = createStore();
    store.set(localeAtom, locale);
    return renderToString(
      <Provider store={store}>
        <Suspense fallback="…">
          <Sample count={3} />
        </Suspense>
      </Provider>,
    );
  };
  expect(page('en-IN')).toContain('Hello Asha, 3 items');
  expect(page('hi-IN')).toContain('नमस्ते Asha, 3 वस्तुएँ');
});

test('the device language from a Cookie header: a known language, else English', () => {
  expect(localeFromCookies('a=1; utsav_lang=hi-IN; b=2')).toBe('hi-IN');
  expect(localeFromCookies('utsav_lang=fr-FR')).toBe('en-IN');
  expect(localeFromCookies(undefined)).toBe('en-IN');
});

test('a new release of an app replaces its words (the server loads it without a restart); the same words again change nothing', async () => {
  registerMessages('released', { en: { title: ['Old words'] }, hi: async () => ({ default: { title: ['पुराने शब्द'] } }) });
  await changeLocale('hi-IN');
  expect(translate('released', 'title')).toBe('पुराने शब्द');
  // another copy of the same module: nothing changes, the Hindi stays
  registerMessages('released', { en: { title: ['Old words'] }, hi: async () => ({ default: { title: ['कभी नहीं'] } }) });
  expect(translate('released', 'title')).toBe('पुराने शब्द');
  // the new release: new English at once, its Hindi fetched when next asked for
  registerMessages('released', { en: { title: ['New words'] }, hi: async () => ({ default: { title: ['नए शब्द'] } }) });
  await changeLocale('en-IN');
  expect(translate('released', 'title')).toBe('New words');
  await changeLocale('hi-IN');
  expect(translate('released', 'title')).toBe('नए शब्द');
});
