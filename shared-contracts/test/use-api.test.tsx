import { act, renderHook } from '@testing-library/react';
import { useApi } from '../src';

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

describe('useApi', () => {
  it('starts loading, then holds the answer', async () => {
    const call = jest.fn().mockResolvedValue('answer');
    const { result } = renderHook(() => useApi(call, []));
    expect(result.current.status).toBe('loading');
    expect(call).toHaveBeenCalledWith(expect.any(AbortSignal));
    await act(async () => {});
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
    await act(async () => {});
    expect(result.current).toMatchObject({ status: 'error', error: failure });
    expect(onError).toHaveBeenCalledTimes(1);
    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await act(async () => {});
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
});
