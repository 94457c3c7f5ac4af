import { act, renderHook } from '@testing-library/react';
import { preloadAnswer, takePreloaded, useApi } from '../src';

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
    const call = jest.fn((_signal: AbortSignal) => Promise.resolve(''));
    call.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { result, rerender } = renderHook(({ id }) => useApi((signal) => call(signal), [id]), { initialProps: { id: 'a' } });
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
});
