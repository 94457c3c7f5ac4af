import { toast, toastsAtom, utsavStore } from '@utsav/contracts';
import { notifyError } from '../src/shared/notify';

beforeEach(() => {
  jest.restoreAllMocks();
  utsavStore.set(toastsAtom, []);
});

describe('notifyError', () => {
  it('raises an error toast', () => {
    const spy = jest.spyOn(toast, 'error');
    notifyError('Failed to fetch services');
    expect(spy).toHaveBeenCalledWith('Failed to fetch services');
    expect(utsavStore.get(toastsAtom)).toEqual([expect.objectContaining({ type: 'error', message: 'Failed to fetch services' })]);
  });

  it('does not stack a copy of a message still on screen, but shows other messages', () => {
    notifyError('Failed to fetch services');
    notifyError('Failed to fetch services');
    notifyError('Service not found');
    expect(utsavStore.get(toastsAtom).map((shown) => shown.message)).toEqual(['Failed to fetch services', 'Service not found']);
  });

  it('shows the message again once the first one is gone', () => {
    notifyError('Failed to fetch services');
    utsavStore.set(toastsAtom, []);
    notifyError('Failed to fetch services');
    expect(utsavStore.get(toastsAtom)).toHaveLength(1);
  });
});

