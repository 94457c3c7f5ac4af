import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTION_BAR, toast, toastsAtom, utsavStore, dismissToast } from '@utsav/contracts';
import { renderApp, setSession, signedInComplete } from './render-app';

beforeEach(() => {
  setSession(signedInComplete);
  utsavStore.get(toastsAtom).forEach((t) => dismissToast(t.id));
});

describe('toast viewport (spec §2, §4)', () => {
  it('shows toasts raised by any app and removes one on click', async () => {
    renderApp('/');
    act(() => {
      toast.success('Booking successful!');
      toast.error('Failed to fetch services');
    });
    const stack = within(screen.getByLabelText('Notifications (bottom)'));
    expect(stack.getByRole('status')).toHaveTextContent('Booking successful!');
    expect(stack.getByRole('alert')).toHaveTextContent('Failed to fetch services');
    await userEvent.click(screen.getByText('Booking successful!'));
    expect(screen.queryByText('Booking successful!')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to fetch services')).toBeInTheDocument();
  });

  it('removes a toast with its close button', async () => {
    renderApp('/');
    act(() => {
      toast.info('Heads up', { duration: 0 });
    });
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument();
  });

  it('stacks at the top or the bottom, default bottom', () => {
    renderApp('/');
    act(() => {
      toast.info('Below');
      toast.info('Above', { position: 'top' });
    });
    expect(screen.getByLabelText('Notifications (bottom)')).toHaveTextContent('Below');
    expect(screen.getByLabelText('Notifications (top)')).toHaveTextContent('Above');
  });

  it('goes away by itself after 4000 ms', () => {
    jest.useFakeTimers();
    try {
      renderApp('/');
      act(() => {
        toast.info('Soon gone');
      });
      act(() => jest.advanceTimersByTime(3999));
      expect(screen.getByText('Soon gone')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByText('Soon gone')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('toasts and a page’s action bar (issue 39)', () => {
  /** A bar marked as the page's action bar, whose box is `top`…`top + height` in a window 844 px high. */
  function actionBar(top: number, height: number): HTMLElement {
    const bar = document.createElement('section');
    Object.entries(ACTION_BAR).forEach(([name, value]) => bar.setAttribute(name, value));
    bar.getBoundingClientRect = () => ({ top, bottom: top + height, height, left: 0, right: 390, width: 390, x: 0, y: top, toJSON: () => ({}) });
    document.body.append(bar);
    return bar;
  }

  beforeEach(() => {
    window.innerHeight = 844;
  });

  it('the bottom toasts sit above an action bar on screen, and back down when it goes', async () => {
    renderApp('/');
    const bar = actionBar(600, 180);
    act(() => {
      toast.error('This slot was just booked by someone else.');
    });
    const stack = screen.getByLabelText('Notifications (bottom)');
    // 844 − 600 = 244 px of bar (and tab bar below it) to keep clear of, and the 12 px gap
    expect(stack).toHaveStyle({ bottom: '256px' });
    bar.remove();
    await waitFor(() => expect(stack).not.toHaveStyle({ bottom: '256px' }));
  });
});
