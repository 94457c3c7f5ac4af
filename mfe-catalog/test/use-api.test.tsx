import { act, renderHook } from '@testing-library/react';
import { useApi } from '../src/shared/useApi';
import { deferred } from './support/fixtures';

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
    expect(result.current).toMatchObject({ status: 'error', error: failure, data: undefined });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(failure);

    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await act(async () => {});
    expect(result.current).toMatchObject({ status: 'success', data: 'back' });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('aborts the old call when the parameters change and drops its late answer', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const call = jest.fn((id: string) => (id === 'a' ? first.promise : second.promise));
    const onError = jest.fn();
    const { result, rerender } = renderHook(({ id }) => useApi(() => call(id), [id], { onError }), { initialProps: { id: 'a' } });

    rerender({ id: 'b' });
    expect(result.current.status).toBe('loading');
    await act(async () => second.resolve('for b'));
    await act(async () => first.resolve('for a'));
    expect(result.current).toMatchObject({ status: 'success', data: 'for b' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('passes an AbortSignal that is aborted on change and on unmount, and ignores a late failure', async () => {
    const pending = [deferred<string>(), deferred<string>()];
    const signals: AbortSignal[] = [];
    const onError = jest.fn();
    const { result, rerender, unmount } = renderHook(
      ({ id }) =>
        useApi(
          (signal) => {
            signals.push(signal);
            return pending[signals.length - 1]!.promise;
          },
          [id],
          { onError },
        ),
      { initialProps: { id: 'a' } },
    );
    rerender({ id: 'b' });
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);

    await act(async () => pending[0]!.reject(new Error('late')));
    expect(onError).not.toHaveBeenCalled();
    expect(result.current.status).toBe('loading');

    unmount();
    expect(signals[1]!.aborted).toBe(true);
  });

  it('does not show an answer for parameters other than the ones it was asked with', async () => {
    const call = jest.fn((id: string) => Promise.resolve(`for ${id}`));
    const { result, rerender } = renderHook(({ id }) => useApi(() => call(id), [id]), { initialProps: { id: 'a' } });
    await act(async () => {});
    expect(result.current.data).toBe('for a');
    rerender({ id: 'b' });
    // on the very render the parameters change, the old answer is already gone
    expect(result.current).toMatchObject({ status: 'loading', data: undefined });
    await act(async () => {});
    expect(result.current.data).toBe('for b');
  });
});
