import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, renderHook } from '@testing-library/react';
import { ApiError, PageAnswers, preloadAnswer, takePreloaded, useApi, type PageAnswer } from '../src';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// eslint-disable-next-line testing-library/no-unnecessary-act -- lets the hook's already-resolved call land inside act; renderHook has no UI to wait for
const settle = () => act(async () => {});

describe('useApi', () => {
  it('starts loading, then holds the answer', async () => {
    const call = jest.fn().mockResolvedValue('answer');
    const { result } = renderHook(() => useApi(call, []));
    expect(result.current.status).toBe('loading');
    expect(call).toHaveBeenCalledWith(expect.any(AbortSignal));
    await settle();
    expect(result.current).toMatchObject({ status: 'success', data: 'answer' });
  });

  it('makes no call while disabled', () => {
    const call = jest.fn();
    const { result } = renderHook(() => useApi(call, [], { enabled: false }));
    expect(result.current.status).toBe('idle');
    expect(call).not.toHaveBeenCalled();
  });

  it('reports a failure once, and retry calls again', async () => {
    const failure = new Error('down');
    const call = jest.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce('back');
    const onError = jest.fn();
    const { result } = renderHook(() => useApi(call, [], { onError }));
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
    const { result, rerender } = renderHook(({ id }) => useApi((signal) => call(signal, id), [id]), { initialProps: { id: 'a' } });
    const firstSignal = call.mock.calls[0]![0];
    rerender({ id: 'b' });
    expect(firstSignal.aborted).toBe(true);
    await act(async () => second.resolve('for b'));
    await act(async () => first.resolve('for a'));
    expect(result.current).toMatchObject({ status: 'success', data: 'for b' });
  });

  it('aborts on unmount and tells no one about it', async () => {
    const pending = deferred<string>();
    const onError = jest.fn();
    const call = jest.fn((_signal: AbortSignal) => pending.promise);
    const { unmount } = renderHook(() => useApi(call, [], { onError }));
    unmount();
    expect(call.mock.calls[0]![0].aborted).toBe(true);
    await act(async () => pending.reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    expect(onError).not.toHaveBeenCalled();
  });

  it('keeps the same answer object while nothing changed, so memoized parts are not rendered again', async () => {
    const { result, rerender } = renderHook(() => useApi(() => Promise.resolve('answer'), []));
    await settle();
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  describe('with a preloaded answer', () => {
    it('takes the answer preloaded under its key instead of calling, once', async () => {
      const early = deferred<string>();
      preloadAnswer('test/once', () => early.promise);
      const call = jest.fn().mockResolvedValue('asked again');
      const { result } = renderHook(() => useApi(call, [], { preloaded: 'test/once' }));
      expect(call).not.toHaveBeenCalled();
      await act(async () => early.resolve('preloaded'));
      expect(result.current).toMatchObject({ status: 'success', data: 'preloaded' });
      expect(takePreloaded('test/once')).toBeUndefined();
    });

    it('reports a preloaded failure like its own, and retry asks again', async () => {
      preloadAnswer('test/failed', () => Promise.reject(new Error('down')));
      const call = jest.fn().mockResolvedValue('back');
      const onError = jest.fn();
      const { result } = renderHook(() => useApi(call, [], { preloaded: 'test/failed', onError }));
      await settle();
      expect(result.current.status).toBe('error');
      expect(onError).toHaveBeenCalledTimes(1);
      act(() => result.current.retry());
      await settle();
      expect(call).toHaveBeenCalledTimes(1);
      expect(result.current).toMatchObject({ status: 'success', data: 'back' });
    });

    it('calls as usual when nothing was preloaded, or the answer went stale', async () => {
      jest.useFakeTimers({ now: 0 });
      try {
        preloadAnswer('test/stale', () => Promise.resolve('old'));
        jest.setSystemTime(60_000);
        const call = jest.fn().mockResolvedValue('fresh');
        const { result } = renderHook(() => useApi(call, [], { preloaded: 'test/stale' }));
        expect(call).toHaveBeenCalledTimes(1);
        await settle();
        expect(result.current).toMatchObject({ status: 'success', data: 'fresh' });
      } finally {
        jest.useRealTimers();
      }
    });
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
      const { result } = renderHook(() => useApi(call, [], { refetchOnFocus: true }));
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
      renderHook(() => useApi(call, []));
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
      const { result } = renderHook(() => useApi(call, [], { refetchOnFocus: true, onError }));
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
      renderHook(() => useApi(call, [], { refetchOnFocus: true, poll: 1_000 }));
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
      const { result } = renderHook(() => useApi(call, [], { poll: (data) => (data === 'waiting' ? 10_000 : false) }));
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
      renderHook(() => useApi(call, [], { poll: 1_000 }));
      await settle();
      await act(async () => jest.advanceTimersByTime(5_000));
      expect(call).toHaveBeenCalledTimes(1);
    });
  });

  describe('update', () => {
    it('changes the data shown locally', async () => {
      const { result } = renderHook(() => useApi(() => Promise.resolve([1, 2, 3]), []));
      await settle();
      act(() => result.current.update((list) => list.map((n) => (n === 2 ? 20 : n))));
      expect(result.current).toMatchObject({ status: 'success', data: [1, 20, 3] });
    });

    it('does nothing while there is no data', async () => {
      const pending = deferred<number[]>();
      const { result } = renderHook(() => useApi(() => pending.promise, []));
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
      const { result } = renderHook(() => useApi(call, [], { refetchOnFocus: true }));
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

describe('useApi with the answers that came with the page (server rendering)', () => {
  const withAnswers =
    (answers: Array<[string, PageAnswer]>) =>
    ({ children }: { children: ReactNode }) => <PageAnswers answers={new Map(answers)}>{children}</PageAnswers>;

  function Shows({ call, preloaded }: { call: () => Promise<string>; preloaded: string }) {
    const state = useApi(() => call(), [call], { preloaded });
    return <p>{state.status === 'success' ? state.data : state.status === 'error' ? `${state.status}: ${(state.error as Error).message}` : state.status}</p>;
  }

  it('renders the page’s answer on the first render, on the server too, and makes no call', async () => {
    const call = jest.fn().mockResolvedValue('fetched');
    const Wrapper = withAnswers([['services:home', { ok: true, data: 'from the page' }]]);
    expect(renderToString(<Wrapper><Shows call={call} preloaded="services:home" /></Wrapper>)).toBe('<p>from the page</p>');
    const { result } = renderHook(() => useApi(call, [], { preloaded: 'services:home' }), { wrapper: Wrapper });
    expect(result.current).toMatchObject({ status: 'success', data: 'from the page' });
    await settle();
    expect(call).not.toHaveBeenCalled();
  });

  it('a failure that came with the page is the page’s error state, and retry asks again', async () => {
    const call = jest.fn().mockResolvedValue('back');
    const Wrapper = withAnswers([['bookings', { ok: false, status: 503, message: 'Bookings are unavailable.' }]]);
    expect(renderToString(<Wrapper><Shows call={call} preloaded="bookings" /></Wrapper>)).toBe('<p>error: Bookings are unavailable.</p>');
    const { result } = renderHook(() => useApi(call, [], { preloaded: 'bookings' }), { wrapper: Wrapper });
    expect(result.current.error).toEqual(new ApiError(503, 'Bookings are unavailable.'));
    act(() => result.current.retry());
    await settle();
    expect(result.current).toMatchObject({ status: 'success', data: 'back' });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('other keys, new inputs and disabled calls are not taken from the page', async () => {
    const call = jest.fn((_signal: AbortSignal, id: string) => Promise.resolve(`fetched ${id}`));
    const Wrapper = withAnswers([['service:a', { ok: true, data: 'page a' }]]);
    const { result, rerender } = renderHook(({ id }) => useApi((signal) => call(signal, id), [id], { preloaded: `service:${id}` }), {
      wrapper: Wrapper,
      initialProps: { id: 'a' },
    });
    expect(result.current.data).toBe('page a');
    rerender({ id: 'b' });
    await settle();
    expect(result.current).toMatchObject({ status: 'success', data: 'fetched b' });
    const disabled = renderHook(() => useApi((signal) => call(signal, 'a'), [], { preloaded: 'service:a', enabled: false }), { wrapper: Wrapper });
    expect(disabled.result.current.status).toBe('idle');
  });
});
