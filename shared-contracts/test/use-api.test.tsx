import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'jotai/react';
import { createStore } from 'jotai/vanilla';
import { ApiError, cacheOf, prefetch, resource, savedAnswer, useApi, type ApiOptions, type Resource, type ResourceKey } from '../src';
import { deferred } from '../src/ui/testing';

// eslint-disable-next-line testing-library/no-unnecessary-act -- lets the hook's already-resolved call land inside act; renderHook has no UI to wait for
const settle = () => act(async () => {});
/** Lets the cache's after-commit check (a view gone for good) run. */
const afterGoodbyes = settle;

/** Each test a page of its own: a store, and so a cache, nothing else shares. */
let store = createStore();
beforeEach(() => {
  store = createStore();
});
const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;

/** A resource under `key` answered by `call` (a jest mock, whose calls the tests count). */
const res = <T,>(call: (signal: AbortSignal) => Promise<T>, key: ResourceKey = ['thing']): Resource<T> => resource(key, call);

/** useApi of `call` under one key, in this test's page. */
const view = <T,>(call: (signal: AbortSignal) => Promise<T>, options?: ApiOptions<T>, key?: ResourceKey) =>
  renderHook(() => useApi(res(call, key), options), { wrapper });

describe('useApi', () => {
  it('starts loading, then holds the answer', async () => {
    const call = jest.fn().mockResolvedValue('answer');
    const { result } = view(call);
    expect(result.current.status).toBe('loading');
    expect(call).toHaveBeenCalledWith(expect.any(AbortSignal));
    await settle();
    expect(result.current).toMatchObject({ status: 'success', data: 'answer' });
  });

  it('makes no call while disabled', () => {
    const call = jest.fn();
    const { result } = view(call, { enabled: false });
    expect(result.current.status).toBe('idle');
    expect(call).not.toHaveBeenCalled();
  });

  it('reports a failure once, and retry calls again', async () => {
    const failure = new Error('down');
    const call = jest.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce('back');
    const onError = jest.fn();
    const { result } = view(call, { onError });
    await settle();
    expect(result.current).toMatchObject({ status: 'error', error: failure });
    expect(onError).toHaveBeenCalledTimes(1);
    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await settle();
    expect(result.current).toMatchObject({ status: 'success', data: 'back' });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('aborts the old call when the parameters change and drops its late answer', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const call = jest.fn((_signal: AbortSignal, _id: string) => Promise.resolve(''));
    call.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { result, rerender } = renderHook(({ id }) => useApi(res((signal) => call(signal, id), ['thing', id])), { wrapper, initialProps: { id: 'a' } });
    const firstSignal = call.mock.calls[0]![0];
    rerender({ id: 'b' });
    expect(result.current.status).toBe('loading');
    await afterGoodbyes();
    expect(firstSignal.aborted).toBe(true);
    await act(async () => second.resolve('for b'));
    await act(async () => first.resolve('for a'));
    expect(result.current).toMatchObject({ status: 'success', data: 'for b' });
  });

  it('aborts on unmount and tells no one about it', async () => {
    const pending = deferred<string>();
    const onError = jest.fn();
    const call = jest.fn((_signal: AbortSignal) => pending.promise);
    const { unmount } = view(call, { onError });
    unmount();
    await afterGoodbyes();
    expect(call.mock.calls[0]![0].aborted).toBe(true);
    await act(async () => pending.reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    expect(onError).not.toHaveBeenCalled();
  });

  it('keeps the same answer object while nothing changed, so memoized parts are not rendered again', async () => {
    const { result, rerender } = view(() => Promise.resolve('answer'));
    await settle();
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  describe('background refreshes', () => {
    let visibility: DocumentVisibilityState = 'visible';
    beforeAll(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    });
    beforeEach(() => {
      visibility = 'visible';
      jest.useFakeTimers();
    });
    afterEach(() => {
      jest.clearAllTimers();
      jest.useRealTimers();
    });

    const setVisibility = (state: DocumentVisibilityState) => {
      visibility = state;
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    };

    it('with refetchOnFocus, asks again when the page becomes visible or the window gets the focus', async () => {
      const call = jest.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second').mockResolvedValueOnce('third');
      const { result } = view(call, { refetchOnFocus: true });
      await settle();
      setVisibility('hidden');
      expect(call).toHaveBeenCalledTimes(1);
      setVisibility('visible');
      expect(call).toHaveBeenCalledTimes(2);
      await settle();
      expect(result.current).toMatchObject({ status: 'success', data: 'second' });
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      await settle();
      expect(result.current).toMatchObject({ status: 'success', data: 'third' });
    });

    it('does not ask again on focus unless told to', async () => {
      const call = jest.fn().mockResolvedValue('answer');
      view(call);
      await settle();
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      expect(call).toHaveBeenCalledTimes(1);
    });

    it('keeps the data on screen while a refresh runs, and when it fails', async () => {
      const refresh = deferred<string>();
      const onError = jest.fn();
      const call = jest.fn().mockResolvedValueOnce('shown').mockReturnValueOnce(refresh.promise);
      const { result } = view(call, { refetchOnFocus: true, onError });
      await settle();
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      expect(result.current).toMatchObject({ status: 'success', data: 'shown' });
      await act(async () => refresh.reject(new Error('down')));
      expect(result.current).toMatchObject({ status: 'success', data: 'shown' });
      expect(onError).not.toHaveBeenCalled();
    });

    it('has at most one call in flight', async () => {
      const first = deferred<string>();
      const call = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValue('again');
      view(call, { refetchOnFocus: true, poll: 1_000 });
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      expect(call).toHaveBeenCalledTimes(1);
      await act(async () => first.resolve('first'));
      act(() => {
        window.dispatchEvent(new Event('focus'));
        window.dispatchEvent(new Event('focus'));
      });
      expect(call).toHaveBeenCalledTimes(2);
      await settle();
    });

    it('polls at the interval the data asks for, only while visible, and stops when the data says so', async () => {
      const call = jest.fn().mockResolvedValueOnce('waiting').mockResolvedValueOnce('waiting').mockResolvedValue('done');
      const { result } = view(call, { poll: (data) => (data === 'waiting' ? 10_000 : false) });
      await settle();
      await act(async () => jest.advanceTimersByTime(9_999));
      expect(call).toHaveBeenCalledTimes(1);
      await act(async () => jest.advanceTimersByTime(1));
      expect(call).toHaveBeenCalledTimes(2);
      visibility = 'hidden';
      await act(async () => jest.advanceTimersByTime(30_000));
      expect(call).toHaveBeenCalledTimes(2);
      visibility = 'visible';
      await act(async () => jest.advanceTimersByTime(10_000));
      expect(call).toHaveBeenCalledTimes(3);
      expect(result.current).toMatchObject({ status: 'success', data: 'done' });
      await act(async () => jest.advanceTimersByTime(60_000));
      expect(call).toHaveBeenCalledTimes(3);
    });

    it('does not poll while the first load is failing', async () => {
      const call = jest.fn().mockRejectedValue(new Error('down'));
      view(call, { poll: 1_000 });
      await settle();
      await act(async () => jest.advanceTimersByTime(5_000));
      expect(call).toHaveBeenCalledTimes(1);
    });
  });

  describe('update', () => {
    it('changes the data shown locally', async () => {
      const { result } = view(() => Promise.resolve([1, 2, 3]));
      await settle();
      act(() => result.current.update((list) => list.map((n) => (n === 2 ? 20 : n))));
      expect(result.current).toMatchObject({ status: 'success', data: [1, 20, 3] });
    });

    it('does nothing while there is no data', async () => {
      const pending = deferred<number[]>();
      const { result } = view(() => pending.promise);
      const change = jest.fn((list: number[]) => list);
      act(() => result.current.update(change));
      await act(async () => pending.resolve([1]));
      expect(change).not.toHaveBeenCalled();
      expect(result.current).toMatchObject({ status: 'success', data: [1] });
    });

    it('drops a refresh answer that predates it', async () => {
      const refresh = deferred<string>();
      const call = jest.fn((_signal: AbortSignal) => Promise.resolve('old'));
      call.mockReturnValueOnce(Promise.resolve('old')).mockReturnValueOnce(refresh.promise);
      const { result } = view(call, { refetchOnFocus: true });
      await settle();
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      act(() => result.current.update(() => 'changed here'));
      expect(call.mock.calls[1]![0].aborted).toBe(true);
      await act(async () => refresh.resolve('from before the change'));
      expect(result.current).toMatchObject({ status: 'success', data: 'changed here' });
    });
  });
});


describe('one cache for every view of a resource', () => {
  it('two views of one resource make one call and show the same answer', async () => {
    const call = jest.fn().mockResolvedValue('answer');
    const both = renderHook(() => [useApi(res(call)), useApi(res(call))], { wrapper });
    await settle();
    expect(call).toHaveBeenCalledTimes(1);
    expect(both.result.current.map((state) => state.data)).toEqual(['answer', 'answer']);
  });

  it('a change made through one view shows in every view of it', async () => {
    const both = renderHook(() => [useApi(res(() => Promise.resolve(1))), useApi(res(() => Promise.resolve(1)))], { wrapper });
    await settle();
    act(() => both.result.current[0]!.update((n) => n + 1));
    expect(both.result.current.map((state) => state.data)).toEqual([2, 2]);
    act(() => cacheOf(store).update<number>(['thing'], (n) => n * 10));
    expect(both.result.current.map((state) => state.data)).toEqual([20, 20]);
  });

  it('a view opening on an answer already shown shows it at once and asks again behind it', async () => {
    const call = jest.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    const first = view(call);
    await settle();
    first.unmount();
    const again = view(call);
    expect(again.result.current).toMatchObject({ status: 'success', data: 'first' });
    expect(call).toHaveBeenCalledTimes(2);
    await settle();
    expect(again.result.current).toMatchObject({ status: 'success', data: 'second' });
  });

  it('a view opening on an answer shown before says so when asking again fails, as a page opened afresh would', async () => {
    const failure = new Error('down');
    const call = jest.fn().mockResolvedValueOnce('first').mockRejectedValueOnce(failure);
    const first = view(call);
    await settle();
    first.unmount();
    const onError = jest.fn();
    const again = view(call, { onError });
    expect(again.result.current.data).toBe('first');
    await settle();
    expect(again.result.current).toMatchObject({ status: 'error', error: failure });
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('a prefetched answer is taken by the page that opens on it, with no second call', async () => {
    const early = deferred<string>();
    const prefetched = jest.fn(() => early.promise);
    renderHook(() => null, { wrapper });
    cacheOf(store).prefetch(res(prefetched));
    const call = jest.fn().mockResolvedValue('asked again');
    const { result } = view(call);
    expect(result.current.status).toBe('loading');
    await act(async () => early.resolve('prefetched'));
    expect(result.current).toMatchObject({ status: 'success', data: 'prefetched' });
    expect(call).not.toHaveBeenCalled();
    expect(prefetched).toHaveBeenCalledTimes(1);
  });

  it('an answer prefetched before the page opens is taken while fresh, asked again once stale', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      cacheOf(store).prefetch(res(() => Promise.resolve('early')));
      await settle();
      const call = jest.fn().mockResolvedValue('fresh');
      const fresh = view(call);
      expect(fresh.result.current.data).toBe('early');
      expect(call).not.toHaveBeenCalled();
      fresh.unmount();
      store = createStore();
      cacheOf(store).prefetch(res(() => Promise.resolve('early')));
      await settle();
      jest.setSystemTime(60_000);
      const stale = view(call);
      expect(stale.result.current.data).toBe('early');
      expect(call).toHaveBeenCalledTimes(1);
      await settle();
      expect(stale.result.current.data).toBe('fresh');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a failed prefetch is reported like the view’s own, and retry asks again', async () => {
    cacheOf(store).prefetch(res(() => Promise.reject(new Error('down'))));
    const call = jest.fn().mockResolvedValue('back');
    const onError = jest.fn();
    const { result } = view(call, { onError });
    await settle();
    expect(result.current.status).toBe('error');
    expect(onError).toHaveBeenCalledTimes(1);
    act(() => result.current.retry());
    await settle();
    expect(call).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ status: 'success', data: 'back' });
  });

  it('clearing (signing out) drops every answer, and an open view asks afresh', async () => {
    const call = jest.fn().mockResolvedValueOnce('for Asha').mockResolvedValueOnce('for Ravi');
    const { result } = view(call);
    await settle();
    act(() => cacheOf(store).clear());
    expect(result.current.status).toBe('loading');
    await settle();
    expect(result.current).toMatchObject({ status: 'success', data: 'for Ravi' });
  });

  it('a resource kept for offline reading is saved on this device with each answer and each change to it', async () => {
    const kept = resource(['bookings', 'u1'], () => Promise.resolve(['b1']), { uid: 'u1', name: 'bookings' });
    const { result } = renderHook(() => useApi(kept), { wrapper });
    await settle();
    expect(savedAnswer('u1', 'bookings', (data) => data)?.data).toEqual(['b1']);
    act(() => result.current.update((list) => ['b2', ...list]));
    expect(savedAnswer('u1', 'bookings', (data) => data)?.data).toEqual(['b2', 'b1']);
  });

  it('an answer that came with the page is kept on this device too, once its view shows it', () => {
    cacheOf(store).hydrate([[JSON.stringify(['bookings', 'u2']), { ok: true, data: ['from the server'] }]]);
    const call = jest.fn();
    renderHook(() => useApi(resource(['bookings', 'u2'], call, { uid: 'u2', name: 'bookings' })), { wrapper });
    expect(call).not.toHaveBeenCalled();
    expect(savedAnswer('u2', 'bookings', (data) => data)?.data).toEqual(['from the server']);
  });

  it('the page’s prefetch goes into the cache of the page being drawn', async () => {
    renderHook(() => null, { wrapper });
    const call = jest.fn().mockResolvedValue('browser');
    prefetch(res(call, ['prefetched', 1]));
    expect(call).toHaveBeenCalledTimes(1);
    // the browser's cache (utsavStore), not this test's store
    expect(cacheOf(store).state(['prefetched', 1]).status).toBe('loading');
  });
});

describe('the answers a server-rendered page comes with', () => {
  function Shows({ call, id }: { call: (signal: AbortSignal) => Promise<string>; id: string }) {
    const state = useApi(res(call, ['service', id]));
    return <p>{state.status === 'success' ? state.data : state.status === 'error' ? `${state.status}: ${(state.error as Error).message}` : state.status}</p>;
  }

  /** What the server's render asked for, as it sends it with the HTML. */
  async function serverAnswers(answers: Record<string, () => Promise<string>>) {
    const server = createStore();
    for (const [id, call] of Object.entries(answers)) cacheOf(server).prefetch(res(call, ['service', id]));
    return cacheOf(server).dehydrate();
  }

  it('renders the server’s answer on the first render, on both sides, and makes no call', async () => {
    const answers = await serverAnswers({ a: () => Promise.resolve('from the server') });
    const call = jest.fn().mockResolvedValue('fetched');
    const server = createStore();
    cacheOf(server).hydrate(answers);
    expect(renderToString(<Provider store={server}><Shows call={call} id="a" /></Provider>)).toBe('<p>from the server</p>');
    cacheOf(store).hydrate(answers);
    const { result } = renderHook(() => useApi(res(call, ['service', 'a'])), { wrapper });
    expect(result.current).toMatchObject({ status: 'success', data: 'from the server' });
    await settle();
    expect(call).not.toHaveBeenCalled();
  });

  it('a failure the server got is the page’s error state, with the API’s words, and retry asks again', async () => {
    const answers = await serverAnswers({ a: () => Promise.reject(new ApiError(503, 'Bookings are unavailable.')) });
    expect(answers).toEqual([[JSON.stringify(['service', 'a']), { ok: false, status: 503, message: 'Bookings are unavailable.' }]]);
    cacheOf(store).hydrate(answers);
    const call = jest.fn().mockResolvedValue('back');
    const { result } = renderHook(() => useApi(res(call, ['service', 'a'])), { wrapper });
    expect(result.current.error).toEqual(new ApiError(503, 'Bookings are unavailable.'));
    act(() => result.current.retry());
    await settle();
    expect(result.current).toMatchObject({ status: 'success', data: 'back' });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('other keys and disabled views are not answered from the page', async () => {
    cacheOf(store).hydrate(await serverAnswers({ a: () => Promise.resolve('page a') }));
    const call = jest.fn((_signal: AbortSignal, id: string) => Promise.resolve(`fetched ${id}`));
    const { result, rerender } = renderHook(({ id }) => useApi(res((signal) => call(signal, id), ['service', id])), { wrapper, initialProps: { id: 'a' } });
    expect(result.current.data).toBe('page a');
    rerender({ id: 'b' });
    await settle();
    expect(result.current).toMatchObject({ status: 'success', data: 'fetched b' });
    const disabled = renderHook(() => useApi(res((signal) => call(signal, 'a'), ['service', 'a']), { enabled: false }), { wrapper });
    expect(disabled.result.current.status).toBe('idle');
  });
});
