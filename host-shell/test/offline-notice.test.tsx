import { act, render, screen } from '@testing-library/react';
import { OfflineNotice } from '../src/shell/OfflineNotice';

const onLine = jest.spyOn(window.navigator, 'onLine', 'get');

function goOffline() {
  onLine.mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  onLine.mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

beforeEach(() => onLine.mockReturnValue(true));

describe("the host's offline notice (issue 20)", () => {
  it('says nothing while online', () => {
    render(<OfflineNotice />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByText(/offline/)).not.toBeInTheDocument();
  });

  it("says \"You're offline\" in a live region when the connection goes, and goes away by itself when it returns", () => {
    render(<OfflineNotice />);
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent("You're offline. Showing what's saved on this device.");
    goOnline();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows from the first render on a page that starts offline', () => {
    onLine.mockReturnValue(false);
    render(<OfflineNotice />);
    expect(screen.getByText("You're offline.")).toBeVisible();
  });
});
