import { fireEvent, render, screen } from '@testing-library/react';
import { LoadError } from '../src';

describe('LoadError', () => {
  it('announces the error as an alert and retries on Retry', () => {
    const retry = jest.fn();
    render(<LoadError message="We couldn't load your cart." onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe("We couldn't load your cart.");
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers no Retry when trying again cannot help, but keeps the other actions', () => {
    render(
      <LoadError message="Gone.">
        <button type="button">Browse Services</button>
      </LoadError>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Gone.');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Browse Services']);
  });

  it('puts Retry before the other actions', () => {
    render(
      <LoadError message="Down." onRetry={() => {}}>
        <button type="button">Browse Services</button>
      </LoadError>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Retry', 'Browse Services']);
  });
});

describe('LoadError back online (issue 39)', () => {
  it('tries again by itself when the browser comes back online, as a tap on Retry would', () => {
    const retry = jest.fn();
    const { unmount } = render(<LoadError message="Couldn't load services." onRetry={retry} />);
    window.dispatchEvent(new Event('offline'));
    expect(retry).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
