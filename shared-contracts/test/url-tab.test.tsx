import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useUrlTab } from '../src';

const TABS = ['requested', 'accepted', 'confirmed'] as const;

function TabbedPage() {
  const [tab, select] = useUrlTab(TABS);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>tab: {tab}</p>
      <p>url: {`${location.pathname}${location.search}`}</p>
      {TABS.map((name) => (
        <button key={name} type="button" onClick={() => select(name)}>
          {name}
        </button>
      ))}
      <button type="button" onClick={() => select('accepted', ['booking'])}>
        accepted, dropping booking
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
}

function renderAt(...urls: string[]) {
  render(
    <MemoryRouter initialEntries={urls} initialIndex={urls.length - 1}>
      <Routes>
        <Route path="/before" element={<p>url: /before</p>} />
        <Route path="/page" element={<TabbedPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useUrlTab', () => {
  it('reads the tab from the URL', () => {
    renderAt('/page?tab=accepted');
    expect(screen.getByText('tab: accepted')).toBeTruthy();
  });

  it.each(['/page', '/page?tab=nonsense'])('opens %s on the first tab', (url) => {
    renderAt(url);
    expect(screen.getByText('tab: requested')).toBeTruthy();
  });

  it('writes the chosen tab into the URL, keeping the other parameters; the first tab is the plain URL', () => {
    renderAt('/page?q=x');
    fireEvent.click(screen.getByRole('button', { name: 'confirmed' }));
    expect(screen.getByText('tab: confirmed')).toBeTruthy();
    expect(screen.getByText('url: /page?q=x&tab=confirmed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'requested' }));
    expect(screen.getByText('url: /page?q=x')).toBeTruthy();
  });

  it('replaces the history entry, so Back leaves the page rather than the tab', () => {
    renderAt('/before', '/page');
    fireEvent.click(screen.getByRole('button', { name: 'accepted' }));
    fireEvent.click(screen.getByRole('button', { name: 'confirmed' }));
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByText('url: /before')).toBeTruthy();
  });

  it('drops other parameters in the same change when asked (My Bookings letting go of ?booking=)', () => {
    renderAt('/page?q=x&booking=b1');
    fireEvent.click(screen.getByRole('button', { name: 'accepted, dropping booking' }));
    expect(screen.getByText('url: /page?q=x&tab=accepted')).toBeTruthy();
  });
});
